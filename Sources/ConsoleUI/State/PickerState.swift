/// The store picker's list and selection, filled in while the search goes on.
package struct PickerState: Sendable, Hashable {
    /// The folder searched.
    package var root: String
    /// The stores found, sorted by relative path.
    package var candidates: [StoreCandidate]
    /// The selected row.
    package var selected = 0
    /// Folders searched so far.
    package var folders = 0
    /// Whether the search goes on.
    package var status: ScanProgress.Status
    /// The filter being typed after `/`; the list narrows with every key.
    package var filterInput: LineEditor?
    /// The words every listed store's path contains (any case); empty lists every store.
    package var filter = "" {
        didSet { selected = min(selected, max(0, visible.count - 1)) }
    }

    /// The stores listed: those whose relative path contains every word of ``filter``, in the search's order.
    /// ``selected`` indexes this list.
    package var visible: [StoreCandidate] {
        let words = filter.lowercased().split(separator: " ")
        guard !words.isEmpty else { return candidates }
        return candidates.filter { candidate in
            let path = candidate.relativePath.lowercased()
            return words.allSatisfy { path.contains($0) }
        }
    }

    /// The store selected, if the list is not empty.
    package var selectedCandidate: StoreCandidate? {
        let shown = visible
        return shown.indices.contains(selected) ? shown[selected] : nil
    }

    /// Creates a picker over stores already found (the search finished).
    package init(root: String, candidates: [StoreCandidate]) {
        self.root = root
        self.candidates = candidates
        status = .finished
    }

    /// Creates a picker whose search has just started.
    package init(searching root: String) {
        self.root = root
        candidates = []
        status = .searching
    }

    /// Takes in the search's progress; the selected store stays selected as others are found around it.
    package mutating func take(_ progress: ScanProgress) {
        let chosen = selectedCandidate?.path
        candidates = progress.candidates.sorted { $0.relativePath < $1.relativePath }
        folders = progress.folders
        status = progress.status
        selected = chosen.flatMap { path in visible.firstIndex { $0.path == path } } ?? 0
    }
}

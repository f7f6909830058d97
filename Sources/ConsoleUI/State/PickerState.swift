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
        let chosen = candidates.indices.contains(selected) ? candidates[selected].path : nil
        candidates = progress.candidates.sorted { $0.relativePath < $1.relativePath }
        folders = progress.folders
        status = progress.status
        selected = chosen.flatMap { path in candidates.firstIndex { $0.path == path } } ?? 0
    }
}

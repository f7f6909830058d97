/// The store picker's list and selection, filled in while the search goes on.
public struct PickerState: Sendable, Hashable {
    /// The folder searched.
    public var root: String
    /// The stores found, sorted by relative path.
    public var candidates: [StoreCandidate]
    /// The selected row.
    public var selected = 0
    /// Folders searched so far.
    public var folders = 0
    /// Whether the search goes on.
    public var status: ScanProgress.Status

    /// Creates a picker over stores already found (the search finished).
    public init(root: String, candidates: [StoreCandidate]) {
        self.root = root
        self.candidates = candidates
        status = .finished
    }

    /// Creates a picker whose search has just started.
    public init(searching root: String) {
        self.root = root
        candidates = []
        status = .searching
    }

    /// Takes in the search's progress; the selected store stays selected as others are found around it.
    public mutating func take(_ progress: ScanProgress) {
        let chosen = candidates.indices.contains(selected) ? candidates[selected].path : nil
        candidates = progress.candidates.sorted { $0.relativePath < $1.relativePath }
        folders = progress.folders
        status = progress.status
        selected = chosen.flatMap { path in candidates.firstIndex { $0.path == path } } ?? 0
    }
}

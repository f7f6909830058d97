/// How far a search for stores has got: what it found, how many folders it searched, whether it goes on.
public struct ScanProgress: Sendable, Hashable {
    /// The stores found, in the order they were found.
    public var candidates: [StoreCandidate] = []
    /// Folders searched so far.
    public var folders = 0
    /// Whether the search is going on, finished, or was stopped.
    public var status = Status.searching

    /// Creates the progress of a search that has just started.
    public init() {}

    /// Where a search is.
    public enum Status: Sendable, Hashable {
        /// Still searching.
        case searching
        /// Every folder within reach was searched.
        case finished
        /// Stopped by the user before the end.
        case stopped
    }
}

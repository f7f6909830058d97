/// How far a search for stores has got: what it found, how many folders it searched, whether it goes on.
package struct ScanProgress: Sendable, Hashable {
    /// The stores found, in the order they were found.
    package var candidates: [StoreCandidate] = []
    /// Folders searched so far.
    package var folders = 0
    /// Whether the search is going on, finished, or was stopped.
    package var status = Status.searching

    /// Creates the progress of a search that has just started.
    package init() {}

    /// Where a search is.
    package enum Status: Sendable, Hashable {
        /// Still searching.
        case searching
        /// Every folder within reach was searched.
        case finished
        /// Stopped by the user before the end.
        case stopped
    }
}

/// A store the file picker offers: its path relative to where the search started, size and `-wal` state.
package struct StoreCandidate: Sendable, Hashable {
    /// The path relative to the search root.
    package var relativePath: String
    /// The absolute path.
    package var path: String
    /// The `.sqlite` file's size in bytes.
    package var size: Int64
    /// The `-wal` file's size, `nil` when there is none.
    package var walSize: Int64?

    /// Creates a candidate.
    package init(relativePath: String, path: String, size: Int64, walSize: Int64?) {
        self.relativePath = relativePath
        self.path = path
        self.size = size
        self.walSize = walSize
    }

    /// `-wal 1.2 MB` or `no -wal`, for the picker's list.
    package var walState: String {
        guard let walSize else { return "no -wal" }
        return walSize == 0 ? "-wal empty" : "-wal " + ByteCount.format(walSize)
    }
}

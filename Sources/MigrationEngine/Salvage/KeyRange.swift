/// A run of row ids SQLite could not read: every row whose id lies in it is lost.
public struct KeyRange: Sendable, Hashable, Codable {
    /// The first unreadable row id.
    public var lower: Int64
    /// The last unreadable row id; nil when nothing above `lower` could be read.
    public var upper: Int64?

    /// Creates a range.
    package init(lower: Int64, upper: Int64?) {
        self.lower = lower
        self.upper = upper
    }

    /// How many row ids the range spans up to `limit` (the largest id the store handed out), or nil when it
    /// is open and no limit is known: the most rows it can have held.
    ///
    /// - Parameter limit: The largest id the store handed out (`Z_MAX`); nil when unknown.
    /// - Returns: The number of ids from ``lower`` to the lower of ``upper`` and `limit`, at least 0.
    public func span(upTo limit: Int64?) -> Int64? {
        guard let end = [upper, limit].compactMap({ $0 }).min() else { return nil }
        return max(0, end - lower + 1)
    }

    /// `12–40`, or `12–` when open.
    public var text: String { "\(lower)–\(upper.map(String.init) ?? "")" }
}

import Foundation

extension JournalFixture {
    /// Cuts the `-wal` beside `store` after `fraction` of its frames, at a frame boundary: SQLite then reads a
    /// shorter log that is valid, so nothing reports the transactions cut off (a copy stopped part way).
    ///
    /// - Parameters:
    ///   - store: A WAL store (``walStore(version:entries:perTransaction:in:name:)``).
    ///   - fraction: The share of frames kept, between 0 and 1.
    /// - Returns: The frames kept.
    /// - Throws: `CocoaError` when the `-wal` cannot be read or written.
    @discardableResult
    public static func cutLog(_ store: String, keeping fraction: Double = 0.5) throws -> Int {
        let url = URL(fileURLWithPath: store + "-wal")
        let log = try Data(contentsOf: url)
        // The page size is the WAL header's third big-endian word; each frame is a 24-byte header and a page.
        let pageSize = log.count >= 32 ? log[8..<12].reduce(0) { $0 << 8 | Int($1) } : 0
        guard pageSize > 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path]) }
        let kept = Int(Double((log.count - 32) / (24 + pageSize)) * fraction)
        try log.prefix(32 + kept * (24 + pageSize)).write(to: url)
        return kept
    }
}

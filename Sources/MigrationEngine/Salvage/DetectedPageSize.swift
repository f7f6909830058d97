/// The page size of an SQLite file whose header is lost, read from the pages themselves.
///
/// Page 1 holds the schema's B-tree right after the 100-byte header, so its B-tree header is at byte 100
/// whatever the page size; its cell pointers must fall inside one page, which rules out sizes too small.
/// Of the sizes left, the one whose page boundaries start the most valid B-tree pages wins (the smallest
/// on a tie: a size twice too large still finds valid pages, every other one).
enum DetectedPageSize {
    static let candidates = (9...16).map { 1 << $0 }

    /// The page size, or nil when byte 100 does not start a B-tree page (not an SQLite file at all).
    static func detect(_ start: [UInt8], fileSize: UInt64) -> Int? {
        guard start.count > 112, let page1 = BTreePageHeader(start, at: 100, pageOffset: 100) else { return nil }
        let pointers = (0..<page1.cells).map { index in
            let offset = 100 + page1.size + 2 * index
            return offset + 1 < start.count ? Int(start[offset]) << 8 | Int(start[offset + 1]) : Int.max
        }
        var best: (size: Int, score: Int)?
        for size in candidates where pointers.allSatisfy({ $0 < size }) && page1.contentStart <= size && fileSize >= UInt64(size)
        {
            let pages = Int(fileSize / UInt64(size))
            let score = (1..<min(pages, 64)).count { page in
                let offset = page * size
                return offset + 12 <= start.count && BTreePageHeader(start, at: offset, pageOffset: 0) != nil
            }
            if best.map({ score > $0.score }) ?? true { best = (size, score) }
        }
        return best?.size
    }
}

/// The fields of a B-tree page header that say whether bytes can be one.
private struct BTreePageHeader {
    /// 8 for a leaf page, 12 for an interior one.
    let size: Int
    let cells: Int
    /// The start of the cell content area (0 in the file means 65536).
    let contentStart: Int

    /// Reads the header at `offset`, itself `pageOffset` bytes into its page (100 on page 1).
    init?(_ bytes: [UInt8], at offset: Int, pageOffset: Int) {
        guard offset + 12 <= bytes.count, [2, 5, 10, 13].contains(bytes[offset]) else { return nil }
        size = bytes[offset] == 2 || bytes[offset] == 5 ? 12 : 8
        cells = Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])
        let content = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
        contentStart = content == 0 ? 65536 : content
        guard cells == 0 || pageOffset + size + cells * 2 <= contentStart else { return nil }
    }
}

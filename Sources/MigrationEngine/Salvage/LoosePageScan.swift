import Foundation
import GRDB

/// Rows that sit on table leaf pages a table's B-tree no longer reaches (its interior page was lost), read
/// from the private copy's bytes and told to their table by the model: at most the table's column count (a
/// row written before `ALTER TABLE … ADD COLUMN` keeps fewer values), a NULL first column (`Z_PK` lives in
/// the row id) and a `Z_ENT` of one of the table's entities.
///
/// Only ids SQLite could not read are taken, and pages on the freelist are skipped, so neither a row read
/// already nor a deleted one comes back. Not used on a copy whose `-wal` holds frames: its file may keep
/// older versions of pages the log replaced.
struct LoosePageScan {
    /// The copy's bytes, page by page.
    let file: FileHandle
    let pageSize: Int
    let pageCount: Int
    /// Pages on the freelist (as far as it reads).
    let freePages: Set<Int>

    /// Opens the copy at `path`; nil when it cannot be read or its header gives no usable page size (the
    /// scan is a bonus: without it only the rows SQLite reads are salvaged).
    init?(path: String) {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        let header: [UInt8]
        let size: UInt64
        do {
            header = [UInt8](try file.read(upToCount: 100) ?? Data())
            size = try file.seekToEnd()
        } catch {
            return nil
        }
        guard header.count == 100 else { return nil }
        let raw = Int(header[16]) << 8 | Int(header[17])
        pageSize = raw == 1 ? 65536 : raw
        // Reserved bytes at the end of each page would change where cells and overflow pages end.
        guard pageSize >= 512, header[20] == 0 else { return nil }
        self.file = file
        pageCount = Int(size) / pageSize
        var free: Set<Int> = []
        var trunk = Self.integer(header, at: 32)
        while trunk > 0, trunk <= pageCount, free.insert(trunk).inserted {
            guard let page = Self.read(file, page: trunk, size: pageSize) else { break }
            let count = min(Self.integer(page, at: 4), (pageSize - 8) / 4)
            for index in 0..<count { free.insert(Self.integer(page, at: 8 + 4 * index)) }
            trunk = Self.integer(page, at: 0)
        }
        freePages = free
    }

    /// The rows with at most `columns` columns (padded with NULL to `columns`) and an entity number in
    /// `entities` (at `entityColumn`), whose ids fall in `ranges` and are not in `known`.
    func rows(columns: Int, entityColumn: Int, entities: Set<Int64>, in ranges: [KeyRange], known: Set<Int64>)
        -> [(Int64, [DatabaseValue])]
    {
        var found: [(Int64, [DatabaseValue])] = []
        var taken = known
        forEachRecord { _, id, values in
            guard !taken.contains(id), ranges.contains(where: { id >= $0.lower && id <= ($0.upper ?? Int64.max) }),
                values.count <= columns, values.count > entityColumn, values[0].isNull,
                let entity = Int64.fromDatabaseValue(values[entityColumn]), entities.contains(entity)
            else { return }
            taken.insert(id)
            // A row written before `ALTER TABLE … ADD COLUMN` keeps fewer values: SQLite reads the rest as NULL.
            found.append((id, values + Array(repeating: .null, count: columns - values.count)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The largest row id of any cell on a table-leaf page of the file, or of a frame of the `-wal` at `log`
    /// that SQLite applies (as `check` found them when the log was checked), or nil when there is none. No seek
    /// can find a row above it: every row SQLite reads sits in such a cell, so past it the walker stops probing
    /// (``RowWalker/ceiling``) instead of trying every id of its window one by one. Free pages count too: a
    /// freelist read from damaged pages may name pages still in use. With a `-wal` applied, the rows written
    /// last may live only in its frames, so those count; frames SQLite does not apply (after a damaged one, or
    /// left from before the log restarted) hold no row a seek can find, so they do not.
    func largestRowID(log: (path: String, check: WriteAheadLogCheck)? = nil) -> Int64? {
        var largest: Int64?
        let note: (Int, [UInt8], Int) -> Void = { _, page, offset in
            // Only the cell's first two varints: a seek compares row ids, whatever follows them.
            guard let (_, sizeLength) = SQLiteRecord.varint(page, at: offset, end: page.count),
                let (id, _) = SQLiteRecord.varint(page, at: offset + sizeLength, end: page.count)
            else { return }
            largest = max(largest ?? id, id)
        }
        forEachCell(includingFree: true, note)
        if let log { Self.forEachFrameCell(log: log.path, check: log.check, note) }
        return largest
    }

    /// Calls `body` with the page number, bytes and each cell's offset of every table-leaf page in a frame of
    /// the `-wal` at `path` that SQLite applies, by the frames `check` kept (only their page images are read:
    /// the log's headers and checksums were read once, by the check); nothing when the log cannot be read.
    private static func forEachFrameCell(log path: String, check: WriteAheadLogCheck, _ body: (Int, [UInt8], Int) -> Void) {
        let size = check.pageSize
        guard size >= 512, size <= 65536, size & (size - 1) == 0, let file = FileHandle(forReadingAtPath: path) else {
            return
        }
        defer { try? file.close() }
        for (index, number) in check.appliedPages.enumerated() where number > 0 {
            guard let image = Self.read(file, at: check.imageOffset(ofFrame: index), count: size) else { break }
            cells(of: image, number: Int(number), body)
        }
    }

    /// The table-leaf pages of the table B-tree whose root is page `root`, found by following its interior
    /// pages' child pointers (each page once, none on the freelist, at most the file's pages): the pages a
    /// table owns, whatever its rows look like. Empty when the root is not a table B-tree page.
    func leafPages(under root: Int) -> Set<Int> {
        var leaves: Set<Int> = []
        var seen: Set<Int> = []
        var pending = [root]
        while let number = pending.popLast() {
            guard number > 0, number <= pageCount, !freePages.contains(number), seen.insert(number).inserted,
                let page = Self.read(file, page: number, size: pageSize)
            else { continue }
            let start = number == 1 ? 100 : 0
            switch page[start] {
            case 13: leaves.insert(number)
            case 5: pending += Self.children(of: page, start: start, pageSize: pageSize)
            default: continue
            }
        }
        return leaves
    }

    /// Each table-leaf page (not on the freelist) with the root of the B-tree it sits in: the page reached by
    /// following interior table pages' child pointers up from it; itself when no interior page points at it
    /// (a table of one page, or a leaf whose parent was lost). Tells apart the rows of tables whose row of the
    /// schema was lost, which nothing else does.
    func roots() -> [Int: Int] {
        var parent: [Int: Int] = [:]
        var leaves: [Int] = []
        for number in 1...max(1, pageCount) where !freePages.contains(number) {
            guard let page = Self.read(file, page: number, size: pageSize) else { continue }
            let start = number == 1 ? 100 : 0
            guard page.count > start + 12 else { continue }
            switch page[start] {
            case 13: leaves.append(number)
            case 5:
                for child in Self.children(of: page, start: start, pageSize: pageSize) where child != number {
                    parent[child] = parent[child] ?? number
                }
            default: continue
            }
        }
        var roots: [Int: Int] = [:]
        for leaf in leaves {
            // A hostile file may point pages at each other in a cycle: no B-tree of SQLite's is this deep.
            var node = leaf
            for _ in 0..<64 {
                guard let up = parent[node] else { break }
                node = up
            }
            roots[leaf] = node
        }
        return roots
    }

    /// The child page numbers an interior table page (its header at `start`) points at: each cell's, then the
    /// right-most.
    private static func children(of page: [UInt8], start: Int, pageSize: Int) -> [Int] {
        let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
        var children = [integer(page, at: start + 8)]
        for index in 0..<cells {
            let pointer = start + 12 + 2 * index
            guard pointer + 1 < pageSize else { break }
            let offset = Int(page[pointer]) << 8 | Int(page[pointer + 1])
            guard offset + 4 <= page.count else { continue }
            children.append(integer(page, at: offset))
        }
        return children
    }

    /// Calls `body` with the page number, row id and values of every well-formed record on the table-leaf
    /// pages not on the freelist, page by page; returns how many cells could not be read (a cell running past
    /// its page, an overflow chain broken, a record that is not well formed).
    ///
    /// With `partial`, a record whose overflow chain is broken is given to it instead, with the values its
    /// bytes on the leaf page hold and nil for the others (only those bytes are trusted: a page of the chain
    /// may be zeros or another page's bytes), when its header is all there.
    @discardableResult
    func forEachRecord(
        _ body: (Int, Int64, [DatabaseValue]) -> Void, partial: ((Int, Int64, [DatabaseValue?]) -> Void)? = nil
    ) -> Int {
        var unreadable = 0
        forEachCell(includingFree: false) { number, page, offset in
            if let (id, payload) = cell(page, at: offset), let values = SQLiteRecord.values(payload) {
                body(number, id, values)
            } else if let partial, let cell = TableLeafCell(page, at: offset, pageSize: pageSize, limit: pageSize),
                cell.end <= pageSize, cell.localSize < cell.payloadSize,
                let values = SQLiteRecord.values(
                    Array(page[cell.payloadStart..<cell.payloadStart + cell.localSize]), total: cell.payloadSize),
                values.contains(nil)
            {
                partial(number, cell.id, values)
            } else {
                unreadable += 1
            }
        }
        return unreadable
    }

    /// The entries of every index B-tree on the file's pages (leaf and interior index pages, not on the freelist)
    /// whose row id, their last value, is in `rowIDs` and whose number of values is in `widths`: an index's
    /// entry holds its columns' values and the row's id, so it says which values a row holds in those columns
    /// even when the schema naming the index is lost. Only entries wholly on their page are read (an index on
    /// short values keeps them there; one that overflows is evidence left out, not an error).
    func indexEntries(rowIDs: Set<Int64>, widths: Set<Int>) -> [Int64: [[DatabaseValue]]] {
        var entries: [Int64: [[DatabaseValue]]] = [:]
        // SQLite's largest payload an index cell keeps on its page (file format, "B-tree pages").
        let maxLocal = (pageSize - 12) * 64 / 255 - 23
        for number in 1...max(1, pageCount) where !freePages.contains(number) {
            guard let page = Self.read(file, page: number, size: pageSize) else { continue }
            let start = number == 1 ? 100 : 0
            guard page.count > start + 12, page[start] == 10 || page[start] == 2 else { continue }
            let interior = page[start] == 2
            let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
            let pointers = start + (interior ? 12 : 8)
            for index in 0..<cells {
                let pointer = pointers + 2 * index
                guard pointer + 1 < page.count else { break }
                // An interior cell starts with its left child's page number.
                let offset = (Int(page[pointer]) << 8 | Int(page[pointer + 1])) + (interior ? 4 : 0)
                guard offset > 4, let (size, length) = SQLiteRecord.varint(page, at: offset, end: page.count), size > 0,
                    size <= maxLocal, offset + length + Int(size) <= page.count,
                    let values = SQLiteRecord.values(Array(page[offset + length..<offset + length + Int(size)])),
                    widths.contains(values.count), case .int64(let id)? = values.last?.storage, rowIDs.contains(id)
                else { continue }
                entries[id, default: []].append(values)
            }
        }
        return entries
    }

    /// Calls `body` with the page number, bytes and each cell's offset of every table-leaf page (but those on
    /// the freelist unless `includingFree`).
    private func forEachCell(includingFree: Bool, _ body: (Int, [UInt8], Int) -> Void) {
        for number in 1...max(1, pageCount) where includingFree || !freePages.contains(number) {
            guard let page = Self.read(file, page: number, size: pageSize) else { continue }
            Self.cells(of: page, number: number, body)
        }
    }

    /// Calls `body` with each cell's offset of `page` (page `number`) when it is a table-leaf page.
    static func cells(of page: [UInt8], number: Int, _ body: (Int, [UInt8], Int) -> Void) {
        let start = number == 1 ? 100 : 0
        guard page.count > start + 8, page[start] == 13 else { return }
        let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
        for index in 0..<cells {
            let pointer = start + 8 + 2 * index
            guard pointer + 1 < page.count else { break }
            body(number, page, Int(page[pointer]) << 8 | Int(page[pointer + 1]))
        }
    }

    /// The row id and whole payload of the table-leaf cell at `offset`, following its overflow pages.
    private func cell(_ page: [UInt8], at offset: Int) -> (Int64, [UInt8])? {
        guard let cell = TableLeafCell(page, at: offset, pageSize: pageSize, limit: pageSize), cell.end <= pageSize else {
            return nil
        }
        let (id, start, local, total) = (cell.id, cell.payloadStart, cell.localSize, cell.payloadSize)
        let usable = pageSize
        var payload = Array(page[start..<start + local])
        guard local < total else { return (id, payload) }
        var next = Self.integer(page, at: start + local)
        var seen: Set<Int> = []
        while payload.count < total {
            guard next > 0, next <= pageCount, seen.insert(next).inserted,
                let overflow = Self.read(file, page: next, size: pageSize)
            else { return nil }
            payload += overflow[4..<min(usable, 4 + total - payload.count)]
            next = Self.integer(overflow, at: 0)
        }
        return (id, payload)
    }

    static func read(_ file: FileHandle, page: Int, size: Int) -> [UInt8]? {
        read(file, at: UInt64(page - 1) * UInt64(size), count: size)
    }

    /// `count` bytes at `offset`, or nil when fewer are there.
    private static func read(_ file: FileHandle, at offset: UInt64, count: Int) -> [UInt8]? {
        do {
            try file.seek(toOffset: offset)
            guard let data = try file.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        } catch {
            return nil
        }
    }

    static func integer(_ bytes: [UInt8], at offset: Int) -> Int {
        guard offset + 4 <= bytes.count else { return 0 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}

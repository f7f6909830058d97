import Foundation

/// Makes the private copy of a damaged store openable where its header or its length stands in the way;
/// no page that is there is changed, and the original is never touched.
///
/// A file cut short still says in its header how many pages it had, and SQLite refuses a database whose
/// header promises more pages than the file holds (unless the schema is writable, which the hardened
/// connection never allows); nor can the header be made to promise fewer, since a table whose root page
/// was cut off would then make the whole schema invalid. So the copy is extended with zeroed pages to the
/// length promised: the missing pages read as damaged, and only the rows on them are lost. A header that is
/// overwritten is rebuilt when page 1 still starts the schema's B-tree: the page size is the one that
/// lays valid B-tree pages over the file (``DetectedPageSize``), every other field a plain default.
enum SnapshotHeaderRepair {
    /// How the note on a file cut short begins (salvage tells a cut by it: see ``StoreSalvage/cut``).
    static let cutNote = "the file ends after page "

    /// Repairs the copy at `path` in place; returns what it changed, one note each. Errors name `store`.
    static func repair(_ path: String, store: String) throws(StoreError) -> [String] {
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw StoreError(.unreadable, path: store, message: "cannot open the private copy to read its header")
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            let start = [UInt8](try handle.read(upToCount: 65536 + 100) ?? Data())
            guard start.count >= 100, Array(start.prefix(16)) == StoreFileProbe.signature else {
                return try rebuild(handle, start: start, size: size, hasLog: hasLog(path), store: store)
            }
            let raw = Int(start[16]) << 8 | Int(start[17])
            let pageSize = raw == 1 ? 65536 : raw
            guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return [] }
            let held = UInt32(clamping: size / UInt64(pageSize))
            let promised = start[28..<32].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard promised > held else { return [] }
            try handle.truncate(atOffset: UInt64(promised) * UInt64(pageSize))
            var notes = [Self.cutNote + "\(held) of \(promised): the rows on the missing pages are lost"]
            let kept = Int(size % UInt64(pageSize))
            if kept > 0, held > 0, start[20] == 0 {
                notes += try trimTornLeaf(handle, page: Int(held) + 1, kept: kept, pageSize: pageSize)
            }
            return notes
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.unreadable, path: store, message: "cannot repair the private copy's header: \(error)")
        }
    }

    /// Drops from the table-leaf page the cut went through the cells whose bytes it cut off, so that they are
    /// not read as rows: their cell pointers survived, but the zeroed bytes would give an id 0 row or, for a
    /// cell cut in its values, a row of zeros and garbage under its real id. The cells wholly before the cut
    /// are kept; a page of another kind is left as it is (SQLite reports it damaged).
    private static func trimTornLeaf(_ handle: FileHandle, page number: Int, kept: Int, pageSize: Int) throws -> [String] {
        let offset = UInt64(number - 1) * UInt64(pageSize)
        try handle.seek(toOffset: offset)
        var page = [UInt8](try handle.read(upToCount: pageSize) ?? Data())
        guard page.count == pageSize, kept >= 8, page[0] == 13 else { return [] }
        let count = Int(page[3]) << 8 | Int(page[4])
        guard 8 + 2 * count <= pageSize else { return [] }
        var pointers: [[UInt8]] = []
        var lost: [Int64] = []
        var unknown = 0
        for index in 0..<count {
            let at = 8 + 2 * index
            guard at + 2 <= kept else {
                unknown += count - index
                break
            }
            let cell = TableLeafCell(page, at: Int(page[at]) << 8 | Int(page[at + 1]), pageSize: pageSize, limit: kept)
            if let cell, cell.end <= kept {
                pointers.append([page[at], page[at + 1]])
            } else if let cell {
                lost.append(cell.id)
            } else {
                unknown += 1
            }
        }
        guard pointers.count < count else { return [] }
        let array = pointers.flatMap { $0 }
        page.replaceSubrange(8..<8 + 2 * count, with: array + [UInt8](repeating: 0, count: 2 * count - array.count))
        page[3] = UInt8(pointers.count >> 8)
        page[4] = UInt8(pointers.count & 0xFF)
        // The free-block chain may lead into the zeroed part; SQLite only needs it to write.
        page[1] = 0
        page[2] = 0
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(page))
        var whose = lost.sorted().map { "row id \($0)" }
        if unknown > 0 { whose.append("\(unknown) whose ids were cut off too") }
        return [
            "page \(number) was cut through: \(count - pointers.count) rows on it are lost (\(whose.joined(separator: ", ")))"
        ]
    }

    private static func rebuild(_ handle: FileHandle, start: [UInt8], size: UInt64, hasLog: Bool, store: String) throws
        -> [String]
    {
        guard let pageSize = DetectedPageSize.detect(start, fileSize: size) else {
            let problem = start.isEmpty ? "empty file, not an SQLite database" : "not an SQLite database (no SQLite header)"
            throw StoreError(.notSQLite, path: store, message: problem)
        }
        var header = StoreFileProbe.signature
        header += [UInt8(truncatingIfNeeded: pageSize >> 8), UInt8(truncatingIfNeeded: pageSize)].map {
            pageSize == 65536 ? 0 : $0
        }
        if pageSize == 65536 { header[17] = 1 }
        header += [hasLog ? 2 : 1, hasLog ? 2 : 1, 0, 64, 32, 32]
        header += bigEndian(1) // change counter
        header += bigEndian(UInt32(clamping: size / UInt64(pageSize)))
        header += bigEndian(0) + bigEndian(0) // no freelist: its pages are simply unused
        header += bigEndian(1) + bigEndian(4) // schema cookie, schema format 4
        header += bigEndian(0) + bigEndian(0) // cache size; no auto-vacuum, so pointer-map pages are ignored
        header += bigEndian(1) // UTF-8, as Core Data writes
        header += bigEndian(0) + bigEndian(0) + bigEndian(0) + [UInt8](repeating: 0, count: 20)
        header += bigEndian(1) + bigEndian(3_040_001) // valid for change counter 1
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(header))
        return ["the database header was unreadable and was rebuilt in the private copy (page size \(pageSize) bytes)"]
    }

    private static func hasLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 32
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}

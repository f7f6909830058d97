import Foundation

/// Makes the private copy of a damaged store openable where only its 100-byte header stands in the way;
/// no page is changed, and the original is never touched.
///
/// A file cut short still says in its header how many pages it had, and SQLite refuses a database whose
/// header promises more pages than the file holds (unless the schema is writable, which the hardened
/// connection never allows). The copy's header is made to give the pages the file does hold.
enum SnapshotHeaderRepair {
    /// Repairs the copy at `path` in place; returns what it found, one note each, naming `store`.
    static func repair(_ path: String, store: String) throws(SalvageError) -> [String] {
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw SalvageError(store: store, message: "cannot open the private copy to read its header", category: .io)
        }
        defer { try? handle.close() }
        do {
            let header = [UInt8](try handle.read(upToCount: 100) ?? Data())
            guard header.count == 100 else { return [] }
            let raw = Int(header[16]) << 8 | Int(header[17])
            let pageSize = raw == 1 ? 65536 : raw
            guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return [] }
            let size = try handle.seekToEnd()
            let held = UInt32(clamping: size / UInt64(pageSize))
            let promised = header[28..<32].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard promised > held else { return [] }
            try handle.seek(toOffset: 28)
            try handle.write(contentsOf: withUnsafeBytes(of: held.bigEndian) { Data($0) })
            return ["the file ends after page \(held) of \(promised): the rows on the missing pages are lost"]
        } catch {
            throw SalvageError(store: store, message: "cannot repair the private copy's header: \(error)", category: .io)
        }
    }
}

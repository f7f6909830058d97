import Foundation
import GRDB

extension JournalFixture {
    /// A Journal 4 store of 40 entries kept with a pointer map (`auto_vacuum`, as wire's stores), whose first
    /// entry's text is long enough to span a chain of overflow pages, and a copy of it with the chain's second
    /// page zeroed. SQLite finds the pages after it by the map, so the entry's title, stored after the text on
    /// the chain's last page, still reads; the file fails `integrity_check` with several problems.
    ///
    /// - Returns: The intact store and the damaged copy, each in a folder of its own.
    public static func zeroedOverflowPage() throws -> (intact: String, damaged: String) {
        let intact = try journal4(entries: 40)
        let chain = try DatabaseQueue(path: intact).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "VACUUM")
            // ZTEXT is stored before ZTITLE: the title's bytes end the record, on the chain's last page.
            try db.execute(
                sql: "UPDATE ZENTRY SET ZTEXT = ? WHERE Z_PK = 1", arguments: [String(repeating: "Long text. ", count: 4000)])
            return try Int.fetchAll(
                db, sql: "SELECT pageno FROM dbstat WHERE name = 'ZENTRY' AND pagetype = 'overflow' ORDER BY path")
        }
        guard chain.count > 5 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: intact]) }
        let damaged = try TemporaryDirectory.make().appendingPathComponent("Damaged.sqlite").path
        try FileManager.default.copyItem(atPath: intact, toPath: damaged)
        let handle = try FileHandle(forUpdatingAtPath: damaged).unwrapped(damaged)
        try handle.seek(toOffset: UInt64(chain[1] - 1) * 4096)
        try handle.write(contentsOf: Data(count: 4096))
        try handle.close()
        return (intact, damaged)
    }
}

extension Optional where Wrapped == FileHandle {
    fileprivate func unwrapped(_ path: String) throws -> FileHandle {
        guard let self else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return self
    }
}

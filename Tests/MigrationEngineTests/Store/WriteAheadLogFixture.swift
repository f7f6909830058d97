import Foundation
import GRDB
import TestSupport
import Testing

/// A WAL database whose log holds `transactions` committed transactions, one row each, never checkpointed:
/// the files are copied aside while the writer is still open, as a device backup would catch them.
struct WriteAheadLogFixture {
    let path: String
    var wal: String { path + "-wal" }
    static let frameSize = 24 + 4096

    init(transactions: Int, restartAfter: Int? = nil) throws {
        let folder = try TemporaryDirectory.make()
        let live = folder.appendingPathComponent("live.sqlite").path
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: live, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT)")
            for index in 1...transactions {
                try db.execute(
                    sql: "INSERT INTO rows (text) VALUES (?)", arguments: [String(repeating: "x", count: 40) + "\(index)"])
                if index == restartAfter { try db.execute(sql: "PRAGMA wal_checkpoint(RESTART)") }
            }
        }
        path = folder.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: live, toPath: path)
        try FileManager.default.copyItem(atPath: live + "-wal", toPath: path + "-wal")
        try queue.close()
    }

    /// Flips one byte inside the page data of frame `frame` (1-based).
    func damage(frame: Int) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: wal))
        defer { try? handle.close() }
        let offset = UInt64(32 + (frame - 1) * Self.frameSize + 24 + 2000)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data([byte ^ 0xFF]))
    }

    /// Whole frames in the log.
    func frames() throws -> Int {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int)
        return (size - 32) / Self.frameSize
    }

    /// Rows visible in a snapshot's copy.
    static func rows(_ queue: DatabaseQueue) throws -> Int {
        try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM rows") ?? 0 }
    }
}

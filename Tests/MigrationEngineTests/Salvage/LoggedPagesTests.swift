import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The `-wal`'s pages laid over a copy of the file (``LoggedPages``): every byte of the log is hostile, so a frame
/// or commit naming a page no genuine log of this file can name is not laid, and the copy stays bounded.
@Suite("Salvage lays the -wal's pages over the file within the file's reach")
struct LoggedPagesTests {
    /// A database file of about `pages` pages of 4,096 bytes, and a log of the frames (page number, commit
    /// size) `frames` gives for the file's page count.
    static func files(pages: Int, frames: (Int) -> [(number: UInt32, committed: UInt32)]) throws -> (
        database: String, log: String, filePages: Int
    ) {
        let folder = try TemporaryDirectory.make()
        let database = folder.appendingPathComponent("store.sqlite").path
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(sql: "PRAGMA page_size = 4096; CREATE TABLE t (x BLOB)")
            for _ in 1..<pages { try db.execute(sql: "INSERT INTO t VALUES (zeroblob(3000))") }
        }
        try queue.close()
        var log = Data([0x37, 0x7F, 0x06, 0x82, 0, 0x2D, 0xE2, 0x18, 0, 0, 0x10, 0])
        log.append(Data(count: 20))
        let filePages = try Self.pages(database)
        for frame in frames(filePages) {
            var header = Data()
            for value in [frame.number, frame.committed] {
                withUnsafeBytes(of: value.bigEndian) { header.append(contentsOf: $0) }
            }
            header.append(Data(count: 16))
            log.append(header)
            log.append(Data(repeating: 0xAB, count: 4096))
        }
        let logPath = database + "-wal"
        try log.write(to: URL(fileURLWithPath: logPath))
        return (database, logPath, filePages)
    }

    /// What checking a log of `frames` (each valid, the last commit ending them) finds, as salvage passes it.
    static func check(_ frames: [(number: UInt32, committed: UInt32)]) -> WriteAheadLogCheck {
        var check = WriteAheadLogCheck()
        check.pageSize = 4096
        check.appliedFrames = frames.count
        check.appliedPages = frames.map(\.number)
        check.committedPages = Int(frames.last { $0.committed > 0 }?.committed ?? 0)
        return check
    }

    static func pages(_ path: String) throws -> Int {
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)
        return size.intValue / 4096
    }

    @Test("A genuine frame past the file's end and its commit grow the copy to the commit's size")
    func frameGrowsTheFile() throws {
        let frames = { (pages: Int) in [(number: UInt32(pages + 1), committed: UInt32(pages + 1))] }
        let (database, log, filePages) = try Self.files(pages: 4, frames: frames)
        let out = database + ".logged"
        let written = try #require(
            try LoggedPages.write(database: database, log: log, check: Self.check(frames(filePages)), to: out, store: database))
        #expect(try Self.pages(written) == filePages + 1)
        let last = try #require(FileHandle(forReadingAtPath: written))
        try last.seek(toOffset: UInt64(filePages) * 4096)
        #expect(try last.readToEnd() == Data(repeating: 0xAB, count: 4096))
        try last.close()
    }

    @Test("A frame naming page 2^31 is not laid, and a commit naming 2^31 pages does not grow the copy")
    func hostileNumbersAreBounded() throws {
        let frames: [(number: UInt32, committed: UInt32)] = [(number: 1 << 31, committed: 0), (number: 2, committed: 1 << 31)]
        let (database, log, filePages) = try Self.files(pages: 4) { _ in frames }
        let out = database + ".logged"
        let written = try #require(
            try LoggedPages.write(database: database, log: log, check: Self.check(frames), to: out, store: database))
        #expect(try Self.pages(written) <= filePages + 2)
    }
}

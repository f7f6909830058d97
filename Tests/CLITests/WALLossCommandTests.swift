import Foundation
import MigrationEngine
import TestSupport
import Testing

/// A store whose `-wal` has a bad frame mid-file: every command that reads it refuses, naming what would be
/// lost, until `--accept-wal-loss` says the loss is accepted.
@Suite("Damaged -wal on the command line", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct WALLossCommandTests {
    static let entries = 400

    /// A WAL store whose 400 entries live only in its log (200 commits), with the page data of the frame in
    /// the middle of the log damaged; returns the store and that frame's number.
    static func damagedStore() throws -> (store: String, frame: Int) {
        let store = try JournalFixture.walStore(version: 2, entries: entries, perTransaction: 2)
        let handle = try #require(FileHandle(forUpdatingAtPath: store + "-wal"))
        defer { try? handle.close() }
        let header = try #require(try handle.read(upToCount: 32))
        let pageSize = header[8..<12].reduce(0) { $0 << 8 | Int($1) }
        let frameSize = 24 + pageSize
        let frames = (Int(try handle.seekToEnd()) - 32) / frameSize
        let frame = frames / 2
        let offset = UInt64(32 + (frame - 1) * frameSize + 24 + 1000)
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data([byte ^ 0x5A]))
        return (store, frame)
    }

    @Test("inspect and verify refuse with exit 5 and one line naming the lost transactions")
    func refused() throws {
        let (store, frame) = try Self.damagedStore()
        let before = try FolderFingerprint(folderOf: store)
        for arguments in [["inspect", store], ["verify", store, "--model", JournalFixture.modelPath]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 5, "\(arguments[0])")
            #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): the -wal is damaged at frame \(frame)"))
            #expect(result.stderr.contains("committed transaction(s)") && result.stderr.contains("--accept-wal-loss"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FolderFingerprint(folderOf: store) == before, "nothing written beside the store")
    }

    @Test("--accept-wal-loss reads what SQLite can apply")
    func accepted() throws {
        let (store, _) = try Self.damagedStore()
        let result = try CLIRunner.run(["inspect", store, "--model", JournalFixture.modelPath, "--json", "--accept-wal-loss"])
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(result.stdout.utf8))
        #expect(report.entities.map(\.rows).reduce(0, +) < Self.entries, "entries committed after the damage are gone")
    }
}

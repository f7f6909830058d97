import Foundation
import MigrationEngine
import TestSupport
import Testing

/// A store whose `-wal` has a bad frame mid-file: every command that reads it refuses, naming what would be
/// lost, until `--accept-wal-loss` says the loss is accepted.
@Suite("Damaged -wal on the command line", Corpus.required)
struct WALLossCommandTests {
    /// The corpus WAL store (428 frames, 168 commits, nearly all its rows only in the log) with frame 200's
    /// page data damaged.
    static func damagedStore() throws -> String {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite")
        let handle = try #require(FileHandle(forUpdatingAtPath: store + "-wal"))
        defer { try? handle.close() }
        let frameSize: UInt64 = 24 + 4096
        let offset: UInt64 = 32 + 199 * frameSize + 24 + 1000
        try handle.seek(toOffset: offset)
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data([byte ^ 0x5A]))
        return store
    }

    @Test("inspect and verify refuse with exit 5 and one line naming the lost transactions")
    func refused() throws {
        let store = try Self.damagedStore()
        let before = try FolderFingerprint(folderOf: store)
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        for arguments in [["inspect", store], ["verify", store, "--model", model]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 5, "\(arguments[0])")
            #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): the -wal is damaged at frame 200"))
            #expect(result.stderr.contains("committed transaction(s)") && result.stderr.contains("--accept-wal-loss"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FolderFingerprint(folderOf: store) == before, "nothing written beside the store")
    }

    @Test("--accept-wal-loss reads what SQLite can apply")
    func accepted() throws {
        let store = try Self.damagedStore()
        let result = try CLIRunner.run(["inspect", store, "--json", "--accept-wal-loss"])
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(StoreReport.self, from: Data(result.stdout.utf8))
        #expect(report.entities.map(\.rows).reduce(0, +) < 168, "rows committed after frame 200 are gone")
    }
}

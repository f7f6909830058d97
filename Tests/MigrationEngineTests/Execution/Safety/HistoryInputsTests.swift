import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, "clear errors": `history` of a path that is no store file fails, and a stray folder in
/// `backups/` is skipped with a notice instead of failing `history` and `restore` with "no such backup".
@Suite("History inputs")
struct HistoryInputsTests {
    @Test("history of a missing store, a folder or a FIFO is an error naming it")
    func notAStoreFile() throws {
        let folder = try TemporaryDirectory.make()
        let fifo = folder.appendingPathComponent("Pipe.sqlite").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let project = try MigrationProject(modelPath: nil)
        let cases: [(String, StoreErrorCode)] = [
            (folder.appendingPathComponent("Missing.sqlite").path, .notFound), (folder.path, .unreadable), (fifo, .unreadable),
        ]
        for (path, code) in cases {
            let error = #expect(throws: StoreError.self) { try project.history(store: path) }
            #expect(error?.code == code && error?.path == path, "\(String(describing: error))")
        }
    }

    @Test("A stray folder and a stray file in backups/ are skipped with a notice; real backups still listed")
    func strayBackupEntriesSkipped() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        let root = StorePaths(storePath: store).defaultBackupRoot
        let manifest = try BackupStore(root: root).create(of: store, version: "Journal 3", targetVersion: nil)
        try FileManager.default.createDirectory(atPath: root + "/backups/stray", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root + "/backups/20260101T000000.000Z-abcdef", withIntermediateDirectories: true)
        let notes = Mutex<[String]>([])
        let history = try MigrationProject(modelPath: nil).history(store: store) { event in
            if case .log(let line) = event { notes.withLock { $0.append(line) } }
        }
        #expect(history.backups.map(\.id) == [manifest.id])
        let lines = notes.withLock { $0 }
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("skipped \(root)/backups/") }, "\(lines)")
        // restore picks the newest real backup, not the stray folder named like one.
        let record = try StoreRestore.restore(storePath: store, backupID: nil, backupRoot: nil)
        #expect(record.backup == manifest.id)
    }
}

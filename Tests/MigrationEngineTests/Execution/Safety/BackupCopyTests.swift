import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Backups are copies: a backup shares no file with the store, so an app writing the store at any moment —
/// a run killed before its swap, a swap undone — never changes a backup; restores still give the original.
@Suite("Backups apart from the store")
struct BackupCopyTests {
    static func sharesInode(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(one, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev
            && first.st_ino == second.st_ino
    }

    /// Writes to a store the way an app would, in place through its own file.
    static func appWrites(_ store: String, column: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: #"UPDATE "ZBASICENTITY" SET "\#(column)" = 'written by the app'"#) }
        try queue.close()
    }

    @Test("A store file that opens but cannot be read is the file the backup's error names, not the backup's copy")
    func unreadableSource() throws {
        // A folder opens for reading, and every read of it fails (EISDIR).
        let folder = try TemporaryDirectory.make()
        let source = folder.appendingPathComponent("Store.sqlite").path
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false)
        let target = folder.appendingPathComponent("backup.sqlite").path
        #expect {
            try BackupCopy.copy(source, to: target, expecting: nil)
        } throws: { error in
            let failure = error as? ExecutionError
            return failure?.path == source && failure?.message.hasSuffix(String(cString: strerror(EISDIR))) == true
        }
    }

    @Test("A migration's backup is a copy of the original with its digest, and restores it byte for byte")
    func backupIsACopy() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        try ChainExecutor().run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        let manifest = try #require(try backups.list().first)
        let kept = backups.folder(of: manifest.id) + "/" + URL(fileURLWithPath: store).lastPathComponent
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == original)
        #expect(
            manifest.files.first { $0.name == URL(fileURLWithPath: store).lastPathComponent }?.sha256
                == FileDigest.sha256(of: original))
        try backups.verify(manifest)

        try StoreRestore.restore(storePath: store, backupID: manifest.id, backupRoot: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(!Self.sharesInode(store, kept), "a restore copies out of the backup, never links")
        try Self.appWrites(store, column: "ZV1_0_0_NAME")
        try backups.verify(manifest)
    }

    @Test("A backup taken before a swap that never comes shares nothing with the store an app keeps writing")
    func killedBeforeSwap() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let paths = StorePaths(storePath: store)
        let backups = BackupStore(root: paths.defaultBackupRoot)
        let manifest = try backups.create(of: store, version: "v1.0.0", targetVersion: "v1.1.0")
        let kept = backups.folder(of: manifest.id) + "/" + paths.fileName
        #expect(!Self.sharesInode(store, kept))
        // The app writes before any recovery runs (a run killed here leaves only its marker).
        try Self.appWrites(store, column: "ZV1_0_0_NAME")
        try backups.verify(manifest)
        let marker = RunMarker(run: "dead", action: .migrate, started: Date(), backupRoot: paths.defaultBackupRoot)
        try marker.write(beside: store)
        _ = try Recovery.recoverIfNeeded(storePath: store)
        try backups.verify(manifest)
    }

    @Test("A swap undone by recovery leaves every backup apart from the original it put back")
    func undoneSwap() throws {
        let prepared = try RecoveryTests().prepare()
        var swap = StoreSwap(journal: prepared.journal, stageHook: { _ in })
        swap.interruption = { $0 == .journalWritten }
        #expect(throws: ExecutionError.self) { try swap.run() }
        try FileManager.default.removeItem(atPath: prepared.journal.members[1].temporaryPath)
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[0]))
        #expect(recovered.outcome == .restoredOriginal)
        for (store, member) in zip(prepared.stores, prepared.journal.members) {
            let kept = member.backupFolder + "/" + URL(fileURLWithPath: store).lastPathComponent
            #expect(!Self.sharesInode(store, kept))
            try Self.appWrites(store, column: "ZV1_0_0_NAME")
            let backups = BackupStore(root: BackupLocation.root(of: member.backupFolder))
            try backups.verify(try backups.manifest(of: URL(fileURLWithPath: member.backupFolder).lastPathComponent))
        }
    }

    @Test("A chain of three steps runs SQLite's integrity check once, on the store it swaps in")
    func oneIntegrityCheck() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let events = Mutex<[MigrationEvent]>([])
        try ChainExecutor(report: { event in events.withLock { $0.append(event) } }).run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0"))
        ])
        let all = events.withLock { $0 }
        let checks = all.indices.filter { all[$0] == .log(ChainRunner.integrityCheckedLine) }
        let validated = all.indices.filter { if case .stepValidated = all[$0] { true } else { false } }
        #expect(validated.count == 3)
        #expect(checks.count == 1)
        // The check belongs to the last step: after its validation starts, before it is declared valid.
        let lastValidation = try #require(all.lastIndex { $0 == .stageStarted(.validation(step: 2)) })
        let check = try #require(checks.first)
        #expect(check > lastValidation && check < validated[2])
    }
}

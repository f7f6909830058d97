import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Backups taken by hard link: the original's own inode lands in the backup with one digest, restores still
/// work, and wherever the original stays in use the backup stops sharing its files.
@Suite("Linked backups")
struct LinkedBackupTests {
    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Writes to a store the way an app would, in place through its own file.
    static func appWrites(_ store: String, column: String) throws {
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: #"UPDATE "ZBASICENTITY" SET "\#(column)" = 'written by the app'"#) }
        try queue.close()
    }

    @Test("A migration's backup is the original's own file, linked, with its digest, and restores it byte for byte")
    func backupIsTheOriginal() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let originalInode = try #require(Self.inode(store))
        try ChainExecutor().run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        let manifest = try #require(try backups.list().first)
        let kept = backups.folder(of: manifest.id) + "/" + URL(fileURLWithPath: store).lastPathComponent
        #expect(Self.inode(kept) == originalInode, "the backup holds the original's inode, not a copy")
        #expect(Self.inode(store) != originalInode, "the new store was renamed in, not written over the original")
        #expect(
            manifest.files.first { $0.name == URL(fileURLWithPath: store).lastPathComponent }?.sha256
                == FileDigest.sha256(of: original))
        try backups.verify(manifest)

        try StoreRestore.restore(storePath: store, backupID: manifest.id, backupRoot: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(!BackupLink.sharesInode(store, kept), "a restore copies out of the backup, never links")
        try Self.appWrites(store, column: "ZV1_0_0_NAME")
        try backups.verify(manifest)
    }

    @Test("A run killed between its backup and its swap leaves, after recovery, a backup apart from the store in use")
    func killedBeforeSwap() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let paths = StorePaths(storePath: store)
        let backups = BackupStore(root: paths.defaultBackupRoot)
        let manifest = try backups.create(of: store, version: "v1.0.0", targetVersion: "v1.1.0")
        let kept = backups.folder(of: manifest.id) + "/" + paths.fileName
        #expect(BackupLink.sharesInode(store, kept))
        // What the killed run left beside the store: its marker.
        let marker = RunMarker(run: "dead", action: .migrate, started: Date(), backupRoot: paths.defaultBackupRoot)
        try marker.write(beside: store)
        _ = try Recovery.recoverIfNeeded(storePath: store)
        #expect(!BackupLink.sharesInode(store, kept))
        try Self.appWrites(store, column: "ZV1_0_0_NAME")
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
            #expect(!BackupLink.sharesInode(store, kept))
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

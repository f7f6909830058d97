import Foundation
import GRDB
import MigrationEngine
import Synchronization
import TestSupport
import Testing

@Suite("Chain executor")
struct ChainExecutorTests {
    final class Events: Sendable {
        let list = Mutex<[MigrationEvent]>([])
        func append(_ event: MigrationEvent) { list.withLock { $0.append(event) } }
        var all: [MigrationEvent] { list.withLock { $0 } }
    }

    @Test("A migration replaces the store, keeps a verified backup and records the run")
    func migrates() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let events = Events()
        let records = try ChainExecutor(report: events.append).run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0"))
        ])
        #expect(try ExecutionFixture.value(store, column: "ZV1_2_0_NAME") == "A Known Value")
        let root = StorePaths(storePath: store).defaultBackupRoot
        let backups = BackupStore(root: root)
        let manifest = try #require(try backups.list().first)
        try backups.verify(manifest)
        #expect(
            try Data(
                contentsOf: URL(
                    fileURLWithPath: backups.folder(of: manifest.id) + "/" + URL(fileURLWithPath: store).lastPathComponent))
                == original)
        #expect(records.first?.steps.map(\.to) == ["v1.1.0", "v1.1.2", "v1.2.0"])
        #expect(try RunHistory(root: root).records().last?.backup == manifest.id)
        #expect(try StorePaths(storePath: store).leftovers().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: StorePaths(storePath: store).journal))
        let kinds = events.all.map { event -> String in
            switch event {
            case .planReady: "plan"
            case .stepStarted: "start"
            case .entityProgress, .stepRows: "progress"
            case .stageStarted: "stage"
            case .stepValidated: "validated"
            case .committed: "commit"
            case .failed: "failed"
            case .log: "log"
            case .recovered: "recovered"
            case .repaired: "repaired"
            }
        }
        #expect(kinds.first == "plan" && kinds.last == "commit")
        #expect(kinds.filter { $0 == "validated" }.count == 3)
        try StoreValidator(model: try #require(ExecutionFixture.bundle().version(named: "v1.2.0"))).validate(store)
    }

    @Test("Leftovers of a crashed run (temporaries, a half-written journal, a partial backup) are cleared")
    func leftoversCleared() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let paths = StorePaths(storePath: store)
        let root = paths.defaultBackupRoot
        try FileManager.default.createDirectory(atPath: root + "/backups/x.partial", withIntermediateDirectories: true)
        for leftover in [paths.temporary(run: "dead", step: 0), paths.journal + ".writing"] {
            #expect(FileManager.default.createFile(atPath: leftover, contents: Data("x".utf8)))
        }
        try ChainExecutor(options: ExecutionOptions(dryRun: true)).run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
        #expect(try paths.leftovers().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/backups/x.partial"))
    }

    @Test("The migrated store keeps the original's permissions")
    func keepsPermissions() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: store)
        try ChainExecutor().run([MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.2"))])
        #expect(try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int == 0o640)
        #expect(try ExecutionFixture.value(store, column: "ZV1_1_2_NAME") == "A Known Value")
    }

    @Test("A dry run leaves every original byte and modification time unchanged, and no temporaries")
    func dryRun() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.0.0", in: folder)
        let before = try ExecutionFixture.fingerprint(folder.path)
        let elsewhere = try TemporaryDirectory.make().path
        let events = Events()
        let options = ExecutionOptions(dryRun: true, backupRoot: elsewhere)
        try ChainExecutor(options: options, report: events.append).run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v2.0.0"))
        ])
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
        #expect(events.all.last == .committed(backup: nil, dryRun: true))
        #expect(events.all.filter { if case .stepValidated = $0 { true } else { false } }.count == 4)
        #expect(try RunHistory(root: options.backupRoot(for: store)).records().map(\.action) == [.dryRun])
        #expect(try BackupStore(root: options.backupRoot(for: store)).list().isEmpty)
    }

    @Test("A step that fails on purpose leaves the original byte-identical with no temporaries")
    func failingStep() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.0.0", in: folder)
        let backupRoot = try TemporaryDirectory.make().path
        let before = try ExecutionFixture.fingerprint(folder.path)
        let error = #expect(throws: ExecutionError.self) {
            try ChainExecutor(options: ExecutionOptions(backupRoot: backupRoot)).run([
                MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0", failing: 1))
            ])
        }
        #expect(error?.code == .stepFailed)
        #expect(error?.description.contains("v1.1.0 → v1.1.2") == true)
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
        #expect(
            try RunHistory(root: ExecutionOptions(backupRoot: backupRoot).backupRoot(for: store)).records().map(\.result) == [
                .failed
            ])
    }

    @Test("Cancelling mid-step leaves the original byte-identical with no temporaries")
    func cancelMidStep() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.0.0", in: folder)
        let backupRoot = try TemporaryDirectory.make().path
        let before = try ExecutionFixture.fingerprint(folder.path)
        let flag = CancellationFlag()
        let executor = ChainExecutor(options: ExecutionOptions(backupRoot: backupRoot, cancellation: flag)) { event in
            // Stop in the middle of the second step, after it has written its destination.
            if case .entityProgress(1, _, 0, _) = event { flag.cancel() }
        }
        let error = #expect(throws: ExecutionError.self) {
            try executor.run([MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v2.0.0"))])
        }
        #expect(error?.category == .cancelled)
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
        #expect(
            try RunHistory(root: ExecutionOptions(backupRoot: backupRoot).backupRoot(for: store)).records().map(\.result) == [
                .cancelled
            ])
    }

    @Test("Two stores: when the second fails, neither changes")
    func allOrNothing() throws {
        let folder = try TemporaryDirectory.make()
        let first = try ExecutionFixture.store("v1.0.0", in: folder, name: "First.sqlite")
        let second = try ExecutionFixture.store("v1.1.0", in: folder, name: "Second.sqlite")
        let backupRoot = try TemporaryDirectory.make().path
        let before = try ExecutionFixture.fingerprint(folder.path)
        #expect(throws: ExecutionError.self) {
            try ChainExecutor(options: ExecutionOptions(backupRoot: backupRoot)).run([
                MigrationJob(storePath: first, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0")),
                MigrationJob(storePath: second, plan: try ExecutionFixture.plan(from: "v1.1.0", to: "v1.2.0", failing: 1)),
            ])
        }
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
        #expect(try BackupStore(root: ExecutionOptions(backupRoot: backupRoot).backupRoot(for: first)).list().isEmpty)
    }

    @Test("A store that is no longer at the plan's starting version is refused untouched")
    func storeMovedOn() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.1.0", in: folder)
        let backupRoot = try TemporaryDirectory.make().path
        let before = try ExecutionFixture.fingerprint(folder.path)
        let error = #expect(throws: ExecutionError.self) {
            try ChainExecutor(options: ExecutionOptions(backupRoot: backupRoot)).run([
                MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.2"))
            ])
        }
        #expect(error?.description.contains("no longer at v1.0.0") == true)
        #expect(ExecutionFixture.same(before, try ExecutionFixture.fingerprint(folder.path)))
    }

    @Test("An open SQLite connection keeps a migration off the store")
    func lockedByWriter() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let queue = try DatabaseQueue(path: store)
        try queue.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            let error = #expect(throws: ExecutionError.self) {
                try ChainExecutor().run([
                    MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
                ])
            }
            #expect(error?.code == .locked)
            try db.execute(sql: "ROLLBACK")
        }
        try queue.close()
        let lock = try StoreLock(storePath: store)
        #expect(throws: ExecutionError.self) { try StoreLock(storePath: store) }
        lock.release()
        #expect(throws: Never.self) { try StoreLock(storePath: store).release() }
    }
}

@Suite("Restore")
struct RestoreTests {
    @Test("Restore brings back the original bytes and keeps the replaced files in a new backup")
    func restore() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let records = try ChainExecutor().run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
        let migrated = try Data(contentsOf: URL(fileURLWithPath: store))
        let record = try StoreRestore.restore(storePath: store, backupID: records[0].backup, backupRoot: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        let safety = try #require(try backups.list().last)
        #expect(record.detail?.contains(safety.id) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backups.folder(of: safety.id) + "/Example_v1.0.0.sqlite")) == migrated)
        #expect(
            try RunHistory(root: StorePaths(storePath: store).defaultBackupRoot).records().map(\.action) == [.migrate, .restore])
        #expect(throws: ExecutionError.self) { try StoreRestore.restore(storePath: store, backupID: "nope", backupRoot: nil) }
    }
}

@Suite("Stores whose data lives in the -wal")
struct WALStoreTests {
    /// A rename-chain store in WAL mode whose extra rows exist only in its `-wal` (copied while the writing
    /// connection was still open, as a store pulled from a running app looks).
    func walStore() throws -> String {
        let work = try ExecutionFixture.store("v1.0.0")
        let queue = try DatabaseQueue(path: work)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        try queue.write { db in
            for index in 2...50 {
                try db.execute(
                    sql: #"INSERT INTO "ZBASICENTITY" ("Z_PK", "Z_ENT", "Z_OPT", "ZV1_0_0_NAME") VALUES (?, 1, 1, ?)"#,
                    arguments: [index, "row \(index)"])
            }
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = 50"#)
        }
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("App.sqlite").path
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: work + suffix, toPath: store + suffix) }
        try queue.close()
        return store
    }

    @Test("The snapshot includes the -wal, and the old -wal never meets the new store")
    func walDataSurvives() throws {
        let store = try walStore()
        #expect(StoreFileSet.scan(store)[.wal] != nil)
        try ChainExecutor().run([MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.2"))])
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        let count = try snapshot.openReadOnly().read {
            try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZBASICENTITY" WHERE "ZV1_1_2_NAME" IS NOT NULL"#)
        }
        #expect(count == 50)
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        let manifest = try #require(try backups.list().first)
        #expect(manifest.files.map(\.name).contains("App.sqlite-wal"))
        // The restore applies the backup's -wal to the database it swaps in: the rows come back, in one file.
        try StoreRestore.restore(storePath: store, backupID: manifest.id, backupRoot: nil)
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        let restored = try StoreSnapshot.take(of: store)
        defer { restored.remove() }
        #expect(
            try restored.openReadOnly().read {
                try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZBASICENTITY" WHERE "ZV1_0_0_NAME" IS NOT NULL"#)
            } == 50)
    }
}

@Suite("External data folder")
struct ExternalDataTests {
    @Test("The .Name_SUPPORT folder is backed up with the store, left in place by the swap, and restored")
    func supportFolder() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let paths = StorePaths(storePath: store)
        let external = paths.supportFolder + "/_EXTERNAL_DATA"
        try FileManager.default.createDirectory(atPath: external, withIntermediateDirectories: true)
        let blob = Data((0..<4096).map { UInt8($0 % 251) })
        try blob.write(to: URL(fileURLWithPath: external + "/0F1E2D3C-0000-4000-8000-000000000001"))
        try ChainExecutor().run([MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))])
        let backups = BackupStore(root: paths.defaultBackupRoot)
        let manifest = try #require(try backups.list().first)
        let supportName = URL(fileURLWithPath: paths.supportFolder).lastPathComponent
        #expect(manifest.files.map(\.name).contains(supportName + "/_EXTERNAL_DATA/0F1E2D3C-0000-4000-8000-000000000001"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: external + "/0F1E2D3C-0000-4000-8000-000000000001")) == blob)
        try FileManager.default.removeItem(atPath: paths.supportFolder)
        try StoreRestore.restore(storePath: store, backupID: manifest.id, backupRoot: nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: external + "/0F1E2D3C-0000-4000-8000-000000000001")) == blob)
    }
}

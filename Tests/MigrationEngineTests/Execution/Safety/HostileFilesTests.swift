import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Journals and manifests written by someone else: every path they name is checked before use, and a torn
/// or altered journal is refused without touching anything.
@Suite("Planted and damaged journals and manifests")
struct HostileFilesTests {
    /// A journal for `store` whose temporary is `temporary`, written with a correct checksum.
    func plant(beside store: String, temporary: String, backupFolder: String? = nil) throws {
        let paths = StorePaths(storePath: store)
        let member = SwapJournal.Member(
            storePath: paths.storePath, temporaryPath: temporary, newDigest: String(repeating: "0", count: 64),
            originalDigest: String(repeating: "1", count: 64),
            original: StoreFingerprint(size: 1, changeCounter: 1, walSize: 0, walSalts: nil),
            backupFolder: backupFolder ?? paths.defaultBackupRoot + "/backups/x",
            parked: ["-wal": paths.parked(run: "evil", suffix: "-wal")])
        try SwapJournal(run: "evil", action: .migrate, started: Date(), members: [member]).write()
    }

    @Test("A planted journal naming a file outside the store's folder is refused and the file is untouched")
    func plantedJournal() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.0.0", in: folder)
        let victim = try TemporaryDirectory.make().appendingPathComponent("victim.sqlite").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        for (temporary, backup) in [(victim, nil), (StorePaths(storePath: store).temporary(run: "evil", step: 0), "/etc")] {
            try plant(beside: store, temporary: temporary, backupFolder: backup)
            let error = #expect(throws: ExecutionError.self) { try Recovery.recoverIfNeeded(storePath: store) }
            #expect(error?.description.contains("not one cdmigrate wrote") == true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("precious".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("A torn journal is refused by its checksum, naming the journal")
    func tornJournal() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        try plant(beside: store, temporary: StorePaths(storePath: store).temporary(run: "evil", step: 0))
        let journal = StorePaths(storePath: store).journal
        let bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: journal))
        let error = #expect(throws: ExecutionError.self) { try Recovery.recoverIfNeeded(storePath: store) }
        #expect(
            error?.description == "\(journal): the swap journal is torn or altered (checksum mismatch); restore from a backup")
    }

    @Test("A manifest entry with ../ makes restore refuse before writing anything")
    func manifestEscapes() throws {
        let folder = try TemporaryDirectory.make()
        let store = try ExecutionFixture.store("v1.0.0", in: folder)
        try ChainExecutor().run([MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))])
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        var manifest = try #require(try backups.list().first)
        let escaping = "../../../escaped.sqlite"
        try Data("x".utf8).write(to: URL(fileURLWithPath: backups.folder(of: manifest.id) + "/" + escaping))
        manifest.files.append(.init(name: escaping, size: 1, sha256: FileDigest.sha256(of: Data("x".utf8))))
        try manifest.encoded().write(to: URL(fileURLWithPath: backups.folder(of: manifest.id) + "/" + BackupManifest.fileName))
        let migrated = try Data(contentsOf: URL(fileURLWithPath: store))
        let error = #expect(throws: ExecutionError.self) {
            try StoreRestore.restore(storePath: store, backupID: manifest.id, backupRoot: nil)
        }
        #expect(error?.description.contains("not a file of this store") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(escaping).standardizedFileURL.path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == migrated)
    }

    @Test("One --backup-dir for two stores keeps them apart; a backup of another store is refused")
    func sharedBackupFolder() throws {
        let shared = try TemporaryDirectory.make().path
        let first = try ExecutionFixture.store("v1.0.0", name: "Same.sqlite")
        let second = try ExecutionFixture.store("v1.0.0", name: "Same.sqlite")
        let options = ExecutionOptions(backupRoot: shared)
        for store in [first, second] {
            try ChainExecutor(options: options).run([
                MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
            ])
        }
        #expect(options.backupRoot(for: first) != options.backupRoot(for: second))
        #expect(
            try RunHistory(root: options.backupRoot(for: second)).records().map(\.storePath) == [
                StorePaths(storePath: second).storePath
            ])
        let foreign = try #require(try BackupStore(root: options.backupRoot(for: first)).list().first)
        #expect(throws: ExecutionError.self) {
            try StoreRestore.restore(storePath: second, backupID: foreign.id, backupRoot: shared)
        }
        // Even copied into the second store's own folder, the first store's backup is refused by its manifest.
        try FileManager.default.copyItem(
            atPath: BackupStore(root: options.backupRoot(for: first)).folder(of: foreign.id),
            toPath: BackupStore(root: options.backupRoot(for: second)).folder(of: foreign.id))
        let error = #expect(throws: ExecutionError.self) {
            try StoreRestore.restore(storePath: second, backupID: foreign.id, backupRoot: shared)
        }
        #expect(error?.description.contains("was taken of \(StorePaths(storePath: first).storePath)") == true)
        #expect(try ExecutionFixture.value(second, column: "ZV1_1_0_NAME") == "A Known Value")
    }

    @Test("A store reached through a relative symbolic link is migrated in place; the link stays a link")
    func symlinkedStore() throws {
        let folder = try TemporaryDirectory.make()
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let store = try ExecutionFixture.store("v1.0.0", in: real, name: "Store.sqlite")
        let links = folder.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let link = links.appendingPathComponent("Store.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/Store.sqlite")
        try ChainExecutor().run([MigrationJob(storePath: link, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/Store.sqlite")
        #expect(try ExecutionFixture.value(store, column: "ZV1_1_0_NAME") == "A Known Value")
        let backup = try #require(try BackupStore(root: StorePaths(storePath: store).defaultBackupRoot).list().first)
        let copy = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot).folder(of: backup.id) + "/Store.sqlite"
        #expect((try FileManager.default.attributesOfItem(atPath: copy)[.type] as? FileAttributeType) == .typeRegular)
        #expect(try StorePaths(storePath: store).leftovers().isEmpty)
    }

    @Test("When the history log cannot be written after the swap, the run succeeds with a warning")
    func historyUnwritableAfterSwap() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let root = StorePaths(storePath: store).defaultBackupRoot
        try FileManager.default.createDirectory(atPath: root + "/history.jsonl", withIntermediateDirectories: true)
        let events = ChainExecutorTests.Events()
        try ChainExecutor(report: events.append).run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
        #expect(try ExecutionFixture.value(store, column: "ZV1_1_0_NAME") == "A Known Value")
        #expect(
            events.all.contains {
                if case .log(let text) = $0 { text.contains("warning: the stores were migrated") } else { false }
            })
        #expect(!events.all.contains { if case .failed = $0 { true } else { false } })
    }
}

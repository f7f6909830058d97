import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// Links and folders planted among the files cdmigrate keeps for a store — its history log, lock file,
/// `backups` folder, `.cdmigrate` folders, a journal's temporary — are refused or replaced, never followed:
/// nothing is written, created or read through them.
@Suite("Planted links in cdmigrate's own folders")
struct PlantedLinksTests {
    /// A store with a victim file elsewhere that a planted link points at.
    struct Planted {
        let store: String
        let paths: StorePaths
        let victim: String
        let before: Data
    }

    static let precious = Data("precious".utf8)

    static func plant() throws -> Planted {
        let store = try ExecutionFixture.store("v1.0.0")
        let victim = try TemporaryDirectory.make().appendingPathComponent("victim").path
        try precious.write(to: URL(fileURLWithPath: victim))
        return Planted(
            store: store, paths: StorePaths(storePath: store), victim: victim,
            before: try Data(contentsOf: URL(fileURLWithPath: store)))
    }

    static func migrate(_ store: String) throws {
        try ChainExecutor().run([
            MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
        ])
    }

    /// The run is refused with an error naming `path`, and neither the store nor the victim changed.
    static func expectRefused(_ planted: Planted, naming path: String, _ run: () throws -> Void) throws {
        let error = #expect(throws: ExecutionError.self) { try run() }
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted.store)) == planted.before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted.victim)) == precious)
    }

    @Test("A history log planted as a link is refused before the run starts; its target is not appended to")
    func historyLink() throws {
        let planted = try Self.plant()
        try FileManager.default.createDirectory(atPath: planted.paths.defaultBackupRoot, withIntermediateDirectories: true)
        let history = RunHistory(root: planted.paths.defaultBackupRoot).path
        try FileManager.default.createSymbolicLink(atPath: history, withDestinationPath: planted.victim)
        try Self.expectRefused(planted, naming: history) { try Self.migrate(planted.store) }
        #expect(throws: ExecutionError.self) { try RunHistory(root: planted.paths.defaultBackupRoot).records() }
    }

    @Test("A dangling lock-file link is refused; its target is never created")
    func danglingLockLink() throws {
        let planted = try Self.plant()
        let target = planted.victim + "-created"
        try FileManager.default.createSymbolicLink(atPath: planted.paths.lockFile, withDestinationPath: target)
        try Self.expectRefused(planted, naming: planted.paths.lockFile) { try Self.migrate(planted.store) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("A backups folder planted as a link is refused by migrate and by restore; nothing is read or written there")
    func backupsLink() throws {
        let planted = try Self.plant()
        try Self.migrate(planted.store)
        let migrated = try Data(contentsOf: URL(fileURLWithPath: planted.store))
        let backups = planted.paths.defaultBackupRoot + "/backups"
        let elsewhere = try TemporaryDirectory.make().appendingPathComponent("backups").path
        try FileManager.default.moveItem(atPath: backups, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: backups, withDestinationPath: elsewhere)
        let moved = try FileManager.default.contentsOfDirectory(atPath: elsewhere)
        let restore = #expect(throws: ExecutionError.self) {
            try StoreRestore.restore(storePath: planted.store, backupID: nil, backupRoot: nil)
        }
        #expect(restore?.path == backups)
        let again = try ExecutionFixture.store("v1.0.0", in: URL(fileURLWithPath: planted.paths.folder), name: "Second.sqlite")
        let second = StorePaths(storePath: again)
        try FileManager.default.createDirectory(atPath: second.defaultBackupRoot, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: second.defaultBackupRoot + "/backups", withDestinationPath: elsewhere)
        #expect(throws: ExecutionError.self) { try Self.migrate(again) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted.store)) == migrated)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == moved)
    }

    @Test("A .cdmigrate folder planted as a link is refused; nothing is made through it")
    func cdmigrateFolderLink() throws {
        let planted = try Self.plant()
        let elsewhere = try TemporaryDirectory.make().path
        let own = planted.paths.folder + "/.cdmigrate"
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: elsewhere)
        try Self.expectRefused(planted, naming: own) { try Self.migrate(planted.store) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test(
        "A folder of cdmigrate's own that another user made is refused",
        .enabled(if: geteuid() == 0, "needs root to give a folder to another user"))
    func foreignOwner() throws {
        let planted = try Self.plant()
        let root = planted.paths.defaultBackupRoot
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(chown(root, 65_534, 65_534) == 0)
        try Self.expectRefused(planted, naming: root) { try Self.migrate(planted.store) }
    }

    @Test("A link planted under the journal's temporary name is replaced, never written through")
    func journalTemporaryLink() throws {
        let planted = try Self.plant()
        try FileManager.default.createSymbolicLink(
            atPath: planted.paths.journal + ".writing", withDestinationPath: planted.victim)
        try Self.migrate(planted.store)
        #expect(try Data(contentsOf: URL(fileURLWithPath: planted.victim)) == Self.precious)
        #expect(try ExecutionFixture.value(planted.store, column: "ZV1_1_0_NAME") == RenameChainFixture.knownValue)
    }
}

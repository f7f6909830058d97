import Foundation
import GRDB
import JournalSample
import MigrationEngine
import TestSupport
import Testing

/// Each fault ends with one clear error line, a non-zero exit code, the original byte-identical and nothing
/// of the run left beside it.
@Suite(
    "Faults: full disk, permissions, held and damaged stores",
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct FaultTests {
    let model = RenameChainFixture.modelPath

    /// Runs `migrate` on `store` and checks the failure contract; returns the error line.
    @discardableResult
    func expectCleanFailure(_ store: String, status: Int32? = nil, unprivileged: Bool = false, extra: [String] = []) throws
        -> String
    {
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let arguments = ["migrate", store, "--model", model, "--to", "v2.0.0", "--yes"] + extra
        let result = unprivileged ? try CLIRunner.runUnprivileged(arguments) : try CLIRunner.run(arguments)
        #expect(result.status != 0)
        if let status { #expect(result.status == status, "\(result.stderr)") }
        #expect(result.stderr.hasPrefix("cdmigrate: error: "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        let left = try InterruptedRunTests.leftovers(besides: store)
        #expect(left.isEmpty, "left beside the store: \(left) after: \(result.stderr)")
        return result.stderr
    }

    /// A copy of the v1.0.0 store with these permissions on it and its folder.
    static func store(folderMode: Int, fileMode: Int) throws -> String {
        let store = try RenameChainFixture.store("v1.0.0")
        try FileManager.default.setAttributes(
            [.posixPermissions: folderMode], ofItemAtPath: URL(fileURLWithPath: store).deletingLastPathComponent().path)
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: store)
        return store
    }

    static var canMount: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") }

    static func mount(size: Int, at folder: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func unmount(_ folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/umount")
        process.arguments = [folder.path]
        try process.run()
        process.waitUntilExit()
    }

    /// Runs `migrate` with its store (or only its backup folder) on a tmpfs of `pages` pages; nil when it
    /// succeeded, else the error line (checked against the failure contract) with the mount point elided.
    func migrateOnFullDisk(pages: Int, backupsOnly: Bool) throws -> String? {
        let mountPoint = try TemporaryDirectory.make()
        guard try Self.mount(size: pages * 4096, at: mountPoint) else {
            Issue.record("tmpfs could not be mounted")
            return nil
        }
        defer { try? Self.unmount(mountPoint) }
        let folder = backupsOnly ? try TemporaryDirectory.make() : mountPoint
        let store = folder.appendingPathComponent("Example.sqlite").path
        try FileManager.default.copyItem(atPath: try RenameChainFixture.store("v1.0.0"), toPath: store)
        let extra = backupsOnly ? ["--backup-dir", mountPoint.path] : []
        let result = try CLIRunner.run(["migrate", store, "--model", model, "--to", "v2.0.0", "--yes"] + extra)
        guard result.status != 0 else { return nil }
        return try expectCleanFailure(store, extra: extra).replacingOccurrences(of: mountPoint.path, with: "…")
            .replacingOccurrences(of: folder.path, with: "…")
    }

    @Test(
        "A full disk at every stage (snapshot, each step, backup, history): a clear error and the original untouched",
        .enabled(if: canMount, "needs root to mount a small tmpfs"))
    func diskFull() throws {
        // The store is 6 pages: from 7 pages up, the store's filesystem fills at the snapshot, then at each step;
        // a separate backup filesystem fills while the backup is copied.
        var failures: [String] = []
        var succeeded = 0
        for pages in 7...30 {
            if let failure = try migrateOnFullDisk(pages: pages, backupsOnly: false) {
                failures.append(failure)
            } else {
                succeeded += 1
            }
        }
        for pages in 1...8 {
            if let failure = try migrateOnFullDisk(pages: pages, backupsOnly: true) {
                failures.append(failure)
            } else {
                succeeded += 1
            }
        }
        let stages = Set(
            failures.map { line in
                [
                    "cannot copy the store", "step v1.0.0", "step v1.1.0", "step v1.1.2", "step v1.2.0", "backup", "history",
                    "journal",
                ]
                .first { line.contains($0) } ?? line
            })
        print("disk full: \(failures.count) failures at \(stages.sorted()), \(succeeded) successes")
        #expect(stages.isSuperset(of: ["cannot copy the store", "step v1.0.0", "backup"]), "\(stages)")
        #expect(succeeded > 0)
    }

    @Test(
        "A read-only folder and an unwritable backup folder: refused before anything is written",
        .enabled(if: CLIRunner.canRunUnprivileged, "as root, needs setpriv and a binary user nobody can reach"))
    func readOnlyFolders() throws {
        let store = try Self.store(folderMode: 0o555, fileMode: 0o644)
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent().path
        try expectCleanFailure(store, status: 7, unprivileged: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store)
        let backups = try TemporaryDirectory.make()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: backups.path)
        try expectCleanFailure(store, status: 7, unprivileged: true, extra: ["--backup-dir", backups.path])
    }

    @Test(
        "A store held by a reader or a writer is refused as locked (exit 6)", SQLiteWriterProcess.required,
        arguments: [
            "BEGIN; SELECT COUNT(*) FROM \"Z_PRIMARYKEY\";", SQLiteWriterProcess.openTransaction,
        ])
    func heldStore(statements: String) throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let holder = try SQLiteWriterProcess(path: store, statements: statements)
        defer { holder.finish() }
        try expectCleanFailure(store, status: 6)
    }

    @Test("A truncated store and a corrupted page are refused as damaged")
    func damagedStores() throws {
        let truncated = try RenameChainFixture.store("v1.0.0")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try bytes.prefix(bytes.count / 2 + 100).write(to: URL(fileURLWithPath: truncated))
        try expectCleanFailure(truncated)
        let corrupted = try RenameChainFixture.store("v1.0.0")
        var pages = try Data(contentsOf: URL(fileURLWithPath: corrupted))
        let pageSize = Int(pages[16]) << 8 | Int(pages[17])
        for offset in pageSize..<(pageSize + 64) { pages[offset] = 0xA5 }
        try pages.write(to: URL(fileURLWithPath: corrupted))
        try expectCleanFailure(corrupted)
    }

    @Test("A -wal that belongs to another store: a clear error and the original untouched", SQLiteWriterProcess.required)
    func foreignWAL() throws {
        // Another app's store: its log's pages do not fit this database's b-trees.
        let store = try Self.walStore()
        try Self.plantLog(
            from: try CLIRunner.sampleStore(version: 1, entries: 300), into: store,
            statements: #"UPDATE "ZENTRY" SET "ZTITLE" = "ZTITLE" || ' (edited)'; DELETE FROM "ZENTRY" WHERE "Z_PK" % 3 = 0;"#)
        let refusal = try expectForeignLogRefused(store)
        #expect(refusal.contains("damaged") || refusal.contains("removes table ZBASICENTITY"), "\(refusal)")
        // Another store of the same app and version: its log carries that store's metadata page.
        let twin = try Self.walStore()
        try Self.plantLog(
            from: try RenameChainFixture.store("v1.0.0"), into: twin,
            statements: #"UPDATE "Z_METADATA" SET "Z_VERSION" = "Z_VERSION";"#)
        #expect(try expectForeignLogRefused(twin).contains("holds another store"))
    }

    @Test("A -wal older than its database (kept from before the store's last changes) is refused")
    func staleWAL() throws {
        let store = try Self.walStore()
        let increment = #"PRAGMA wal_autocheckpoint=0; UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = "Z_MAX" + 1;"#
        let holder = try SQLiteWriterProcess(path: store, statements: increment)
        let stale = try TemporaryDirectory.make().appendingPathComponent("stale-wal").path
        try FileManager.default.copyItem(atPath: store + "-wal", toPath: stale)
        holder.finish()
        // The app goes on: more keys handed out and checkpointed into the database file.
        let later = try SQLiteWriterProcess(path: store, statements: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = "Z_MAX" + 5;"#)
        later.finish()
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        try FileManager.default.copyItem(atPath: stale, toPath: store + "-wal")
        #expect(try expectForeignLogRefused(store).contains("lowers BasicEntity's highest primary key from 7 to 2"))
    }

    /// A fixture store in WAL mode, like the stores Core Data writes: the case database headers cannot tell.
    static func walStore() throws -> String {
        let store = try RenameChainFixture.store("v1.0.0")
        let queue = try DatabaseQueue(path: store)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode=WAL") }
        try queue.close()
        return store
    }

    /// Copies the committed, not yet checkpointed log of `statements` run on `other` beside `store`.
    static func plantLog(from other: String, into store: String, statements: String) throws {
        let holder = try SQLiteWriterProcess(
            path: other, statements: "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; " + statements)
        try FileManager.default.copyItem(atPath: other + "-wal", toPath: store + "-wal")
        holder.finish()
    }

    /// Migrating refuses the planted log with one error line naming it; the store and its log are untouched.
    func expectForeignLogRefused(_ store: String) throws -> String {
        let log = try Data(contentsOf: URL(fileURLWithPath: store + "-wal"))
        let stderr = try expectCleanFailure(store, status: 5)
        #expect(stderr.contains("the -wal does not belong to this store"), "\(stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "-wal")) == log)
        return stderr
    }

    @Test("A mapping expression that fails while running: a clear error and the original untouched")
    func failingExpression() throws {
        let store = try CLIRunner.sampleStore(version: 3, entries: 50)
        let mappings = try TemporaryDirectory.make()
        let text = try String(
            contentsOfFile: SampleApp.examplesFolder.appendingPathComponent("Mappings/journal-3-to-4.yaml").path, encoding: .utf8)
        try text.replacingOccurrences(of: "name: trim($source.author)", with: "name: trim($source.author) + ($source.mood / 0)")
            .write(toFile: mappings.appendingPathComponent("journal-3-to-4.yaml").path, atomically: true, encoding: .utf8)
        // The model alone, without the project file beside it that adds the working mappings.
        let model = try TemporaryDirectory.make().appendingPathComponent(SampleApp.modelName).path
        try FileManager.default.copyItem(atPath: CLIRunner.sampleModel, toPath: model)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let result = try CLIRunner.run([
            "migrate", store, "--model", model, "--mappings", mappings.path, "--to", "Journal 4", "--yes",
        ])
        #expect(result.stderr.contains("division by zero"), "\(result.stderr)")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("cdmigrate: error: "), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(try InterruptedRunTests.leftovers(besides: store).isEmpty)
    }

    @Test(
        "An unreadable mapping folder is an error for plan and migrate, never a fall-back chain",
        .enabled(if: CLIRunner.canRunUnprivileged, "as root, needs setpriv and a binary user nobody can reach"))
    func unreadableMappingFolder() throws {
        let store = try Self.store(folderMode: 0o777, fileMode: 0o666)
        let mappings = try TemporaryDirectory.make()
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: mappings.path)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        for command in ["plan", "migrate"] {
            let result = try CLIRunner.runUnprivileged(
                [command, store, "--model", model, "--mappings", mappings.path, "--yes"].filter {
                    command == "migrate" || $0 != "--yes"
                })
            #expect(result.status == 8, "\(result.stderr)")
            #expect(result.stderr.contains("cannot read the mapping folder"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
    }
}

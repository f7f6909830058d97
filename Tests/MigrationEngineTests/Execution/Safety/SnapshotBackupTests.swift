import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// The source is read once (issue 34.3): a run's snapshot copy of each store file becomes the backup's file
/// when it provably holds the store's bytes, and the backup is the original byte for byte either way.
@Suite("Snapshot as backup")
struct SnapshotBackupTests {
    /// The run's snapshot copy of `store`'s file with `suffix`, found beside the store while the run is on.
    static func snapshotCopy(of store: String, suffix: String = "") -> String? {
        let paths = StorePaths(storePath: store)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: paths.folder)) ?? []
        guard let folder = names.first(where: { $0.hasPrefix(".") && $0.hasSuffix("-snapshot") }) else { return nil }
        let inner = paths.folder + "/" + folder
        guard let snapshot = try? FileManager.default.contentsOfDirectory(atPath: inner).first else { return nil }
        return inner + "/" + snapshot + "/" + paths.fileName + suffix
    }

    static func inode(_ path: String) -> (UInt64, UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// The store's files as they are now, by suffix.
    static func files(of store: String, _ suffixes: [String]) throws -> [String: Data] {
        try Dictionary(uniqueKeysWithValues: suffixes.map { ($0, try Data(contentsOf: URL(fileURLWithPath: store + $0))) })
    }

    /// The files of the store's only backup, by suffix.
    static func backup(of store: String, _ suffixes: [String]) throws -> (files: [String: Data], folder: String) {
        let backups = BackupStore(root: StorePaths(storePath: store).defaultBackupRoot)
        let manifest = try #require(try backups.list().first)
        try backups.verify(manifest)
        let folder = backups.folder(of: manifest.id) + "/" + StorePaths(storePath: store).fileName
        return (try files(of: folder, suffixes), folder)
    }

    /// Runs `job`, calling `atBackup` when the backup starts (the chain has run; the snapshot is still there).
    static func run(_ job: MigrationJob, atBackup: @escaping @Sendable () -> Void) throws {
        try ChainExecutor(report: { event in if event == .stageStarted(.backup) { atBackup() } }).run([job])
    }

    /// Changes the last byte of the file at `path` and sets its modification time back, so its stamp (size,
    /// time, inode) is what it was: only its bytes and its inode change time tell.
    static func changeKeepingStamp(_ path: String) throws {
        var info = stat()
        #expect(stat(path, &info) == 0)
        let descriptor = open(path, O_RDWR)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var byte: UInt8 = 0
        #expect(pread(descriptor, &byte, 1, off_t(info.st_size - 1)) == 1)
        byte ^= 0xFF
        #expect(pwrite(descriptor, &byte, 1, off_t(info.st_size - 1)) == 1)
        var times = [info.st_atim, info.st_mtim]
        #expect(futimens(descriptor, &times) == 0)
        let stamp = FileStamp.of(path)
        #expect(stamp?.modifiedSeconds == Int64(info.st_mtim.tv_sec) && stamp?.size == Int64(info.st_size))
    }

    @Test("The snapshot's copy becomes the backup, the original byte for byte, instead of a second copy")
    func snapshotBecomesBackup() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Self.files(of: store, [""])
        let seen = Mutex<(UInt64, UInt64)?>(nil)
        try Self.run(MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))) {
            seen.withLock { $0 = Self.snapshotCopy(of: store).flatMap(Self.inode) }
        }
        let backup = try Self.backup(of: store, [""])
        #expect(backup.files == original)
        let copied = try #require(seen.withLock { $0 }, "the snapshot is kept until the backup")
        #expect(Self.inode(backup.folder).map { $0 == copied } == true, "the backup is the snapshot's file")
        #expect(Self.snapshotCopy(of: store) == nil, "nothing of the snapshot is left")
    }

    /// Migrates `store` to `target` of the model at `model` and expects the backup's database and `-wal` to be
    /// the snapshot's own files (their inodes), holding the store's bytes as they were before the run.
    static func expectBackupIsTheSnapshot(of store: String, model: String, target: String) throws {
        let suffixes = ["", "-wal"]
        let original = try files(of: store, suffixes)
        let project = try MigrationProject(modelPath: model, settings: PlanningSettings())
        let planning = try project.plan(store: store, target: target)
        let seen = Mutex<[String: (UInt64, UInt64)]>([:])
        try run(MigrationJob(storePath: store, plan: planning.plan)) {
            seen.withLock { seen in
                for suffix in suffixes { seen[suffix] = snapshotCopy(of: store, suffix: suffix).flatMap(inode) }
            }
        }
        let backup = try backup(of: store, suffixes)
        #expect(backup.files == original)
        for suffix in suffixes {
            let copied = try #require(seen.withLock { $0[suffix] }, "the snapshot's \(suffix) is kept until the backup")
            #expect(inode(backup.folder + suffix).map { $0 == copied } == true, "the backup's \(suffix) is the snapshot's")
        }
    }

    @Test("A WAL store's database and -wal, its entries only in the log, become the backup as the snapshot copied them")
    func writeAheadLog() throws {
        // Every connection reading the snapshot leaves its log alone (a read-write one folds it into the file
        // when it closes), so the copies still hold the store's bytes and no second copy is made.
        let store = try JournalFixture.walStore(version: 1, entries: 30)
        try Self.expectBackupIsTheSnapshot(of: store, model: JournalFixture.modelPath, target: "Journal 3")
    }

    @Test("surfjournal, most of its rows only in its -wal: the snapshot's copies become the backup", Corpus.required)
    func surfJournal() throws {
        let store = try Corpus.copyStore("surfjournal/stores/SurfJournalModel.sqlite")
        // The corpus model has one version; a second adds an optional attribute, so the run copies every row.
        let contents = try String(
            contentsOfFile: Corpus.path("surfjournal/SurfJournalModel.xcdatamodeld/SurfJournalModel.xcdatamodel/contents"),
            encoding: .utf8)
        let entity = try #require(contents.firstRange(of: "<entity").map { contents[$0.lowerBound...] })
        let entities = String(try #require(entity.firstRange(of: "</entity>").map { entity[..<$0.upperBound] }))
        let added = entities.replacingOccurrences(
            of: "</entity>", with: #"<attribute name="notes" optional="YES" attributeType="String"/></entity>"#)
        let model = try InlineModel.write(
            name: "SurfJournalModel", versions: ["SurfJournalModel": entities, "SurfJournalModel 2": added],
            current: "SurfJournalModel 2")
        try Self.expectBackupIsTheSnapshot(of: store, model: model, target: "SurfJournalModel 2")
    }

    @Test("A snapshot copy written to after it was taken is not used: the store is copied again")
    func changedCopyIsNotUsed() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Self.files(of: store, [""])
        let seen = Mutex<(UInt64, UInt64)?>(nil)
        try Self.run(MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))) {
            guard let copy = Self.snapshotCopy(of: store), let handle = FileHandle(forWritingAtPath: copy) else { return }
            handle.seekToEndOfFile()
            handle.write(Data([0x2A]))
            try? handle.close()
            seen.withLock { $0 = Self.inode(copy) }
        }
        let backup = try Self.backup(of: store, [""])
        #expect(backup.files == original)
        let changed = try #require(seen.withLock { $0 })
        #expect(Self.inode(backup.folder).map { $0 != changed } == true)
    }

    @Test("A snapshot copy written to with its stamp set back is not used: the store is copied again")
    func copyChangedKeepingItsStampIsNotUsed() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let original = try Self.files(of: store, [""])
        let seen = Mutex<(UInt64, UInt64)?>(nil)
        let changed = Mutex(false)
        try Self.run(MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))) {
            guard let copy = Self.snapshotCopy(of: store), (try? Self.changeKeepingStamp(copy)) != nil else { return }
            seen.withLock { $0 = Self.inode(copy) }
            changed.withLock { $0 = true }
        }
        #expect(changed.withLock { $0 }, "the snapshot's copy was there to change")
        let backup = try Self.backup(of: store, [""])
        #expect(backup.files == original)
        let copy = try #require(seen.withLock { $0 })
        #expect(Self.inode(backup.folder).map { $0 != copy } == true)
    }

    @Test("A store changed with its stamp set back after its snapshot: neither the copy nor a fresh copy is its backup")
    func storeChangedAfterItsSnapshotIsNotBackedUp() throws {
        let folder = try TemporaryDirectory.make()
        let store = StorePaths(storePath: try ExecutionFixture.store("v1.0.0", in: folder)).storePath
        var options = SnapshotOptions()
        options.digestsCopies = true
        let snapshot = try StoreSnapshot.take(of: store, in: folder, options: options)
        defer { snapshot.remove() }
        let copied = try #require(snapshot.copiedFiles.first)
        #expect(copied.digest == FileDigest.sha256(store))
        try Self.changeKeepingStamp(store)
        #expect(FileStamp.of(store) == copied.originalStamp)
        // Its stamp says nothing changed; its inode change time says the snapshot is no longer the store.
        let backups = BackupStore(root: folder.appendingPathComponent("backups").path)
        #expect {
            _ = try backups.create(
                of: store, version: "v1.0.0", targetVersion: "v1.1.0", snapshotCopies: snapshot.copiedFiles)
        } throws: { ($0 as? ExecutionError)?.code == .backupDamaged }
        #expect(FileManager.default.fileExists(atPath: copied.copy), "the snapshot's copy stays where it was")
    }

    @Test("A run whose store is changed with its stamp set back after it was read stops before the swap, the store as changed")
    func runOverAChangedStoreStops() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let changed = Mutex<Data?>(nil)
        #expect {
            try Self.run(MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))) {
                guard (try? Self.changeKeepingStamp(store)) != nil else { return }
                changed.withLock { $0 = try? Data(contentsOf: URL(fileURLWithPath: store)) }
            }
        } throws: { ($0 as? ExecutionError)?.code == .backupDamaged }
        let written = try #require(changed.withLock { $0 }, "the store was changed as the backup started")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == written, "the store is as the change left it")
        #expect(Self.snapshotCopy(of: store) == nil, "nothing of the snapshot is left")
    }

    @Test("A snapshot taken for anything but a real run hashes nothing and keeps no copies for a backup")
    func onlyARealRunDigests() throws {
        let store = try ExecutionFixture.store("v1.0.0")
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        #expect(snapshot.copiedFiles.isEmpty)
    }
}

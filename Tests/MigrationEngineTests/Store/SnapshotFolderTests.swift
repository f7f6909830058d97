import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("Snapshots go into one private folder per user")
struct SnapshotFolderTests {
    @Test("The folder is made 0700 on first use and used again after")
    func madePrivate() throws {
        let temporary = try TemporaryDirectory.make()
        let folder = SnapshotFolder.resolve(in: temporary)
        #expect(folder.lastPathComponent == "cdmigrate-\(geteuid())")
        #expect(SnapshotFolder.isPrivate(folder.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(SnapshotFolder.resolve(in: temporary).path == folder.path)
    }

    @Test("Snapshots taken without a parent land in the per-user folder and are removed after")
    func snapshotsUseIt() throws {
        let store = try JournalFixture.walStore(version: 2, entries: 3)
        let folder = SnapshotFolder.resolve()
        let snapshot = try StoreSnapshot.take(of: store)
        #expect(snapshot.directory.deletingLastPathComponent().path == folder.path)
        snapshot.remove()
        #expect(!FileManager.default.fileExists(atPath: snapshot.directory.path))
    }

    @Test("A link, a folder open to others, or a file in the folder's place is not used: snapshots go to TMPDIR")
    func untrustedNameFallsBack() throws {
        let name = SnapshotFolder.name()
        let linked = try TemporaryDirectory.make()
        let elsewhere = try TemporaryDirectory.make()
        try FileManager.default.createSymbolicLink(
            atPath: linked.appendingPathComponent(name).path, withDestinationPath: elsewhere.path)
        #expect(SnapshotFolder.resolve(in: linked).path == linked.path)

        let open = try TemporaryDirectory.make()
        try FileManager.default.createDirectory(
            at: open.appendingPathComponent(name), withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o777])
        #expect(chmod(open.appendingPathComponent(name).path, 0o777) == 0)
        #expect(SnapshotFolder.resolve(in: open).path == open.path)

        let file = try TemporaryDirectory.make()
        try Data("x".utf8).write(to: file.appendingPathComponent(name))
        #expect(SnapshotFolder.resolve(in: file).path == file.path)
    }

    @Test(
        "A folder another user made under that name is not used", .enabled(if: geteuid() == 0, "only root can give a folder away")
    )
    func otherOwnerFallsBack() throws {
        let temporary = try TemporaryDirectory.make()
        let folder = temporary.appendingPathComponent(SnapshotFolder.name())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(chown(folder.path, 65534, 65534) == 0)
        #expect(!SnapshotFolder.isPrivate(folder.path))
        #expect(SnapshotFolder.resolve(in: temporary).path == temporary.path)
    }
}

import Foundation

/// The backups of one store: `<root>/backups/<id>/` folders, each with the original file set and a
/// ``BackupManifest``. A backup is written under `<id>.partial` and renamed when complete, so a folder
/// without that suffix is always whole.
package struct BackupStore: Sendable {
    /// The folder holding `backups/` and the history log.
    package let root: String

    /// Backups under `root`.
    package init(root: String) {
        self.root = root
    }

    /// The folder of the backup with this identifier.
    package func folder(of id: String) -> String { root + "/backups/" + id }

    /// Puts the store's files (database, `-wal`, `-shm`, `-journal`, external data folder) into a new backup
    /// and returns the manifest. Every file is copied (``BackupCopy``: a backup never shares a file with the
    /// live store, which an app may write the moment a run stops short of its swap) and digested from the
    /// bytes written, or is the run's own snapshot copy of it (see
    /// ``create(of:version:targetVersion:snapshotCopies:)``).
    package func create(of storePath: String, version: String?, targetVersion: String?) throws(ExecutionError) -> BackupManifest {
        try create(of: storePath, version: version, targetVersion: targetVersion, snapshotCopies: [])
    }

    /// ``create(of:version:targetVersion:)`` for a store a run read through its snapshot, which copied
    /// `snapshotCopies` (the database and logs, each hashed as it was copied). Each of those files must still be
    /// the one the snapshot read (its stamp and inode change time unchanged): one changed since was not migrated
    /// as it is, so the backup is refused and nothing replaces it. The snapshot's copy is then moved into the
    /// backup where it provably holds the file's bytes (``SnapshotBackup``), else the file is copied and must
    /// have the digest of the bytes the snapshot read: the store is digested once, by the snapshot's copy.
    func create(
        of storePath: String, version: String?, targetVersion: String?, snapshotCopies: [StoreSnapshot.CopiedFile]
    ) throws(ExecutionError) -> BackupManifest {
        let paths = StorePaths(storePath: storePath)
        let id = Self.newIdentifier()
        let partial = folder(of: id) + ".partial"
        try OwnFolder.make(partial, root: root)
        var entries: [BackupManifest.Entry] = []
        for name in StoreFileList.names(of: paths) {
            let source = paths.folder + "/" + name
            let copy = partial + "/" + name
            try DurableFile.makeFolder(URL(fileURLWithPath: copy).deletingLastPathComponent().path)
            let digest: String
            if let copied = snapshotCopies.first(where: { paths.fileName + $0.suffix == name }) {
                guard copied.isOriginal(FileStamp.withChangeTime(source)) else {
                    throw ExecutionError(
                        .backupDamaged, path: source, message: "\(source) changed after the run read it; it is left as it is")
                }
                if let moved = try SnapshotBackup.move(copied, of: source, to: copy) {
                    digest = moved
                } else {
                    digest = try BackupCopy.copy(source, to: copy, expecting: copied.digest)
                }
            } else {
                digest = try BackupCopy.copy(source, to: copy, expecting: nil)
            }
            entries.append(.init(name: name, size: StoreFileList.size(copy), sha256: digest))
        }
        let manifest = BackupManifest(
            id: id, created: Date(), storePath: paths.storePath, version: version, targetVersion: targetVersion,
            files: entries)
        do {
            try DurableFile.write(try manifest.encoded(), to: partial + "/" + BackupManifest.fileName)
        } catch let error as ExecutionError {
            throw error
        } catch {
            throw ExecutionError(.io, path: partial, message: "cannot encode the manifest")
        }
        try DurableFile.rename(partial, to: folder(of: id))
        return manifest
    }

    /// Every complete backup, oldest first; throws when the folder or a backup's manifest cannot be read.
    ///
    /// An entry that is no backup cdmigrate made — a name not in its form, or a folder without a manifest
    /// (a stray folder someone made) — is left out and passed to `skipped` with why, so one stray folder
    /// does not stop `history` or `restore`.
    package func list(skipped: (String) -> Void = { _ in }) throws(ExecutionError) -> [BackupManifest] {
        var manifests: [BackupManifest] = []
        for name in try folderNames() where !name.hasSuffix(".partial") {
            let entry = root + "/backups/" + name
            guard BackupLocation.isIdentifier(name) else {
                skipped("skipped \(entry): not a backup (its name is not one cdmigrate gives)")
                continue
            }
            guard access(entry + "/" + BackupManifest.fileName, F_OK) == 0 else {
                skipped("skipped \(entry): not a backup (no \(BackupManifest.fileName))")
                continue
            }
            manifests.append(try manifest(of: name))
        }
        return manifests.sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }

    /// Removes backups a crash interrupted before they were complete (no journal ever points at one).
    package func removePartialBackups() throws(ExecutionError) {
        for name in try folderNames() where name.hasSuffix(".partial") {
            try DurableFile.removeTree(root + "/backups/" + name)
        }
    }

    /// Throws unless the folders and the history log cdmigrate keeps under `root` are its own (see
    /// ``OwnFolder``): checked before a run or a restore starts, so a planted link refuses it up front.
    package func checkOwnFiles() throws(ExecutionError) {
        try OwnFolder.check(root + "/backups", root: root)
        try OwnFolder.checkFile(RunHistory(root: root).path)
    }

    /// The names in the backups folder, complete and partial (none when there is no folder yet).
    func folderNames() throws(ExecutionError) -> [String] {
        let folder = root + "/backups"
        try OwnFolder.check(folder, root: root)
        guard access(folder, F_OK) == 0 else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ExecutionError(.io, path: folder, message: "cannot list the backups: \(error.localizedDescription)")
        }
    }

    /// The manifest of the backup a restore of `storePath` puts back: `id`, or the newest when nil.
    package func manifestToRestore(_ id: String?, for storePath: String) throws(ExecutionError) -> BackupManifest {
        if let id { return try manifest(of: id, for: storePath) }
        guard let newest = try list().last else {
            throw ExecutionError(.backupNotFound, path: root, message: "no backups of this store")
        }
        return try manifest(of: newest.id, for: storePath)
    }

    /// The manifest of one backup, checked to be a backup of the store at `storePath`: backups beside the
    /// store are its own; in a shared folder the manifest must name this store. Every file name in it must
    /// stay inside the store's folder.
    package func manifest(of id: String, for storePath: String) throws(ExecutionError) -> BackupManifest {
        let paths = StorePaths(storePath: storePath)
        let manifest = try manifest(of: id)
        guard root == paths.defaultBackupRoot || manifest.storePath == paths.storePath else {
            throw ExecutionError(
                .backupDamaged, path: folder(of: id),
                message: "this backup was taken of \(manifest.storePath), not of \(paths.storePath)")
        }
        try manifest.checkNames(for: paths, path: folder(of: id))
        return manifest
    }

    /// The manifest of one backup.
    package func manifest(of id: String) throws(ExecutionError) -> BackupManifest {
        guard BackupLocation.isIdentifier(id) else {
            throw ExecutionError(.backupNotFound, path: root, message: "\"\(id)\" is not a backup identifier")
        }
        try OwnFolder.check(folder(of: id), root: root)
        let path = folder(of: id) + "/" + BackupManifest.fileName
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ExecutionError(.backupNotFound, path: folder(of: id), message: "no such backup")
        }
        do {
            return try JSONCoding.decoder.decode(BackupManifest.self, from: data)
        } catch {
            throw ExecutionError(.backupDamaged, path: path, message: "unreadable manifest")
        }
    }

    /// Throws naming the first file that is missing or differs from the manifest.
    package func verify(_ manifest: BackupManifest) throws(ExecutionError) {
        for entry in manifest.files {
            let path = folder(of: manifest.id) + "/" + entry.name
            guard FileDigest.sha256(path) == entry.sha256 else {
                throw ExecutionError(.backupDamaged, path: path, message: "missing or changed since the backup was taken")
            }
        }
    }

    private static func newIdentifier() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: Date()) + "-" + String(UUID().uuidString.prefix(6)).lowercased()
    }
}

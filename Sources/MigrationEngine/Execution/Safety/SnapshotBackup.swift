import Foundation

/// Puts the run's own snapshot copy of a store file into the backup in place of a second copy of the file:
/// the snapshot read the store once already, and while the store is locked and unchanged since, its copy holds
/// the very bytes a backup copy would (issue 34.3: the source is read once).
///
/// The copy is used only when that is certain, and the file is copied as before otherwise:
/// - the store's file is the one the snapshot copied, with the stamp and inode change time it had while it
///   was copied (the caller checks it, and refuses a file changed since: the run did not migrate it as it is),
///   so the digest of the bytes written to the copy, hashed as the snapshot copied them, is the file's, and
/// - the snapshot's copy still carries the stamp and the inode change time it had once written (nothing, no
///   repair, no rolled-back journal, no checkpoint, no write with its time set back, has changed it since), and
/// - it can be linked into the backup folder (the same filesystem; never over a file already there) and
///   unlinked from the snapshot.
///
/// It is given the original's permission bits and flushed to disk before it counts, as a copy would be, and
/// leaves the snapshot's folder, so a backup still shares no file with the live store or the snapshot.
enum SnapshotBackup {
    /// Moves the snapshot's copy `copied` of `source` to the new file `target`; returns its digest, or nil when
    /// the copy cannot stand for the file (the caller then copies it).
    /// - Parameters:
    ///   - copied: What the run's snapshot copied of `source`, which is unchanged since.
    ///   - source: The store's file.
    ///   - target: The backup's file, which must not exist.
    /// - Returns: The hex SHA-256 of the file moved, or nil.
    /// - Throws: ``ExecutionError`` when the copy was found fit but could not be given its permissions or
    ///   flushed to disk.
    static func move(_ copied: StoreSnapshot.CopiedFile, of source: String, to target: String) throws(ExecutionError)
        -> String?
    {
        let descriptor = open(copied.copy, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Checked before anything below changes the inode (permissions, the link).
        guard let now = FileStamp.withChangeTime(descriptor: descriptor), now.stamp == copied.copyStamp,
            now.changed == copied.copyChanged
        else { return nil }
        var info = stat()
        guard stat(source, &info) == 0, fchmod(descriptor, mode_t(info.st_mode & 0o7777)) == 0 else {
            throw ExecutionError(.io, path: target, message: "cannot give the backup copy the original's permissions")
        }
        guard flushToDisk(descriptor) else {
            throw ExecutionError(.io, path: target, message: "cannot flush the backup copy to disk")
        }
        // Linked, then unlinked from the snapshot: a link never replaces a file, and fails across filesystems.
        guard link(copied.copy, target) == 0 else { return nil }
        guard unlink(copied.copy) == 0 else {
            // The backup would share its file with the snapshot: take the link back and copy instead (a link
            // that cannot be taken back leaves the target, and the copy then fails naming it).
            unlink(target)
            return nil
        }
        DurableFile.syncDirectory(of: target)
        return copied.digest
    }
}

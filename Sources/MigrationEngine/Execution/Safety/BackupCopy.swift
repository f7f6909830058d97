import Foundation

/// Copies a store's files into a backup.
///
/// A backup never shares a file with the live store. An app may open the store at any moment a run is
/// killed — between its backup and its swap, or after the crash and before the next run recovers — and a
/// write through a shared file (a hard link) would change the backup with the store, or damage both. So every
/// file is copied, its digest taken from the very bytes written, and the copy flushed before it counts.
enum BackupCopy {
    /// Copies `source` into the new file `target` (never over a file already there, nor through a symbolic
    /// link) with the source's permission bits, flushed to disk.
    /// - Parameters:
    ///   - source: The store's file.
    ///   - target: The copy to create.
    ///   - expected: The digest the copy must have: that of the bytes the run's snapshot read of `source`,
    ///     which is unchanged since; nil when nothing read it before. Either way the source must not change
    ///     while it is copied.
    /// - Returns: The hex SHA-256 of the bytes copied.
    /// - Throws: ``ExecutionError`` when a file cannot be read, created, written or flushed, or the copy is
    ///   not the original.
    static func copy(_ source: String, to target: String, expecting expected: String?) throws(ExecutionError) -> String {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(source, "cannot read it for the backup") }
        defer { close(input) }
        guard let before = FileStamp.of(descriptor: input) else { throw failure(source, "cannot read it for the backup") }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw failure(target, "cannot create the backup copy") }
        defer { close(output) }
        var info = stat()
        guard fstat(input, &info) == 0, fchmod(output, mode_t(info.st_mode & 0o7777)) == 0 else {
            throw failure(target, "cannot give the backup copy the original's permissions")
        }
        let digest: String
        do throws(FileDigest.CopyFailure) {
            digest = try FileDigest.sha256(copying: input, into: output)
        } catch {
            switch error {
            case .reading(let code): throw failure(source, "cannot read it for the backup", code: code)
            case .writing(let code): throw failure(target, "cannot copy \(source) into the backup", code: code)
            }
        }
        guard flushToDisk(output) else { throw failure(target, "cannot flush the backup copy to disk") }
        if let expected, expected != digest {
            throw ExecutionError(.backupDamaged, path: target, message: "the backup copy differs from \(source)")
        }
        if FileStamp.of(descriptor: input) != before {
            throw ExecutionError(.backupDamaged, path: target, message: "\(source) changed while it was copied")
        }
        DurableFile.syncDirectory(of: target)
        return digest
    }

    private static func failure(_ path: String, _ what: String, code: Int32 = errno) -> ExecutionError {
        ExecutionError(.io, path: path, message: "\(what): \(String(cString: strerror(code)))")
    }
}

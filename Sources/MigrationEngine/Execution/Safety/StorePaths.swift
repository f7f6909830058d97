import Foundation

/// The files cdmigrate keeps beside a store: its lock, its swap journal, temporaries, and the default
/// folder for backups and history. All live in the store's own folder, so renames stay on one filesystem.
///
/// The store is taken at its real location: a symbolic link (absolute or relative) to the database is
/// followed first, so the real file set is migrated, backed up and swapped, and the link stays a link.
package struct StorePaths: Sendable, Hashable {
    /// The store's database file, symbolic links resolved.
    package let storePath: String

    /// Paths for the store at `storePath`.
    package init(storePath: String) {
        self.storePath = Self.realPath(storePath)
    }

    /// The store's folder.
    package var folder: String { URL(fileURLWithPath: storePath).deletingLastPathComponent().path }
    /// The store's file name (`App.sqlite`).
    package var fileName: String { URL(fileURLWithPath: storePath).lastPathComponent }
    /// The prefix every cdmigrate file beside the store starts with (`.App.sqlite.cdmigrate-`).
    package var prefix: String { folder + "/" + namePrefix }
    /// The file-name part of ``prefix``.
    var namePrefix: String { "." + fileName + ".cdmigrate-" }
    /// The lock file.
    package var lockFile: String { prefix + "lock" }
    /// The swap journal; present only while a swap is in progress (or was interrupted).
    package var journal: String { prefix + "journal" }
    /// The external data folder (`.App_SUPPORT`).
    package var supportFolder: String {
        folder + "/." + URL(fileURLWithPath: storePath).deletingPathExtension().lastPathComponent + "_SUPPORT"
    }
    /// The default folder for backups and the history log (`.cdmigrate/App.sqlite` beside the store).
    package var defaultBackupRoot: String { folder + "/.cdmigrate/" + fileName }
    /// The folder for this store's backups and history inside a `--backup-dir` shared by several stores:
    /// named by the file name and a digest of the store's real path, so two stores never share one.
    package func keyedBackupRoot(in shared: String) -> String {
        URL(fileURLWithPath: shared).standardizedFileURL.path + "/" + keyedRootName
    }
    /// The last component of ``keyedBackupRoot(in:)``.
    var keyedRootName: String { fileName + "-" + String(FileDigest.sha256(of: Data(storePath.utf8)).prefix(12)) }

    /// A temporary store file for one run and step.
    package func temporary(run: String, step: Int) -> String { prefix + "\(run)-step\(step).sqlite" }
    /// Where a sidecar (`-wal`, `-journal`) of the original is parked during a swap.
    package func parked(run: String, suffix: String) -> String { prefix + "\(run)-parked\(suffix)" }
    /// The private folder holding a run's snapshot of the original, so a killed run leaves it where the next
    /// run finds it.
    package func snapshotFolder(run: String) -> String { prefix + "\(run)-snapshot" }
    /// The marker a run keeps beside the store while it works (see ``RunMarker``).
    package func marker(run: String) -> String { prefix + "\(run)-run" }

    /// Temporaries, parked files, snapshots, markers and half-written journals left beside the store (not the
    /// lock or the journal). Throws when the folder cannot be listed.
    package func leftovers() throws(ExecutionError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ExecutionError(.io, path: folder, message: "cannot list the store's folder: \(error.localizedDescription)")
        }
        return names.filter { $0.hasPrefix(namePrefix) }
            .map { folder + "/" + $0 }
            .filter { $0 != lockFile && $0 != journal }
            .sorted()
    }

    /// The real path of a file: symbolic links in it and in its folders resolved (relative ones against the
    /// link's folder), `.` and `..` removed. A file that does not exist keeps its standardized path.
    static func realPath(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

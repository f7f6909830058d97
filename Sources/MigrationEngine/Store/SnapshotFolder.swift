import Foundation

/// Where snapshots are made by default: `<system temporary folder>/cdmigrate-<uid>`, one folder per user.
///
/// Every plan, verify and inspect sweeps the snapshots that killed processes left behind. In the system
/// temporary folder that meant listing all of it, which on a busy machine holds thousands of entries and cost
/// more than the plan itself; in this folder it lists a few entries. It also keeps copies of stores, which
/// hold someone's data, in a folder nobody else can list.
///
/// Another user can create the name first (the system folder is shared), so the folder is used only when it
/// is what this user would have made: a directory, not a link, owned by the effective user and closed to
/// everyone else. Otherwise snapshots go straight into the system temporary folder, each in its own `0700`
/// folder as before, and that folder is swept instead.
package enum SnapshotFolder {
    /// The folder's name in `temporary`: the effective user's id, so users never share one.
    package static func name() -> String { "cdmigrate-\(geteuid())" }

    /// The folder snapshots go into when no parent is given: the per-user folder inside `temporary` (created
    /// `0700` on first use), or `temporary` itself when that name is taken by something this user cannot trust.
    /// - Parameter temporary: The system temporary folder (`TMPDIR`), by default.
    /// - Returns: The per-user folder, or `temporary` when the per-user folder cannot be trusted.
    package static func resolve(in temporary: URL = FileManager.default.temporaryDirectory) -> URL {
        let folder = temporary.appendingPathComponent(name())
        // EEXIST is expected from the second use on; whatever is there is judged by lstat below either way.
        _ = mkdir(folder.path, 0o700)
        return isPrivate(folder.path) ? folder : temporary
    }

    /// Whether `path` is a directory (not a link to one) owned by the effective user, with no access for
    /// group or others: nobody else can add, replace or read what is inside.
    package static func isPrivate(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
    }
}

import Foundation

/// The folders cdmigrate makes for a store's backups and history: `.cdmigrate/` and `.cdmigrate/<store>/`
/// beside it (or its own keyed folder inside a `--backup-dir`), `backups/` and each backup in it.
///
/// Whoever plants a symbolic link or a folder of their own there could make a run write its history or
/// backups, or a restore read a backup, wherever they chose. So such a folder is refused, never followed: each
/// must be a real folder owned by the user running cdmigrate or by the owner of the folder that holds them
/// all (the store's folder, or the `--backup-dir`), so a support engineer running as root still uses what
/// the store's owner made.
enum OwnFolder {
    /// Throws unless every folder of cdmigrate's own on the way from `root`'s outermost one down to `folder`
    /// (inside `root` or `root` itself) is absent or a real folder of the right owner.
    static func check(_ folder: String, root: String) throws(ExecutionError) {
        let (base, chain) = try folders(down: folder, root: root)
        let owners = allowedOwners(base: base)
        for path in chain { try check(path, owners: owners, absentIsFine: true) }
    }

    /// Creates what is missing of the folders ``check(_:root:)`` checks, and checks each one.
    static func make(_ folder: String, root: String) throws(ExecutionError) {
        let (base, chain) = try folders(down: folder, root: root)
        try DurableFile.makeFolder(base)
        let owners = allowedOwners(base: base)
        for path in chain {
            if mkdir(path, 0o755) == 0 {
                DurableFile.syncDirectory(of: path)
            } else if errno != EEXIST {
                throw ExecutionError(.io, path: path, message: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
            try check(path, owners: owners, absentIsFine: false)
        }
    }

    /// Throws when the file cdmigrate keeps at `path` (a history log) is a symbolic link, which would lead
    /// its writes elsewhere. (Anything else that is not a regular file simply cannot be opened as one.)
    static func checkFile(_ path: String) throws(ExecutionError) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return }
        throw ExecutionError(.io, path: path, message: "a symbolic link where cdmigrate keeps its own file; refused (remove it)")
    }

    /// The folder holding cdmigrate's outermost own folder, and its own folders from there down to `folder`.
    private static func folders(down folder: String, root: String) throws(ExecutionError) -> (base: String, chain: [String]) {
        let rootURL = URL(fileURLWithPath: root)
        let parent = rootURL.deletingLastPathComponent()
        // `.cdmigrate/<store>` beside a store: both are cdmigrate's; a keyed root in a --backup-dir is alone.
        let beside = parent.lastPathComponent == ".cdmigrate"
        let outermost = beside ? parent : rootURL
        var chain = beside ? [parent.path, root] : [root]
        guard folder == root || folder.hasPrefix(root + "/") else {
            throw ExecutionError(.io, path: folder, message: "is not inside the backup folder \(root)")
        }
        var current = root
        for part in folder.dropFirst(root.count).split(separator: "/") {
            current += "/" + part
            chain.append(current)
        }
        return (outermost.deletingLastPathComponent().path, chain)
    }

    private static func allowedOwners(base: String) -> Set<uid_t> {
        var info = stat()
        return stat(base, &info) == 0 ? [geteuid(), info.st_uid] : [geteuid()]
    }

    private static func check(_ path: String, owners: Set<uid_t>, absentIsFine: Bool) throws(ExecutionError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT && absentIsFine { return }
            throw ExecutionError(.io, path: path, message: "cannot read the folder: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            throw ExecutionError(
                .io, path: path, message: "a symbolic link where cdmigrate keeps its own folder; it is not followed (remove it)")
        case S_IFDIR:
            guard owners.contains(info.st_uid) else {
                throw ExecutionError(
                    .io, path: path,
                    message:
                        "cdmigrate's own folder belongs to user \(info.st_uid), not to you or the store folder's owner; refused")
            }
        default:
            throw ExecutionError(.io, path: path, message: "not a folder where cdmigrate keeps its own folder; refused")
        }
    }
}

import Foundation

/// The one check every command that writes a file of its own (an export, a salvaged store, a mapping file)
/// makes before writing: the path must not be a file of a store's set. Replacing a store's database with
/// CSV, or its `-wal` (and the committed rows only it holds) with a mapping file, destroys the very input
/// the command read; writing a `-wal` or `-journal` beside another store's database makes SQLite apply it
/// the next time that store is opened.
package enum OutputPathCheck {
    /// Why `output` must not be written, or nil when it may.
    ///
    /// Refused: a file of one of `stores`' sets (the database, its `-wal`, `-shm` or `-journal`, anything
    /// under its external data folder) reached by any name — a symbolic link to it, a hard link to it, `..`
    /// in the path; an existing SQLite database; and a sidecar name (`X-wal`, `X-shm`, `X-journal`) beside
    /// an SQLite database `X`.
    ///
    /// - Parameters:
    ///   - output: The path about to be written.
    ///   - stores: The stores the command reads.
    /// - Returns: The reason, phrased to follow the output's path; nil when the path may be written.
    package static func problem(writing output: String, stores: [String]) -> String? {
        let names = spellings(of: output)
        let identity = fileIdentity(output)
        for store in stores {
            let paths = StorePaths(storePath: store)
            for suffix in [""] + StoreFileList.sidecars {
                let member = paths.storePath + suffix
                let sameFile = identity != nil && identity == fileIdentity(member)
                if names.contains(member) || sameFile {
                    return "is \(suffix.isEmpty ? "the database" : "the \(suffix) file") of the store \(store) it reads; "
                        + "choose another path"
                }
            }
            if names.contains(where: { $0.hasPrefix(paths.supportFolder + "/") || $0 == paths.supportFolder }) {
                return "is inside the external data folder of the store \(store) it reads; choose another path"
            }
        }
        for name in names {
            if StoreFileProbe.hasSignature(name) { return "is an SQLite database; refusing to replace it" }
            for suffix in StoreFileList.sidecars where name.hasSuffix(suffix) {
                let database = String(name.dropLast(suffix.count))
                if StoreFileProbe.hasSignature(database) {
                    return "would be the \(suffix) file of the SQLite store \(database); choose another path"
                }
            }
        }
        return nil
    }

    /// The path as written, made absolute with its folder's links resolved (what a rename in that folder
    /// replaces), and, when the path itself is a link, what it finally points to (what a write through it
    /// reaches).
    private static func spellings(of output: String) -> Set<String> {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        let folder = StorePaths.realPath(url.deletingLastPathComponent().path)
        var names: Set<String> = [folder == "/" ? "/" + url.lastPathComponent : folder + "/" + url.lastPathComponent]
        names.insert(StorePaths.realPath(output))
        return names
    }

    /// The device and inode of the file `path` reaches, or nil when nothing is there.
    private static func fileIdentity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

}

import Foundation

/// Where a store's backups may be: `backups/<id>` under its default root beside it, or under its own keyed
/// folder inside a shared `--backup-dir`. Names found in journals, manifests and the history log are checked
/// here before any file is read or written through them.
enum BackupLocation {
    /// Whether `id` has the form of a backup identifier: one path component, no `.partial`, not `.`/`..`.
    static func isIdentifier(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 80 && !id.hasPrefix(".") && !id.hasSuffix(".partial")
            && id.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x2E
            }
    }

    /// Whether `root` can hold this store's backups: its default root, or a keyed folder named for it.
    static func isRoot(_ root: String, of paths: StorePaths) -> Bool {
        let standard = URL(fileURLWithPath: root).standardizedFileURL.path
        return standard == root
            && (root == paths.defaultBackupRoot || URL(fileURLWithPath: root).lastPathComponent == paths.keyedRootName)
    }

    /// Whether `folder` is `<root>/backups/<id>` for a root of this store and a well-formed identifier.
    static func isBackupFolder(_ folder: String, of paths: StorePaths) -> Bool {
        let url = URL(fileURLWithPath: folder)
        let root = url.deletingLastPathComponent().deletingLastPathComponent().path
        return url.deletingLastPathComponent().lastPathComponent == "backups" && isIdentifier(url.lastPathComponent)
            && isRoot(root, of: paths) && folder == root + "/backups/" + url.lastPathComponent
    }

    /// The backup root holding a backup folder.
    static func root(of folder: String) -> String {
        URL(fileURLWithPath: folder).deletingLastPathComponent().deletingLastPathComponent().path
    }
}

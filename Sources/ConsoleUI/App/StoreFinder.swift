import Foundation
import MigrationEngine

/// Finds SQLite stores under a folder for the picker: files whose first bytes are SQLite's header, whatever
/// their name (apps name their stores `.wiredatabase`, `.moody`, or nothing at all), with their `-wal`
/// sidecar's size.
///
/// The walk is breadth-first (shallow stores appear first), at most ``maxDepth`` folders deep, enters every
/// folder once however many symbolic links lead to it (so a link back up the tree is no loop), and skips
/// hidden folders — `.cdmigrate/` holds backups, which are not stores to open — and the kernel's own views.
package enum StoreFinder {
    /// How deep the search goes, so that starting in `/` or a home folder stays bounded.
    package static let maxDepth = 8
    /// Folders never entered besides hidden ones: build products and dependencies, never an app's store.
    static let skipped: Set<String> = ["node_modules", "DerivedData"]
    /// Absolute folders never entered: the kernel's views hold no stores, and `/proc` alone has countless entries.
    static let systemFolders: Set<String> = ["/proc", "/sys", "/dev"]
    /// Name endings of SQLite's own sidecars: a rollback journal can begin with a copy of the database's
    /// first page, header included, and is no store to open.
    static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// The stores under `root`, sorted by relative path.
    package static func find(under root: String) -> [StoreCandidate] {
        var found: [StoreCandidate] = []
        walk(under: root, isCancelled: { false }, searched: { _ in }, found: { found.append($0) })
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// Walks the folders under `root`, handing each store to `found` the moment it is seen and the number of
    /// folders searched so far to `searched` after each folder; returns `false` when `isCancelled` stopped it.
    @discardableResult
    package static func walk(
        under root: String, isCancelled: () -> Bool, searched: (Int) -> Void, found: (StoreCandidate) -> Void
    ) -> Bool {
        var visited: Set<FileIdentity> = []
        var queue: [(path: String, relative: String, depth: Int)] = [
            (URL(fileURLWithPath: root).standardizedFileURL.path, "", 0)
        ]
        var folders = 0
        var next = 0
        while next < queue.count {
            if isCancelled() { return false }
            let folder = queue[next]
            next += 1
            // Dropping what is done now and then keeps the queue small without an O(n) removal per folder.
            if next >= 4096 {
                queue.removeFirst(next)
                next = 0
            }
            guard let identity = FileIdentity(followingLinksAt: folder.path), visited.insert(identity).inserted else {
                continue
            }
            // A folder that cannot be listed (no permission) is passed over: the picker offers what it can read.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
                if isCancelled() { return false }
                let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                guard let file = FileIdentity(followingLinksAt: path) else { continue }
                if file.isDirectory {
                    if folder.depth < maxDepth, !systemFolders.contains(path), !visited.contains(file) {
                        queue.append((path, relative, folder.depth + 1))
                    }
                } else if file.isRegularFile, !sidecarSuffixes.contains(where: { name.hasSuffix($0) }),
                    MigrationProject.isSQLiteFile(path)
                {
                    found(
                        StoreCandidate(
                            relativePath: relative, path: path, size: size(of: path) ?? 0, walSize: size(of: path + "-wal")))
                }
            }
            folders += 1
            searched(folders)
        }
        return true
    }

    private static func size(of path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

}

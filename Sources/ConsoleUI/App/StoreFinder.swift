import Foundation

/// Finds SQLite stores under a folder for the picker: files ending in `.sqlite` (or `.store`, `.db`) whose
/// first bytes are SQLite's header, with their `-wal` sidecar's size.
public enum StoreFinder {
    /// How deep the search goes, so that starting in a home folder stays quick.
    public static let maxDepth = 8
    /// Folders never entered.
    static let skipped: Set<String> = [".build", ".git", "node_modules", "DerivedData", ".swiftpm"]

    /// The stores under `root`, sorted by relative path.
    public static func find(under root: String) -> [StoreCandidate] {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        var found: [StoreCandidate] = []
        walk(rootURL, relative: "", depth: 0, into: &found)
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    private static func walk(_ folder: URL, relative: String, depth: Int, into found: inout [StoreCandidate]) {
        guard depth <= maxDepth,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return }
        for name in names.sorted() where !skipped.contains(name) {
            let url = folder.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(url, relative: path, depth: depth + 1, into: &found)
            } else if [".sqlite", ".store", ".db"].contains(where: { name.hasSuffix($0) }), isSQLite(url.path) {
                found.append(
                    StoreCandidate(
                        relativePath: path, path: url.path, size: size(of: url.path) ?? 0,
                        walSize: size(of: url.path + "-wal")))
            }
        }
    }

    private static func size(of path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    private static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }
}

import Foundation
import MigrationEngine

/// Runs a read against a private copy of a store (with its `-wal`/`-shm`), so the original is never
/// opened: opening a WAL store in place can create files and checkpoint it.
enum StoreCopy {
    /// Copies `path` and its sidecars to a temporary folder, runs `body` on the copy, removes the copy.
    static func withCopy<T>(of path: String, _ body: (String) throws -> T) throws -> T {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { throw MissingStore(path: path) }
        let folder = manager.temporaryDirectory.appendingPathComponent("cdmigrate-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
        for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
            try manager.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        do {
            return try body(copy)
        } catch var error as StoreWriteError {
            // Name the user's file, not the private copy.
            error.path = path
            throw error
        }
    }

    /// The store path does not exist.
    struct MissingStore: CategorizedError {
        let path: String
        var category: FailureCategory { .notFound }
        var description: String { "\(path): no such store" }
    }
}

import Foundation
import Testing

/// Access to `../shared/corpus`, the real Core Data stores the engine is judged against.
///
/// Tests that need it use ``Corpus/required`` so that a clone without `../shared` skips them visibly.
public enum Corpus {
    /// The corpus folder beside the package (`../shared/corpus`), or `CDMIGRATE_CORPUS` when set.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["CDMIGRATE_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// The package's own folder, found from this source file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether the corpus is present.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("README.md").path)
    }

    /// A test trait that skips the test, saying why, when the corpus is absent.
    public static var required: ConditionTrait {
        .enabled(if: isAvailable, "needs ../shared/corpus (real Apple stores); skipped because it is absent")
    }

    /// A path inside the corpus.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// Copies a corpus store and its `-wal`/`-shm` sidecars into a fresh temporary directory and returns
    /// the copy's path. The corpus is read-only; tests never open it in place.
    public static func copyStore(_ relative: String, to directory: URL? = nil) throws -> String {
        let source = root.appendingPathComponent(relative)
        let folder = try directory ?? TemporaryDirectory.make()
        let destination = folder.appendingPathComponent(source.lastPathComponent)
        for suffix in ["", "-wal", "-shm"] {
            let from = source.path + suffix
            guard FileManager.default.fileExists(atPath: from) else { continue }
            try FileManager.default.copyItem(atPath: from, toPath: destination.path + suffix)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination.path + suffix)
        }
        return destination.path
    }
}

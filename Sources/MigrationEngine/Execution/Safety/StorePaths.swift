import Foundation

/// The files cdmigrate keeps beside a store: its lock, its swap journal, temporaries, and the default
/// folder for backups and history. All live in the store's own folder, so renames stay on one filesystem.
public struct StorePaths: Sendable, Hashable {
    /// The store's database file.
    public let storePath: String

    /// Paths for the store at `storePath`.
    public init(storePath: String) {
        self.storePath = URL(fileURLWithPath: storePath).standardizedFileURL.path
    }

    /// The store's folder.
    public var folder: String { URL(fileURLWithPath: storePath).deletingLastPathComponent().path }
    /// The store's file name (`App.sqlite`).
    public var fileName: String { URL(fileURLWithPath: storePath).lastPathComponent }
    /// The prefix every cdmigrate file beside the store starts with (`.App.sqlite.cdmigrate-`).
    public var prefix: String { folder + "/." + fileName + ".cdmigrate-" }
    /// The lock file.
    public var lockFile: String { prefix + "lock" }
    /// The swap journal; present only while a swap is in progress (or was interrupted).
    public var journal: String { prefix + "journal" }
    /// The external data folder (`.App_SUPPORT`).
    public var supportFolder: String {
        folder + "/." + URL(fileURLWithPath: storePath).deletingPathExtension().lastPathComponent + "_SUPPORT"
    }
    /// The default folder for backups and the history log (`.cdmigrate/App.sqlite` beside the store).
    public var defaultBackupRoot: String { folder + "/.cdmigrate/" + fileName }

    /// A temporary store file for one run and step.
    public func temporary(run: String, step: Int) -> String { prefix + "\(run)-step\(step).sqlite" }
    /// Where a sidecar (`-wal`, `-journal`) of the original is parked during a swap.
    public func parked(run: String, suffix: String) -> String { prefix + "\(run)-parked\(suffix)" }

    /// Temporaries, parked files and half-written journals left beside the store (not the lock or the journal).
    public func leftovers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let namePrefix = "." + fileName + ".cdmigrate-"
        return names.filter { $0.hasPrefix(namePrefix) }
            .map { folder + "/" + $0 }
            .filter { $0 != lockFile && $0 != journal }
            .sorted()
    }
}

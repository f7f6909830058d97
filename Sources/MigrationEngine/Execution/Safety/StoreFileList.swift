import Foundation

/// The files of a store's set as names relative to its folder: the database, the `-wal`, `-shm` and
/// `-journal` sidecars that exist, and every file under the external data folder (`.App_SUPPORT`).
enum StoreFileList {
    /// Sidecar suffixes SQLite may leave beside a database.
    static let sidecars = ["-wal", "-shm", "-journal"]
    /// The sidecars that hold committed data (the `-shm` is only an index): the logs a swap parks.
    static let logs = ["-wal", "-journal"]
    /// The database and its logs: every file whose bytes make up a store's data.
    static let databaseAndLogs = [""] + logs

    /// The names of the files that exist now.
    static func names(of paths: StorePaths) -> [String] {
        var names: [String] = []
        for suffix in [""] + sidecars where isFile(paths.storePath + suffix) {
            names.append(paths.fileName + suffix)
        }
        let support = URL(fileURLWithPath: paths.supportFolder).lastPathComponent
        if let enumerator = FileManager.default.enumerator(atPath: paths.supportFolder) {
            for case let relative as String in enumerator where isFile(paths.supportFolder + "/" + relative) {
                names.append(support + "/" + relative)
            }
        }
        return names
    }

    /// Whether a regular file exists at `path`.
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A file's size, or 0 when it does not exist.
    static func size(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// When the store's data was last written: the newest modification time of the database and its logs,
    /// or nil when none exists.
    static func lastModified(of storePath: String) -> Date? {
        databaseAndLogs.compactMap { FileStamp.of(storePath + $0)?.modified }.max()
    }
}

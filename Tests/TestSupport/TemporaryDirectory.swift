import Foundation

/// Temporary folders for tests, all inside one folder per test process that is removed when the process
/// exits, so a test run leaves nothing behind; folders of runs that were killed are swept by the next run.
public enum TemporaryDirectory {
    private static let prefix = "cdmigrate-tests-"

    /// This process's folder: `<tmp>/cdmigrate-tests-<pid>`.
    private static let runRoot: URL = {
        let temporary = FileManager.default.temporaryDirectory
        sweepFinishedRuns(in: temporary)
        let root = temporary.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.removeItem(at: root)
        atexit { try? FileManager.default.removeItem(at: TemporaryDirectory.runRootPath) }
        return root
    }()

    /// The same path as a plain value, readable from the exit handler.
    private static let runRootPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())")

    /// Creates a new empty directory inside this test process's folder.
    public static func make() throws -> URL {
        let url = runRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes the folders of earlier test processes that no longer run.
    private static func sweepFinishedRuns(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}

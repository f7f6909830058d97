import Foundation
import Testing

/// An SQLite library built with `sqlite_dbpage`, which the shell's `.recover` needs and Debian 12's SQLite
/// lacks: `CDMIGRATE_RECOVER_LIBRARY`, else the `libsqlite3_tool.so` the `apsw` Python package ships.
enum RecoverLibrary {
    /// The library's path, or nil when neither is there.
    static let path: String? = {
        if let given = ProcessInfo.processInfo.environment["CDMIGRATE_RECOVER_LIBRARY"], !given.isEmpty {
            return FileManager.default.fileExists(atPath: given) ? given : nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import apsw, os; print(os.path.join(os.path.dirname(apsw.__file__), 'sqlite_extra_binaries', 'libsqlite3_tool.so'))",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// Skips a test, naming the package to install, when there is no such library.
    static var required: ConditionTrait {
        .enabled(
            if: path != nil,
            "needs an SQLite with sqlite_dbpage for .recover: the apsw Python package (pip install --user apsw) or CDMIGRATE_RECOVER_LIBRARY; skipped because neither is there"
        )
    }
}

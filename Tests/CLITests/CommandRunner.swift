import Foundation
import TestSupport

/// Runs the built `cdmigrate` binary as a subprocess, as a user or a script would.
struct CommandRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `cdmigrate` executable built beside the test bundle.
    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cdmigrate")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Corpus.packageRoot.appendingPathComponent(".build/debug/cdmigrate")
    }

    /// Runs `cdmigrate` with `arguments`; with `asUnprivileged`, as user `nobody` through `setpriv` when
    /// the tests run as root (root reads every file, so permission failures need another user).
    static func run(_ arguments: [String], asUnprivileged: Bool = false) throws -> Result {
        let process = Process()
        if asUnprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether ``run(_:asUnprivileged:)`` can drop privileges: not root, or root with `setpriv` and a binary
    /// that user `nobody` may reach (every folder above it searchable by others).
    static var canRunUnprivileged: Bool {
        if getuid() != 0 { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
        var url = binary
        while url.path != "/" {
            let mode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? 0
            if mode & 0o001 == 0 { return false }
            url.deleteLastPathComponent()
        }
        return true
    }

    /// The top-level keys of a JSON object printed on standard output.
    static func jsonKeys(_ text: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return Set(object?.keys ?? [:].keys)
    }
}

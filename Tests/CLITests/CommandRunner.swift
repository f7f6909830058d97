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

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
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

    /// The top-level keys of a JSON object printed on standard output.
    static func jsonKeys(_ text: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return Set(object?.keys ?? [:].keys)
    }
}

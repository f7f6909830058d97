import Foundation
import TestSupport

/// Runs the built `cdmigrate` binary and captures its output and exit status.
enum CLIRunner {
    struct Result {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String

        /// Standard output decoded as JSON.
        func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: Data(stdout.utf8))
        }
    }

    /// The `cdmigrate` executable of this build.
    static var binary: String { BuiltProduct.path("cdmigrate") ?? "cdmigrate (not built)" }

    static var isAvailable: Bool { BuiltProduct.path("cdmigrate") != nil }

    /// Runs `executable arguments` (`cdmigrate` by default); a `launcher` (for example `setpriv …`) runs the
    /// binary through it.
    static func run(
        _ arguments: [String], executable: String = "cdmigrate", environment: [String: String] = [:],
        launcher: [String] = []
    ) throws -> Result {
        let process = Process()
        let command = launcher + [BuiltProduct.path(executable) ?? executable] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, reason: process.terminationReason,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

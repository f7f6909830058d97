import Foundation
import Testing

/// A `sqlite3` process holding an open write transaction on a store, as an app in the middle of a save would.
public final class SQLiteWriterProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// What the default writer runs: a write transaction left open, so SQLite holds its write lock.
    public static let openTransaction = #"BEGIN IMMEDIATE; UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = "Z_MAX";"#

    /// A test trait that skips the test, saying why, when the `sqlite3` shell is missing.
    public static var required: ConditionTrait { InstalledTool.required("sqlite3") }

    /// Starts `sqlite3` on `path`, runs `statements` and returns once they have run.
    public init(path: String, statements: String = openTransaction) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((statements + " SELECT 'ready';\n").utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("ready") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
    }

    /// Ends the transaction and waits for the process to exit. Safe to call twice.
    public func finish() {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Kills the process mid-transaction, as a crash would, leaving whatever it wrote on disk.
    public func crash() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

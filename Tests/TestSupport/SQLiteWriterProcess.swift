import Foundation

/// A `sqlite3` process holding an open write transaction on a store, as an app in the middle of a save would.
public final class SQLiteWriterProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts `sqlite3` on `path` and returns once it holds the write lock.
    public init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((#"BEGIN IMMEDIATE; UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = "Z_MAX"; SELECT 'ready';"# + "\n").utf8))
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
}

import Foundation
import Testing

/// Drives a real program in a detached tmux session: send keys, capture the pane, wait for text.
///
/// Waiting polls the pane until the text appears or a deadline passes; there are no fixed sleeps.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Whether tmux is installed; end-to-end tests are skipped visibly without it.
    static var isAvailable: Bool { executable("tmux") != nil }

    /// The built `cdmigrate` binary beside the test bundle.
    static var binary: String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("cdmigrate").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts `command` in a new session of the given size, in `directory`.
    init(command: [String], width: Int = 80, height: Int = 24, directory: String, environment: [String: String] = [:]) throws {
        name = "cdm-\(UUID().uuidString.prefix(8))"
        socket = "cdmigrate-tests-\(name)"
        let env = environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { a, _ in a }
        let exports = env.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = "cd \(Self.quote(directory)) && env \(exports) " + command.map(Self.quote).joined(separator: " ")
            + "; echo; echo \"[exit $?]\"; sleep 600"
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", line])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys as tmux names them (`Tab`, `Enter`, `Escape`, `Down`, `q`, `C-c`).
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", name, key]) }
    }

    /// The pane's text now.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
    }

    /// Waits until the pane shows `text`; returns the screen, or records an issue with the last screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if screen.contains(text) { return screen }
            RunLoop.current.run(until: Date().addingTimeInterval(0.03))
        }
        Issue.record("timed out waiting for \"\(text)\"; screen was:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable("tmux") ?? "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private static func executable(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

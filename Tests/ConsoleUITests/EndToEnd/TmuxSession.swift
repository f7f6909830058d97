import Foundation
import TestSupport
import Testing

/// Drives a real program in a detached tmux session: send keys, capture the pane, wait for text.
///
/// Waiting polls the pane until the text appears or a deadline passes; there are no fixed sleeps. The
/// deadlines are generous (30 s unless a test says more): they only bound a test that has already failed,
/// and the machines that run the tests are often loaded.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Whether tmux is installed; end-to-end tests are skipped visibly without it.
    static var isAvailable: Bool { InstalledTool.path("tmux") != nil }

    /// The built `cdmigrate` binary beside the test bundle.
    static var binary: String? { BuiltProduct.path("cdmigrate") }

    /// Starts `command` in a new session of the given size, in `directory`.
    init(command: [String], width: Int = 80, height: Int = 24, directory: String, environment: [String: String] = [:]) throws {
        name = "cdm-\(UUID().uuidString.prefix(8))"
        socket = "cdmigrate-tests-\(name)"
        let env = environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { a, _ in a }
        let exports = env.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        // The test runner's own NO_COLOR (swift test may set it) must not leak into the program under test.
        let unset = environment["NO_COLOR"] == nil ? "-u NO_COLOR " : ""
        let line =
            "cd \(Self.quote(directory)) && env \(unset)\(exports) " + command.map(Self.quote).joined(separator: " ")
            + "; code=$?; echo; echo \"[exit $code]\"; sleep 600"
        // The server forked by new-session would inherit an output pipe and keep it open forever.
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", line], readOutput: false)
    }

    deinit {
        _ = try? tmux(["kill-server"], readOutput: false)
    }

    /// Sends keys as tmux names them (`Tab`, `Enter`, `Escape`, `Down`, `q`, `C-c`).
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", name, key]) }
    }

    /// Types `text` as it is (escape sequences included, such as a terminal's mouse reports).
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The pane's text now.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
    }

    /// Waits until the pane shows `text`; returns the screen once it has settled, or records an issue with the
    /// last screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until the pane's text satisfies `condition`; returns the settled screen, or records an issue
    /// (naming `what` was awaited) with the last screen.
    @discardableResult
    func waitUntil(
        _ what: String, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if condition(screen) { return try settled(screen, while: condition) }
            RunLoop.current.run(until: Date().addingTimeInterval(0.03))
        }
        Issue.record("timed out waiting for \(what); screen was:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    /// A capture can land in the middle of a redraw (the wanted text already drawn, the rest not yet), which
    /// made assertions on the returned screen flaky under load: wait until three captures in a row agree, for
    /// at most three seconds (a running progress view never settles; its last capture is returned then). Two
    /// were not enough on a loaded machine: a console descheduled mid-frame left the same half-drawn screen
    /// for two captures 80 ms apart.
    private func settled(_ first: String, while condition: (String) -> Bool) throws -> String {
        var previous = first
        var agreeing = 1
        let limit = Date().addingTimeInterval(3)
        while Date() < limit {
            RunLoop.current.run(until: Date().addingTimeInterval(0.08))
            let next = try capture()
            if next == previous {
                agreeing += 1
                if agreeing == 3 { return next }
            } else {
                agreeing = 1
                if condition(next) { previous = next }
            }
        }
        return previous
    }

    /// The process running in the pane (the child of the pane's shell), for sending it signals.
    func programPID() throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #if os(Linux)
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        #else
            // No /proc on Darwin: pgrep lists the shell's children.
            let pgrep = Process()
            pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
            pgrep.arguments = ["-P", shell]
            let output = Pipe()
            pgrep.standardOutput = output
            try pgrep.run()
            pgrep.waitUntilExit()
            let children = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #endif
        return children.split(whereSeparator: \.isWhitespace).first.flatMap { pid_t($0) }
    }

    /// Appends everything the program writes to the terminal from now on to the file at `path`.
    func recordOutput(to path: String) throws {
        try tmux(["pipe-pane", "-t", name, "cat >> " + Self.quote(path)])
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Runs tmux with posix_spawn and waitpid (Foundation's Process can miss the exit of a client whose
    /// server forked off), reading its output to the end when asked.
    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        let argv = [InstalledTool.path("tmux") ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TmuxFailure(arguments: arguments) }
        // The spawn types are structs on Linux and optional pointers on Darwin.
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if readOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        // The test runner blocks some signals; the tmux server and the program under test must get them all.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard status == 0 else { throw TmuxFailure(arguments: arguments) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while readOutput {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// tmux could not be started.
    struct TmuxFailure: Error {
        let arguments: [String]
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

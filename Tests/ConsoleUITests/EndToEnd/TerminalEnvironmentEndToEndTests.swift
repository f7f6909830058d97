import Foundation
import TestSupport
import Testing

/// The real binary under terminals that cannot do everything: an ASCII locale, `TERM=dumb`.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct TerminalEnvironmentEndToEndTests {
    @Test func anASCIILocaleDrawsASCIIInsteadOfBlanks() throws {
        let folder = try ConsoleEndToEndTests.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path, environment: ["LANG": "C", "LC_ALL": "C"])
        let screen = try tmux.waitFor(" v Entry")
        #expect(screen.contains("+- > Versions"), "borders and the focus mark in ASCII: \(screen)")
        #expect(screen.contains(" cdmigrate | Journal.sqlite"))
        #expect(!screen.unicodeScalars.contains { $0.value > 0x7F }, "nothing but ASCII on screen")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func aDumbTerminalGetsOneClearLineAndTheUsageExitCode() throws {
        let folder = try ConsoleEndToEndTests.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path, environment: ["TERM": "dumb"])
        let screen = try tmux.waitFor("[exit 64]")
        #expect(screen.contains("cdmigrate: error: the console needs a full-screen terminal"))
        #expect(screen.contains("TERM=dumb"))
    }

    /// Issue 35, item 7: the model is read behind the first frame now, yet a model that cannot be read is still
    /// bad input said as every command says it: one line, the terminal restored, the category's exit code.
    @Test func aModelThatCannotBeReadEndsTheConsoleWithOneLineAndItsExitCode() throws {
        let folder = try ConsoleEndToEndTests.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite", "--model", "Gone.xcdatamodeld"],
            directory: folder.path)
        let screen = try tmux.waitFor("[exit 3]")
        #expect(screen.contains("cdmigrate: error: "), "\(screen)")
        #expect(screen.contains("Gone.xcdatamodeld"), "\(screen)")
    }
}

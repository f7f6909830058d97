import Foundation
import GRDB
import TestSupport
import Testing

/// Store text is hostile: on a terminal its control characters are shown as pictures, so an escape sequence
/// in a title cannot retitle the window or rewrite the screen; through a pipe the bytes stay as they are.
@Suite(
    "Store text on a terminal", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"),
    InstalledTool.utilLinuxScript)
struct TerminalOutputTests {
    /// The title of entry 1: an OSC sequence retitling the window, a bell and a NUL between plain letters.
    static let hostileTitle = "a\u{1B}]0;owned\u{7}b\u{0}c"

    static func store() throws -> String {
        let store = try JournalFixture.store(version: 3, entries: 3)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: "UPDATE ZENTRY SET ZTITLE = 'a' || char(27) || ']0;owned' || char(7) || 'b' || char(0) || 'c' WHERE Z_PK = 1"
            )
        }
        return store
    }

    /// Runs `cdmigrate arguments` under a pseudo-terminal (`script`), standard error included.
    static func onTerminal(_ arguments: [String]) throws -> String {
        let quoted = ([CLIRunner.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = try #require(InstalledTool.path("script"))
        return try CLIRunner.run(["-qec", quoted.joined(separator: " "), "/dev/null"], executable: script).stdout
    }

    @Test("rows: pictures on a terminal, the bytes through a pipe")
    func rowsShowsPicturesOnATerminal() throws {
        let store = try Self.store()
        let arguments = ["rows", store, "--model", CLIRunner.sampleModel, "--entity", "Entry", "--limit", "1"]
        let shown = try Self.onTerminal(arguments)
        #expect(shown.contains("a␛]0;owned␇b␀c"), "\(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0 })
        let piped = try CLIRunner.run(arguments)
        #expect(piped.stdout.contains(Self.hostileTitle))
    }

    @Test("export to standard output: pictures on a terminal, the bytes through a pipe, in CSV and JSON Lines")
    func exportShowsPicturesOnATerminal() throws {
        let store = try Self.store()
        for format in ["csv", "jsonl"] {
            let arguments = ["export", store, "--model", CLIRunner.sampleModel, "--entity", "Entry", "--format", format]
            let shown = try Self.onTerminal(arguments)
            let piped = try CLIRunner.run(arguments)
            // JSON writes control characters as escapes already; CSV has none, so they are shown as pictures.
            #expect(shown.contains(format == "csv" ? "a␛]0;owned␇b␀c" : #"a\u001b]0;owned\u0007b\u0000c"#), "\(shown)")
            #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0 })
            // Every object reached the screen.
            let objects = { (text: String) in text.components(separatedBy: "x-coredata://").count - 1 }
            #expect(objects(shown) == 3 && objects(piped.stdout) == 3, "\(shown)")
            #expect(piped.stdout.unicodeScalars.contains { $0.value == 0x1B } == (format == "csv"))
        }
    }

    @Test("export on a terminal keeps characters whole where the output's pieces cut them")
    func exportKeepsCharactersWhole() throws {
        // 800 KB of four-byte characters reach the filter in pieces of at most 64 KiB, cut almost anywhere.
        let store = try JournalFixture.store(version: 3, entries: 2_000)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE ZENTRY SET ZTEXT = replace(hex(zeroblob(100)), '00', '😀')")
        }
        let shown = try Self.onTerminal([
            "export", store, "--model", CLIRunner.sampleModel, "--entity", "Entry", "--format", "csv",
        ])
        #expect(!shown.contains("\u{FFFD}"))
        #expect(shown.components(separatedBy: "😀").count - 1 == 200_000)
    }

    @Test("An error naming what the user typed shows its control characters as pictures on a terminal")
    func errorsShowPicturesOnATerminal() throws {
        let store = try Self.store()
        let shown = try Self.onTerminal(["rows", store, "--model", CLIRunner.sampleModel, "--entity", "X\u{1B}[2JY"])
        #expect(shown.contains("X␛[2JY"), "\(shown)")
        #expect(!shown.unicodeScalars.contains { $0.value == 0x1B })
    }
}

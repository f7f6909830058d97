import Foundation
import TestSupport
import Testing

/// The real `cdmigrate` binary under tmux on stores of the sample app: panes, browser, help, resize, quitting.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct ConsoleEndToEndTests {
    /// A temporary folder holding a copy of the sample model, `Journal.sqlite` (Journal 4, 500 entries by
    /// three authors) and `Journal_WAL.sqlite` (Journal 3, its 40 entries only in its `-wal`).
    static func journalFolder() throws -> URL {
        let folder = try TemporaryDirectory.make()
        try FileManager.default.copyItem(
            atPath: JournalFixture.modelPath, toPath: folder.appendingPathComponent("Journal.xcdatamodeld").path)
        _ = try JournalFixture.journal4(entries: 500, in: folder)
        _ = try JournalFixture.walStore(version: 3, entries: 40, in: folder, name: "Journal_WAL.sqlite")
        return folder
    }

    @Test func browsesPanesDataRecordHelpAndDetailsThenQuitsCleanly() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"], directory: folder.path)
        try tmux.walkConsole(
            matching: "✓ Entry", moves: ["Down"], browsing: "Entry", related: "Author #", mismatching: "✗ Entry")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    /// Issue 13: `cdmigrate console STORE` on a damaged store used to stop with exit 5 before the console
    /// came up; it opens and offers salvage, and writes nothing unless asked.
    @Test(DamageScript.required) func aDamagedStoreGivenOnTheCommandLineIsOfferedForSalvage() throws {
        let folder = try Self.journalFolder()
        let damage = try DamageScript.damage(
            folder.appendingPathComponent("Journal.sqlite").path, ["leaf", "--table", "ZENTRY", "--pages", "2"])
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", damage.output], directory: folder.path)
        let screen = try tmux.waitFor("Salvage to Damaged-salvaged.sqlite?")
        #expect(screen.contains("is damaged and cannot be opened"))
        try tmux.send("Escape")
        try tmux.waitFor("q quit")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
        let output = URL(fileURLWithPath: damage.output).deletingLastPathComponent().appendingPathComponent(
            "Damaged-salvaged.sqlite")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing written without Salvage")
    }

    /// Issue 32, item 7: a store whose header is overwritten was refused at launch ("not an SQLite database");
    /// the console offers salvage, keeps the offer within reach after Cancel, and after the salvage shows the
    /// report and the next step over the new store.
    @Test func aStoreWithAnOverwrittenHeaderIsSalvagedInTheConsole() throws {
        let folder = try Self.journalFolder()
        let store = folder.appendingPathComponent("Journal.sqlite")
        let handle = try FileHandle(forWritingTo: store)
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        let tmux = try TmuxSession(command: [TmuxSession.binary!, "console", "Journal.sqlite"], directory: folder.path)
        try tmux.waitFor("Salvage to Journal-salvaged.sqlite?")
        try tmux.send("Tab", "Enter")
        try tmux.waitFor("m salvages it into Journal-salvaged.sqlite")
        try tmux.send("m")
        try tmux.waitFor("Salvage to Journal-salvaged.sqlite?")
        try tmux.send("Enter")
        let report = try tmux.waitFor("Next: put Journal-salvaged.sqlite in place of Journal.sqlite")
        #expect(report.contains("Journal.sqlite → Journal-salvaged.sqlite"))
        #expect(report.contains("Entry"))
        try tmux.send("Enter")
        try tmux.waitFor("✓ Entry")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Journal-salvaged.sqlite").path))
    }

    /// Issue 35, item 3: under a real terminal the filter prompt edits as readline does (Ctrl-W, Ctrl-U and ←
    /// used to type ␗ and ␕ into it), a query typed there filters as `rows --where` does, and text is found
    /// as it is shown (`Author #2`, a date).
    @Test func theFilterPromptEditsAsReadlineDoes() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(command: [TmuxSession.binary!, "console", "Journal.sqlite"], directory: folder.path)
        try tmux.waitFor("✓ Entry")
        try tmux.send("Tab")
        try tmux.waitFor("▸ Entities")
        try tmux.send("Down", "Enter")
        try tmux.waitFor("Entry  rows 1–")
        try tmux.send("/")
        try tmux.sendLiteral("zzz 49")
        try tmux.send("C-w", "C-u")
        try tmux.sendLiteral("Entry 49")
        try tmux.send("Left", "Left")
        try tmux.sendLiteral("4")
        try tmux.waitFor("/ Entry 449  Enter keeps it")
        // The filter applies as it is typed: the row is found before Enter.
        try tmux.waitFor("rows 1–1 of 1  matching \"Entry 449\"")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("matching \"Entry 449\"")
        #expect(screen.contains("rows 1–1 of 1"))
        #expect(!screen.contains("␕") && !screen.contains("␗"))
        // A query is evaluated by the engine, as `rows --where` evaluates it: Grace Hopper wrote 167 of the 500.
        try tmux.send("Escape", "/", "C-u")
        try tmux.sendLiteral(#"author.name ENDSWITH "Hopper" AND mood == 2"#)
        try tmux.send("Enter")
        try tmux.waitFor("of 167  where author.name ENDSWITH")
        // Text is looked for as the cells show it: Grace Hopper is `Author #2` in Entry's author column, and
        // entries 20 to 79 were created in the minute shown as 2023-03-08 20:27.
        try tmux.send("Escape", "/", "C-u")
        try tmux.sendLiteral("Author #2")
        try tmux.waitFor("of 167  matching \"Author #2\"")
        try tmux.send("C-u")
        try tmux.sendLiteral("2023-03-08 20:27")
        try tmux.waitFor("of 60  matching \"2023-03-08 20:27\"")
        try tmux.send("Enter", "q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func redrawsOnResize() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        try tmux.resize(width: 60, height: 20)
        try tmux.waitFor("cdmigrate needs at least 80×24")
        try tmux.resize(width: 120, height: 36)
        let screen = try tmux.waitFor("Metadata (")
        #expect(screen.split(separator: "\n").map(\.count).max() ?? 0 > 80, "the panes use the new width")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func pickerListsStoresWithTheirWalState() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(command: [TmuxSession.binary!], directory: folder.path)
        // Both rows, not only the count: under load a capture can land between the title and the rows.
        let screen = try tmux.waitUntil("both stores listed") {
            $0.contains("2 found under") && $0.contains("Journal.sqlite") && $0.contains("Journal_WAL.sqlite")
        }
        #expect(screen.contains("Journal.sqlite"))
        #expect(screen.contains("no -wal"))
        #expect(screen.range(of: "-wal [0-9]", options: .regularExpression) != nil, "the WAL store shows its -wal size")
        try tmux.send("Down", "Enter")
        try tmux.waitFor("Journal_WAL.sqlite │")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        try tmux.send("C-c")
        let screen = try tmux.waitFor("[exit 130]")
        #expect(screen.contains("stopped by signal 2"))
        #expect(!screen.contains("▸ Versions"), "curses screen gone: the terminal was restored")
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let folder = try Self.journalFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        let pid = try #require(try tmux.programPID())
        kill(pid, SIGTERM)
        let screen = try tmux.waitFor("[exit 143]")
        #expect(screen.contains("stopped by signal 15"))
        #expect(!screen.contains("▸ Versions"))
    }

    @Test func noColorMeansMonochrome() throws {
        let folder = try Self.journalFolder()
        let colored = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path)
        try colored.waitFor("✓ Entry")
        let colors = try colored.capture(escapes: true)
        #expect(colors.contains("\u{1B}[32m"), "green ✓ with colours: \(colors)")
        let mono = try TmuxSession(
            command: [TmuxSession.binary!, "console", "Journal.sqlite"],
            directory: folder.path, environment: ["NO_COLOR": "1"])
        try mono.waitFor("✓ Entry")
        let escapes = try mono.capture(escapes: true)
        let colorCodes = (1...7).map { "\u{1B}[3\($0)m" } + ["\u{1B}[38;"]
        #expect(!colorCodes.contains { escapes.contains($0) }, "no foreground colours under NO_COLOR")
        #expect(escapes.contains("\u{1B}[1m"), "bold still marks emphasis")
    }

    #if os(Linux)
        /// Issue 35: quiet while idle. The loop now sleeps until a key or an effect's result instead of polling
        /// every 40 ms: idle, it must still draw nothing at all and use next to no CPU (the process's own CPU
        /// time, read from /proc, so the machine's load does not count).
        @Test func idleItDrawsNothingAndSleeps() throws {
            let folder = try Self.journalFolder()
            let tmux = try TmuxSession(command: [TmuxSession.binary!, "console", "Journal.sqlite"], directory: folder.path)
            try tmux.waitFor("✓ Entry")
            let pid = try #require(try tmux.programPID())
            let output = folder.appendingPathComponent("terminal.out").path
            try tmux.recordOutput(to: output)
            let before = try Self.cpuTicks(pid)
            RunLoop.current.run(until: Date().addingTimeInterval(2))
            let used = try Self.cpuTicks(pid) - before
            let drawn = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber)?.intValue ?? 0
            #expect(drawn == 0, "bytes drawn in 2 s idle")
            // 10 ticks (0.1 s) in 2 s is 5%: the console idles at well under 1%.
            #expect(used < 10, "CPU ticks in 2 s idle: \(used)")
            try tmux.send("q")
            try tmux.waitFor("[exit 0]")
        }

        /// The user and system CPU time of process `pid` so far, in clock ticks (fields 14 and 15 of /proc/PID/stat).
        static func cpuTicks(_ pid: pid_t) throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
    #endif
}

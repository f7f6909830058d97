import Foundation
import TestSupport
import Testing

/// The real `cdmigrate` binary under tmux on copies of corpus stores: panes, browser, help, resize, quitting.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct ConsoleEndToEndTests {
    /// A temporary folder holding a copy of the wibosco-colors model and its v3 store.
    static func colorsFolder() throws -> URL {
        let folder = try TemporaryDirectory.make()
        try FileManager.default.copyItem(
            atPath: Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld"),
            toPath: folder.appendingPathComponent("CoreDataMigration_Example.xcdatamodeld").path)
        _ = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite", to: folder)
        _ = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite", to: folder)
        return folder
    }

    @Test(Corpus.required) func browsesPanesDataRecordHelpAndDetailsThenQuitsCleanly() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try tmux.waitFor("✓ Post")
        try tmux.send("Tab")
        try tmux.waitFor("▸ Entities")
        try tmux.send("Enter")
        try tmux.waitFor("Color  rows 1–")
        try tmux.waitFor("Post #")
        try tmux.send("Space")
        var screen = try tmux.waitFor("page 2/")
        #expect(screen.contains("read-only"))
        try tmux.send("Enter")
        try tmux.waitFor("— row ")
        try tmux.send("Escape", "Escape")
        // Only the main screen's hint bar offers "migrate": the browser is gone before `?` is pressed.
        try tmux.waitFor("m migrate")
        try tmux.send("?")
        screen = try tmux.waitFor("Help — Esc or ? closes")
        #expect(screen.contains("Main screen (here)"))
        try tmux.send("Escape", "d")
        try tmux.waitFor("Details — Esc or d closes")
        try tmux.send("d")
        try tmux.send("BTab", "Down")
        screen = try tmux.waitFor("✗ Post")
        #expect(screen.contains("missing attribute hide"), "what differs, from the store's cached model")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test(Corpus.required) func redrawsOnResize() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        try tmux.resize(width: 60, height: 20)
        try tmux.waitFor("cdmigrate needs at least 80×24")
        try tmux.resize(width: 120, height: 36)
        let screen = try tmux.waitFor("Metadata (")
        #expect(screen.split(separator: "\n").first?.count ?? 0 > 80)
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test(Corpus.required) func pickerListsStoresWithTheirWalState() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(command: [TmuxSession.binary!], directory: folder.path)
        let screen = try tmux.waitFor("2 found under")
        #expect(screen.contains("CoreDataMigration_Example_3.sqlite"))
        #expect(screen.contains("no -wal"))
        #expect(screen.contains("-wal 1"), "the WAL store shows its -wal size")
        try tmux.send("Down", "Enter")
        try tmux.waitFor("CoreDataMigration_Example_WAL.sqlite │")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test(Corpus.required) func ctrlCRestoresTheTerminal() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        try tmux.send("C-c")
        let screen = try tmux.waitFor("[exit 130]")
        #expect(screen.contains("stopped by signal 2"))
        #expect(!screen.contains("▸ Versions"), "curses screen gone: the terminal was restored")
    }

    @Test(Corpus.required) func sigtermRestoresTheTerminal() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        let pid = try #require(try tmux.programPID())
        kill(pid, SIGTERM)
        let screen = try tmux.waitFor("[exit 143]")
        #expect(screen.contains("stopped by signal 15"))
        #expect(!screen.contains("▸ Versions"))
    }

    @Test(Corpus.required) func noColorMeansMonochrome() throws {
        let folder = try Self.colorsFolder()
        let colored = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try colored.waitFor("✓ Post")
        let colors = try colored.capture(escapes: true)
        #expect(colors.contains("\u{1B}[32m"), "green ✓ with colours: \(colors)")
        let mono = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path, environment: ["NO_COLOR": "1"])
        try mono.waitFor("✓ Post")
        let escapes = try mono.capture(escapes: true)
        let colorCodes = (1...7).map { "\u{1B}[3\($0)m" } + ["\u{1B}[38;"]
        #expect(!colorCodes.contains { escapes.contains($0) }, "no foreground colours under NO_COLOR")
        #expect(escapes.contains("\u{1B}[1m"), "bold still marks emphasis")
    }
}

import Foundation
import TestSupport
import Testing

/// The real binary under tmux: the picker is up at once over `/` and Esc stops its search; the mouse
/// focuses panes and the wheel scrolls them, through ncurses' own mouse decoding.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct PickerAndMouseEndToEndTests {
    @Test func thePickerOverTheWholeDiskIsUpAtOnceAndEscStopsItsSearch() throws {
        let tmux = try TmuxSession(command: [TmuxSession.binary!], width: 120, height: 30, directory: "/")
        // Generous under load, and still well short of the old picker, which scanned for over 90 s before
        // drawing anything here.
        try tmux.waitFor("searching…", timeout: 30)
        try tmux.send("Escape")
        try tmux.waitFor("search stopped after")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func aStorePickedBelowTheFolderIsPlannedWithTheModelBesideIt() throws {
        // The console starts in a folder without a model; the store it picks has one in the folder above it
        // (the corpus layout), with the sample mappings beside it.
        let root = try TemporaryDirectory.make()
        let app = root.appendingPathComponent("app")
        let stores = app.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        try ModelLocatorFixture.place(in: app)
        try FileManager.default.moveItem(
            atPath: SampleStoreFile.make(version: 3, entries: 40), toPath: stores.appendingPathComponent("Journal.sqlite").path)
        let tmux = try TmuxSession(command: [TmuxSession.binary!], width: 120, height: 30, directory: root.path)
        try tmux.waitFor("Journal.sqlite", timeout: 30)
        try tmux.send("Enter")
        // Versions and a plan need the model found for the picked store. The plan uses the mapping files
        // found beside it, the step to Journal 5 with the sample's Swift policy, which comes with the sample's
        // own model.
        // Reading and planning run off the UI thread: wait for the plan itself, not only the pane's title.
        let screen = try tmux.waitUntil("the plan to Journal 5", timeout: 60) {
            $0.contains("Plan → Journal 5") && $0.contains("policy WordCount")
        }
        #expect(screen.contains("using model "))
        #expect(screen.contains("● Journal 3"))
        #expect(screen.contains("policy WordCount"))
        #expect(!screen.contains("not registered"))
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func aClickFocusesAPaneAndTheWheelScrollsAnother() throws {
        let folder = try TemporaryDirectory.make()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "demo", "--entries", "50", "--directory", folder.path], width: 100, height: 30,
            directory: folder.path)
        let screen = try tmux.waitFor("Plan → Journal 5", timeout: 60)
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let entities = try #require(rows.firstIndex { $0.contains("Entities ·") })
        // SGR mouse reports (1-based cells): a press and release of the left button, then a wheel notch.
        try tmux.sendLiteral("\u{1B}[<0;5;\(entities + 2)M")
        try tmux.sendLiteral("\u{1B}[<0;5;\(entities + 2)m")
        try tmux.waitFor("▸ Entities")
        try tmux.sendLiteral("\u{1B}[<65;50;5M")
        try tmux.waitFor("▸ Store")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }
}

import Foundation
import Testing
import TestSupport

/// The real binary under tmux: the record view and the details view, on a copy of a corpus store.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct ReadingEndToEndTests {
    @Test(Corpus.required) func enterOpensARecordAndDOpensTheDetails() throws {
        let folder = try ConsoleEndToEndTests.colorsFolder()
        let tmux = try TmuxSession(command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        try tmux.waitFor("▸ Versions")
        try tmux.send("Tab", "Enter")
        try tmux.waitFor("Color  rows 1–")
        try tmux.send("Enter")
        let record = try tmux.waitFor("— row 1 of")
        #expect(record.contains("Esc back"))
        try tmux.send("Escape")
        try tmux.waitFor("Color  rows 1–")
        try tmux.send("Escape")
        try tmux.waitFor("m migrate")
        try tmux.send("d")
        let details = try tmux.waitFor("Details — Esc or d closes")
        #expect(details.contains("The store against") || details.contains("Nothing to report"), "\(details)")
        try tmux.send("d")
        try tmux.waitFor("▸ Entities")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }
}

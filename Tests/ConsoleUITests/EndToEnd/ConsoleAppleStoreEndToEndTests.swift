import Foundation
import TestSupport
import Testing

/// The real `cdmigrate` binary under tmux on a copy of an Apple store: what only a store Core Data wrote
/// shows, the differences read from its cached model. The same walk on the project's stores is in
/// ``ConsoleEndToEndTests``.
@Suite(
    .serialized, Corpus.required, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct ConsoleAppleStoreEndToEndTests {
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

    @Test func browsesPanesDataRecordHelpAndDetailsThenQuitsCleanly() throws {
        let folder = try Self.colorsFolder()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "console", "CoreDataMigration_Example_3.sqlite"],
            directory: folder.path)
        let screen = try tmux.walkConsole(
            matching: "✓ Post", browsing: "Color", related: "Post #", mismatching: "✗ Post")
        #expect(screen.contains("missing attribute hide"), "what differs, from the store's cached model")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }
}

import Foundation
import TestSupport
import Testing

/// `cdmigrate demo` under tmux: change the target, dry run, migrate, abort.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux; skipped because it is not installed"),
    .enabled(if: TmuxSession.binary != nil, "needs the built cdmigrate binary beside the tests (swift build)"))
struct DemoEndToEndTests {
    /// Opens the demo with a small store (entries) in a fresh folder.
    static func openDemo(entries: Int) throws -> (TmuxSession, URL) {
        let folder = try TemporaryDirectory.make()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "demo", "--entries", "\(entries)", "--directory", folder.path],
            width: 100, height: 30, directory: folder.path)
        // Reading and planning run off the UI thread: wait for the chain itself, not only the pane's title.
        try tmux.waitUntil("the plan to Journal 5", timeout: 60) {
            $0.contains("Plan → Journal 5") && $0.contains("● Journal 1  store")
        }
        return (tmux, folder)
    }

    @Test func changeTargetThenDryRunLeavesTheStoreAlone() throws {
        let (tmux, folder) = try Self.openDemo(entries: 2_000)
        let store = folder.appendingPathComponent("Journal.sqlite").path
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        var screen = try tmux.waitFor("│ ○ Journal 2  not on the path")
        #expect(screen.contains("● Journal 1  store"))
        #expect(screen.contains("║ 2. mapping"), "the chain's graph: Journal 1 → 3 inferred, then mappings")
        try tmux.send("Down", "Down", "t")
        // Planning runs off the UI thread: the pane's title changes at once, the chain when it is planned.
        screen = try tmux.waitFor("◉ Journal 3  target")
        #expect(screen.contains("Plan → Journal 3"))
        #expect(!screen.contains("2. mapping"), "the plan was redrawn for the new target")
        try tmux.send("m", "Tab")
        try tmux.waitFor("[ Dry run ]")
        try tmux.send("Enter")
        screen = try tmux.waitFor("✓ Dry run to Journal 3 succeeded", timeout: 60)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "a dry run never writes the store")
        try tmux.send("Escape")
        try tmux.waitFor("▸ Versions")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    @Test func migrateAllTheWayShowsTheBackupAndTheNewVersion() throws {
        let (tmux, folder) = try Self.openDemo(entries: 2_000)
        try tmux.send("m")
        try tmux.waitFor("Backup of the original goes to:")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("✓ Migrated to Journal 5", timeout: 60)
        let joined = screen.split(separator: "\n").map {
            $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces)
        }
        .joined()
        #expect(joined.contains("\(folder.path)/.cdmigrate/Journal.sqlite/backups/"), "backup path shown: \(screen)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/.cdmigrate/Journal.sqlite/backups")
        #expect(backups.count == 1)
        #expect(screen.contains(" 3 Journal 4 → Journal 5"))
        #expect(
            screen.hasPrefix(" cdmigrate │ Journal.sqlite │ Journal.xcdatamodeld │ at Journal 5"), "header read again: \(screen)")
        // The command may wrap at any of its spaces; compare without them.
        #expect(
            joined.replacingOccurrences(of: " ", with: "")
                .contains("cdmigraterestore\(folder.path)/Journal.sqlite--backup\(backups[0])"), "how to restore: \(screen)")
        try tmux.send("Escape")
        try tmux.waitFor("● Journal 5")
        try tmux.waitFor("Entity hashes vs Journal 5")
        try tmux.waitFor("already at Journal 5")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }

    /// The console is up before the store is written. A million entries take seconds to generate even on a
    /// fast machine, so the first screen must be the wait screen (100,000 took under two seconds when idle,
    /// and the first capture could already find the main screen); quitting from it ends the demo.
    @Test func theConsoleIsUpWhileTheStoreIsGenerated() throws {
        let folder = try TemporaryDirectory.make()
        let tmux = try TmuxSession(
            command: [TmuxSession.binary!, "demo", "--entries", "1000000", "--directory", folder.path],
            width: 100, height: 30, directory: folder.path)
        var first: String?
        // The first whole frame: a capture can land while ncurses is still writing one (the title bar drawn,
        // the body not yet), so a frame counts once it shows the wait dialog to its last line or the main screen's panes.
        try tmux.waitUntil("the console's first frame", timeout: 60) { screen in
            if first == nil, screen.hasPrefix(" cdmigrate"), screen.contains("elapsed ") || screen.contains("Versions") {
                first = screen
            }
            return first != nil
        }
        #expect(first?.contains("Generating the sample store") == true, "the first screen: \(first ?? "")")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]", timeout: 120)
    }

    @Test func abortLeavesTheOriginalUntouched() throws {
        let (tmux, folder) = try Self.openDemo(entries: 100_000)
        let store = folder.appendingPathComponent("Journal.sqlite").path
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        try tmux.send("m")
        try tmux.waitFor("Backup of the original goes to:")
        try tmux.send("Enter")
        // Asked as soon as the run view is up: the mapped steps over 100,000 entries take far longer than
        // the question and its answer, even on a loaded machine.
        try tmux.waitFor("Current:", timeout: 60)
        try tmux.send("a")
        try tmux.waitFor("Abort the run?", timeout: 60)
        try tmux.send("y")
        // Waits for the result's last line: a capture may land while the result panel is still being drawn.
        let screen = try tmux.waitFor("The store is unchanged", timeout: 120)
        #expect(screen.contains("✗ Migration aborted"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("cdmigrate-") }
        #expect(leftovers.isEmpty, "temporary stores removed: \(leftovers)")
        try tmux.send("q")
        try tmux.waitFor("[exit 0]")
    }
}

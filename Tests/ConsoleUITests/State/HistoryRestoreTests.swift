import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13, item 2: the console lists the store's backups and runs and restores a backup, after a question
/// that opens on Cancel.
@Suite struct HistoryRestoreTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    static let backup = HistoryInfo.Backup(
        id: "20261122T041344.123Z-3c7ef4", created: Date(timeIntervalSince1970: 1_795_000_000), version: "v1",
        targetVersion: "v3", size: 4_194_304)

    static func history() -> ConsoleState {
        var state = SampleState.main
        _ = ConsoleController().handle(.character("H"), state: &state)
        state.history?.info = HistoryInfo(
            backups: [backup],
            runs: [
                HistoryInfo.Run(
                    started: backup.created, action: "migrate", from: "v1", to: "v3", result: "succeeded", backup: backup.id,
                    seconds: 0.22, steps: ["v1 → v2 (inferred, 0.1 s)", "v2 → v3 (mapping, 0.1 s)"])
            ])
        return state
    }

    @Test func hListsBackupsAndRunsAndEnterAsksBeforeRestoring() {
        var state = SampleState.main
        #expect(controller.handle(.character("H"), state: &state) == [.loadHistory])
        #expect(state.keyContext == .history)
        state = Self.history()
        var text = renderer.render(state).text
        #expect(text.contains("History of Posts.sqlite — Esc back"))
        #expect(text.contains("at v1, before → v3  4.0 MB  20261122T041344.123Z-3c7ef4"))
        #expect(text.contains("migrate  v1 → v3  succeeded"))
        // Issue 35, item 11: a run's details under it.
        #expect(text.contains("took 0.2 s; steps: v1 → v2 (inferred, 0.1 s), v2 → v3"))
        #expect(text.contains("(mapping, 0.1 s); backup 20261122T041344.123Z-3c7ef4"))
        #expect(controller.handle(.enter, state: &state) == [])
        #expect(state.keyContext == .restoreConfirm)
        text = renderer.render(state).text
        #expect(text.contains("Restore?"))
        #expect(text.contains("The store as it is now is replaced."))
        #expect(controller.handle(.enter, state: &state) == [], "Enter alone cancels")
        #expect(state.keyContext == .history)
        _ = controller.handle(.enter, state: &state)
        _ = controller.handle(.tab, state: &state)
        #expect(controller.handle(.enter, state: &state) == [.restore(backup: Self.backup.id)])
        _ = controller.handle(.escape, state: &state)
        #expect(state.screen == .main)
    }

    @Test func theMouseSelectsABackupAndPressesRestore() throws {
        var state = Self.history()
        let lines = renderer.render(state).lines
        let row = try #require(lines.firstIndex { $0.contains(Self.backup.id) })
        _ = controller.handle(.mouse(MouseEvent(x: 10, y: row, kind: .press)), state: &state)
        #expect(state.keyContext == .restoreConfirm, "a press on the selected backup opens the question")
        let dialog = renderer.render(state).lines
        let buttons = try #require(dialog.firstIndex { $0.contains("[ Restore ]") })
        let column = dialog[buttons].distance(
            from: dialog[buttons].startIndex, to: dialog[buttons].range(of: "[ Restore ]")!.lowerBound)
        #expect(
            controller.handle(.mouse(MouseEvent(x: column + 2, y: buttons, kind: .press)), state: &state) == [
                .restore(backup: Self.backup.id)
            ])
    }

    @Test func keysWaitWhileARestoreRuns() {
        var state = SampleState.main
        state.preparing = "Restoring Posts.sqlite from backup x…"
        #expect(controller.handle(.character("m"), state: &state) == [])
        #expect(state.confirm == nil, "nothing starts under a restore")
        #expect(controller.handle(.character("q"), state: &state) == [.quit])
    }

    @Test func theRestorerPutsTheStoreBackThroughTheEngine() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let project = try MigrationProject(modelPath: RenameChainFixture.modelPath)
        try project.migrate([try project.plan(store: store, target: "v1.1.0")])
        #expect(try project.inspect(store: store).compatibility?.compatibleVersion == "v1.1.0")
        let restorer = ProjectRestorer(project: project)
        let history = try restorer.history(storePath: store)
        let backup = try #require(history.backups.first)
        #expect(backup.version == "v1.0.0")
        #expect(history.runs.first?.action == "migrate")
        try restorer.restore(storePath: store, backup: backup.id)
        #expect(try project.inspect(store: store).compatibility?.compatibleVersion == "v1.0.0")
        let after = try restorer.history(storePath: store)
        let restore = try #require(after.runs.first { $0.action == "restore" && $0.result == "succeeded" }, "\(after.runs)")
        // Issue 35, item 11: the backup of the files the restore replaced knows their version (it said `?`), and
        // the restore's record says where they went.
        let replaced = try #require(after.backups.first { $0.id != backup.id })
        #expect(replaced.version == "v1.1.0")
        #expect(restore.from == "v1.1.0")
        #expect(restore.detail == "the replaced files are in backup \(replaced.id)")
        var state = SampleState.main
        state.screen = .history
        state.history = HistoryState()
        state.history?.info = after
        let text = renderer.render(state).text
        #expect(text.contains("at v1.1.0, before → v1.0.0"))
        #expect(text.contains("restore  v1.1.0 → v1.0.0  succeeded"))
        #expect(text.contains("restored from"))
    }
}

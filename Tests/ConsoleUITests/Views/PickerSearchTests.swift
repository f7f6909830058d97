import Foundation
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13, item 8: the picker is on screen at once, fills in while the search goes on, and Esc stops it.
@Suite struct PickerSearchTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    @Test func thePickerDrawsBeforeTheSearchEndsAndFillsInAfter() throws {
        let root = try StoreFinderTests.tree()
        let app = ConsoleApp(source: EngineDataSource(modelPath: nil), planner: nil, storePath: nil, pickerRoot: root.path)
        app.state.size = TerminalSize(width: 200, height: 30)
        #expect(app.state.picker?.status == .searching, "nothing is searched before the console is up")
        var text = renderer.render(app.state).text
        #expect(text.contains("Open a store — 0 found under \(root.path) — searching… 0 folders, Esc stops"))
        #expect(text.contains("Searching \(root.path) for Core Data stores…"))
        #expect(app.pendingEffects == [.scanStores])
        app.settle(app.pendingEffects)
        #expect(app.state.picker?.status == .finished)
        text = renderer.render(app.state).text
        #expect(text.contains("Open a store — 2 found under \(root.path) ─"))
        #expect(text.contains("a/b/Deep.sqlite"))
    }

    @Test func escStopsTheSearchAndQQuitsWhileItRuns() {
        var state = ConsoleState(screen: .picker)
        state.size = TerminalSize(width: 120, height: 30)
        state.picker = PickerState(searching: "/")
        #expect(controller.handle(.escape, state: &state) == [.stopScan])
        #expect(controller.handle(.character("q"), state: &state) == [.quit])
        var stopped = ScanProgress()
        stopped.folders = 1234
        stopped.status = .stopped
        state.picker?.take(stopped)
        #expect(renderer.render(state).text.contains("search stopped after 1,234 folders, r searches again"))
        #expect(controller.handle(.character("r"), state: &state) == [.scanStores])
        #expect(state.picker?.status == .searching)
    }

    @Test func storesFoundLaterKeepTheSelectionOnTheSameStore() {
        let store = { (name: String) in StoreCandidate(relativePath: name, path: "/r/" + name, size: 1, walSize: nil) }
        var picker = PickerState(searching: "/r")
        var progress = ScanProgress()
        progress.candidates = [store("m.sqlite"), store("z.sqlite")]
        picker.take(progress)
        picker.selected = 1
        progress.candidates.append(store("a.sqlite"))
        picker.take(progress)
        #expect(picker.candidates.map(\.relativePath) == ["a.sqlite", "m.sqlite", "z.sqlite"])
        #expect(picker.selected == 2, "still z.sqlite")
    }

    @Test func escOnAStoreOpenedFromThePickerGoesBackToIt() {
        var state = SampleState.main
        #expect(controller.handle(.escape, state: &state) == [])
        #expect(state.screen == .main, "a store given on the command line has no picker to go back to")
        state.picker = PickerState(root: "/tmp/demo", candidates: [])
        _ = controller.handle(.escape, state: &state)
        #expect(state.screen == .picker)
        #expect(state.keyContext == .picker)
    }
}

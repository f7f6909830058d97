import Foundation
import MigrationEngine
import Testing

@testable import ConsoleUI

/// Issue 36, item 2: the reducer never looks at the disk. The free name a prompt suggests and whether a typed
/// path names a file are asked of effects, and their answers come back as actions; these paths are in a
/// folder no disk holds, so only the answers decide.
@Suite struct PathEffectsTests {
    let controller = ConsoleController()
    let renderer = ConsoleRenderer()

    @Test func theExportPromptAsksTheDiskThroughEffects() {
        var state = BrowserQueryTests.browsing()
        state.size = TerminalSize(width: 100, height: 30)
        #expect(
            controller.handle(.character("e"), state: &state) == [
                .suggestPath(.export(entity: "Tag", store: "/tmp/demo/Posts.sqlite"))
            ])
        #expect(state.browser?.exportPrompt?.path == "", "no name until the effect has found a free one")
        _ = controller.reduce(
            .pathSuggested(.export(entity: "Tag", store: "/tmp/demo/Posts.sqlite"), path: "/nowhere/Tag-3.json"), state: &state,
            now: 0)
        #expect(renderer.render(state).text.contains("Export 1,234 Tag objects to /nowhere/Tag-3.json█"))

        let check = PathCheck.export(entity: "Tag", path: "/nowhere/Tag-3.json")
        #expect(controller.handle(.enter, state: &state) == [.checkPath(check)])
        #expect(state.browser?.exportPrompt != nil && state.preparing == nil, "nothing is written before the answer")
        // An answer about a path edited since is dropped.
        #expect(
            controller.reduce(.pathChecked(.export(entity: "Tag", path: "/nowhere/T.json"), exists: true), state: &state, now: 0)
                == [])
        #expect(state.browser?.exportPrompt?.confirmingOverwrite == false)
        #expect(controller.reduce(.pathChecked(check, exists: true), state: &state, now: 0) == [])
        #expect(state.browser?.exportPrompt?.confirmingOverwrite == true)
        #expect(renderer.render(state).text.contains("exists: Enter replaces it · Esc keeps it"))
        #expect(
            controller.handle(.enter, state: &state) == [
                .exportEntity(entity: "Tag", path: "/nowhere/Tag-3.json", query: .all, objects: 1234)
            ])
        #expect(state.browser?.exportPrompt == nil)
    }

    /// Issue 35, item 5: the prompt says how many objects it writes: with a filter, how many match (the
    /// page's count, not the store's), in the order on screen; and the effect carries the filter and sort.
    @Test func thePromptSaysHowManyObjectsGo() {
        var state = BrowserQueryTests.browsing()
        state.size = TerminalSize(width: 100, height: 30)
        state.browser?.query = RowQuery(search: "swift", sortColumn: "ZNAME", descending: true)
        _ = controller.handle(.character("e"), state: &state)
        #expect(renderer.render(state).text.contains("Export 2 matching Tag objects in descending name order to █"))
        for character in "/n/t.csv" { _ = controller.handle(.character(character), state: &state) }
        let check = PathCheck.export(entity: "Tag", path: "/n/t.csv")
        #expect(controller.handle(.enter, state: &state) == [.checkPath(check)])
        #expect(
            controller.reduce(.pathChecked(check, exists: false), state: &state, now: 0) == [
                .exportEntity(entity: "Tag", path: "/n/t.csv", query: state.browser?.query ?? .all, objects: 2)
            ])
        #expect(state.browser?.query.search == "swift", "the filter stays on screen")
        var one = ExportPrompt(entity: "Post")
        one.objects = 1
        #expect(one.question == "Export 1 Post object to ")
        #expect(ExportPrompt(entity: "Post").question == "Export Post to ", "no count when the store gives none")
    }

    /// A path too long for the line shows its end, and the question after it is not cut off.
    @Test func aLongPathShowsItsEndAndTheHintAfterIt() {
        var state = BrowserQueryTests.browsing()
        state.size = TerminalSize(width: 100, height: 30)
        _ = controller.handle(.character("e"), state: &state)
        let path = "/nowhere/" + String(repeating: "folder/", count: 12) + "Tag.json"
        for character in path { _ = controller.handle(.character(character), state: &state) }
        let check = PathCheck.export(entity: "Tag", path: path)
        #expect(controller.handle(.enter, state: &state) == [.checkPath(check)])
        _ = controller.reduce(.pathChecked(check, exists: true), state: &state, now: 0)
        let line = renderer.render(state).lines[2]
        #expect(line.hasPrefix(" Export 1,234 Tag objects to …"), "\(line)")
        #expect(line.hasSuffix("/Tag.json█  exists: Enter replaces it · Esc keeps it"), "\(line)")
        for _ in 0..<8 { _ = controller.handle(.left, state: &state) }
        #expect(renderer.render(state).lines[2].contains("/T"), "the cursor is kept in view")
    }

    @Test func aFreePathIsExportedAtOnce() {
        var state = BrowserQueryTests.browsing()
        _ = controller.handle(.character("e"), state: &state)
        for character in "/nowhere/t.csv" { _ = controller.handle(.character(character), state: &state) }
        // A name found after the user has typed one does not replace it.
        _ = controller.reduce(
            .pathSuggested(.export(entity: "Tag", store: "/tmp/demo/Posts.sqlite"), path: "/nowhere/Tag.json"), state: &state,
            now: 0)
        #expect(state.browser?.exportPrompt?.path == "/nowhere/t.csv")
        let check = PathCheck.export(entity: "Tag", path: "/nowhere/t.csv")
        #expect(controller.handle(.enter, state: &state) == [.checkPath(check)])
        #expect(
            controller.reduce(.pathChecked(check, exists: false), state: &state, now: 0) == [
                .exportEntity(entity: "Tag", path: "/nowhere/t.csv", query: .all, objects: 1234)
            ])
        #expect(state.preparing == "Exporting Tag to /nowhere/t.csv…")
    }

    @Test func theSeedPromptAsksTheDiskThroughEffects() {
        var state = SampleState.main
        state.size = TerminalSize(width: 100, height: 30)
        let suggestion = PathSuggestion.seed(model: "Posts.xcdatamodeld", store: "/tmp/demo/Posts.sqlite")
        #expect(controller.handle(.character("N"), state: &state) == [.suggestPath(suggestion)])
        _ = controller.reduce(.pathSuggested(suggestion, path: "/nowhere/Posts-seed-4.sqlite"), state: &state, now: 0)
        for _ in 0..<3 { #expect(controller.handle(.enter, state: &state) == []) }
        #expect(renderer.render(state).text.contains("Write to: /nowhere/Posts-seed-4.sqlite█"))
        let request = SeedRequest(version: "v3", objects: 100, seed: 1, output: "/nowhere/Posts-seed-4.sqlite")
        #expect(controller.handle(.enter, state: &state) == [.checkPath(.seed(request))])
        #expect(controller.reduce(.pathChecked(.seed(request), exists: true), state: &state, now: 0) == [])
        #expect(state.seedPrompt?.field == .output)
        #expect(state.message == "/nowhere/Posts-seed-4.sqlite exists; seeding writes a new store only")
        #expect(controller.reduce(.pathChecked(.seed(request), exists: false), state: &state, now: 0) == [.seedStore(request)])
        #expect(state.seedPrompt == nil && state.preparing == "Seeding a v3 store at /nowhere/Posts-seed-4.sqlite…")
    }

    @Test func namesCountUpFromTheFirst() {
        let folder = URL(fileURLWithPath: "/nowhere")
        #expect(PathSuggestion.export(entity: "Tag", store: "/a/P.sqlite").names.candidate(1, in: folder) == "/nowhere/Tag.json")
        #expect(
            PathSuggestion.seed(model: "Posts.xcdatamodeld", store: nil).names.candidate(2, in: folder)
                == "/nowhere/Posts-seed-2.sqlite")
        #expect(FreeName.salvaged("/a/J.store").candidate(3, in: folder) == "/nowhere/J-salvaged-3.store")
        #expect(
            PathSuggestion.seed(model: "M", store: nil).names.folder == nil, "the current folder, which only an effect asks for")
    }
}

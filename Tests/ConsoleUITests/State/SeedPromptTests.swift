import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 33 item 3 in the console: `N` seeds a fixture store of the open model, asking the version, the
/// objects of each entity, the seed and the file, each on a line edited as readline edits one; the store is
/// written off the UI thread by the engine's seeding and the status line says what was written.
@Suite struct SeedPromptTests {
    static func type(_ text: String, replacing app: ConsoleApp) -> [Key] {
        Array(repeating: Key.backspace, count: app.state.seedPrompt?.line.text.count ?? 0) + text.map { .character($0) }
    }

    @Test func asksEachAnswerThenWritesAStoreThatVerifies() throws {
        let (app, store) = try BrowserExportTests.console(entries: 3)
        BrowserExportTests.press([.character("N")], app)
        #expect(app.state.keyContext == .seed)
        let screen = BrowserExportTests.screen(app)
        #expect(screen.contains("Seed a fixture store"), "\(screen)")
        #expect(screen.contains("Version: Journal 5█"), "the target version by default: \(screen)")
        #expect(screen.contains("Objects of each entity: 100"), "\(screen)")
        #expect(screen.contains("Enter next · Esc cancels"))
        BrowserExportTests.press(Self.type("Journal 3", replacing: app) + [.enter], app)
        #expect(app.state.seedPrompt?.field == .objects)
        BrowserExportTests.press(Self.type("q7", replacing: app) + [.enter], app)
        #expect(app.state.seedPrompt?.field == .objects, "q is typed, and q7 is no number")
        #expect(app.state.message == "objects: a number from 0 to \(SeededStore.maximumObjects)")
        BrowserExportTests.press(Self.type("7", replacing: app) + [.enter, .enter], app)
        let output = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("Journal-seed.sqlite").path
        #expect(BrowserExportTests.screen(app).contains("Write to: \(output)█"))
        BrowserExportTests.press([.enter], app)
        #expect(app.state.seedPrompt == nil)
        #expect(app.state.preparing == "Seeding a Journal 3 store at \(output)…", "off the UI thread, saying so")
        BrowserExportTests.finishExport(app)
        let message = app.state.message ?? ""
        #expect(message.hasPrefix("seeded \(output): a Journal 3 store with 7 objects"), "\(message)")
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        #expect(try project.verify(store: output, version: "Journal 3").version == "Journal 3")
        #expect(try project.rows(store: output, entity: "Entry", limit: 100).objects.count == 7)
    }

    @Test func anUnknownVersionOrAnExistingFileIsAskedAgain() throws {
        let (app, store) = try BrowserExportTests.console(entries: 3)
        BrowserExportTests.press([.character("N")], app)
        BrowserExportTests.press(Self.type("Journal 9", replacing: app) + [.enter], app)
        #expect(app.state.seedPrompt?.field == .version)
        #expect(app.state.message?.hasPrefix("no version \"Journal 9\": one of Journal 1,") == true, "\(app.state.message ?? "")")
        BrowserExportTests.press(Self.type("Journal 4", replacing: app) + [.enter, .enter, .enter], app)
        BrowserExportTests.press(Self.type(store, replacing: app) + [.enter], app)
        #expect(app.state.seedPrompt?.field == .output)
        #expect(app.state.message == "\(store) exists; seeding writes a new store only")
        BrowserExportTests.press([.escape], app)
        #expect(app.state.seedPrompt == nil && app.state.message == "seeding cancelled")
        #expect(app.state.keyContext == .panes)
    }

    @Test func aFailedSeedLeavesNothingAndSaysWhy() throws {
        let (app, store) = try BrowserExportTests.console(entries: 3)
        let output = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("missing/new.sqlite").path
        app.perform([.seedStore(SeedRequest(version: "Journal 4", objects: 3, seed: 1, output: output))])
        BrowserExportTests.finishExport(app)
        #expect(app.state.message?.contains("new.sqlite") == true, "\(app.state.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func withoutAModelThereIsNothingToSeedFrom() throws {
        let store = try JournalFixture.journal4(entries: 3)
        let app = ConsoleApp(source: EngineDataSource(modelPath: nil), planner: nil, storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        BrowserExportTests.press([.character("N")], app)
        #expect(app.state.seedPrompt == nil)
        #expect(app.state.message == PanesKeys.noModel)
    }

    @Test func theKeyIsInTheTableAndItsHelp() {
        #expect(KeyTable.standard.action(for: .character("N"), in: .panes) == .seed)
        #expect(KeyTable.standard.action(for: .enter, in: .seed) == .open)
        #expect(KeyTable.standard.action(for: .character("?"), in: .seed) == nil, "? is typed into the answer")
    }
}

import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// A store the console cannot open because it is damaged: the console offers to salvage it into a new store
/// beside it, and opens that one with a summary of what was kept.
@Suite struct SalvageOfferTests {
    let renderer = ConsoleRenderer()
    let controller = ConsoleController()

    static func offered(_ store: String = "/tmp/salvage-offer-none/Journal.sqlite") -> ConsoleState {
        var state = ConsoleState(screen: .main)
        let output = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("Journal-salvaged.sqlite")
        state.salvageOffer = SalvageOffer(
            store: store, reason: "\(store): damaged database: database disk image is malformed", output: output.path)
        return state
    }

    @Test func theOfferSaysWhyAndWhereAndEnterSalvages() {
        var state = Self.offered()
        #expect(state.salvageOffer?.output == "/tmp/salvage-offer-none/Journal-salvaged.sqlite")
        #expect(state.keyContext == .salvage)
        let screen = renderer.render(state).text
        #expect(screen.contains("Damaged store"))
        #expect(screen.contains("Journal.sqlite is damaged and cannot be opened:"))
        #expect(screen.contains("image is malformed"))
        #expect(screen.contains("Salvage to Journal-salvaged.sqlite?"))
        #expect(screen.contains("[ Salvage ]") && screen.contains("[ Cancel ]"))
        #expect(controller.handle(.tab, state: &state) == [])
        #expect(state.salvageOffer?.salvageHighlighted == false)
        #expect(controller.handle(.tab, state: &state) == [])
        let effects = controller.handle(.enter, state: &state)
        #expect(
            effects == [
                .salvage(
                    store: "/tmp/salvage-offer-none/Journal.sqlite", output: "/tmp/salvage-offer-none/Journal-salvaged.sqlite")
            ])
        #expect(state.salvageOffer == nil && state.keyContext == .panes)
    }

    @Test func cancelAndEscapeWriteNothing() {
        var state = Self.offered()
        _ = controller.handle(.tab, state: &state)
        #expect(controller.handle(.enter, state: &state) == [])
        #expect(state.salvageOffer == nil)
        state = Self.offered()
        #expect(controller.handle(.escape, state: &state) == [])
        #expect(state.salvageOffer == nil)
    }

    /// Issue 32, item 7: after Cancel the screen used to be left empty and `m` said the model was missing.
    @Test func afterCancelTheOfferStaysWithinReach() {
        var state = Self.offered()
        state.size = TerminalSize(width: 100, height: 30)
        _ = controller.handle(.escape, state: &state)
        #expect(state.keyContext == .panes)
        #expect(state.message == "Journal.sqlite is left as it is; m offers to salvage it again")
        let screen = renderer.render(state).text
        #expect(screen.contains("Journal.sqlite is damaged and cannot be opened:"), "\(screen)")
        #expect(screen.contains("m salvages it into Journal-salvaged.sqlite"))
        #expect(controller.handle(.character("m"), state: &state) == [])
        #expect(state.salvageOffer?.store == "/tmp/salvage-offer-none/Journal.sqlite")
        #expect(state.salvageOffer?.salvageHighlighted == true)
        #expect(renderer.render(state).text.contains("Salvage to Journal-salvaged.sqlite?"))
    }

    /// Issue 32, item 7: a store whose header is overwritten was refused ("not an SQLite database") although
    /// salvage reads all of it; the console offers salvage and gets every object back.
    @Test func aStoreWithAnOverwrittenHeaderIsOfferedSalvage() throws {
        let store = try JournalFixture.store(version: 1, entries: 30)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: nil, storePath: store, pickerRoot: "/")
        app.settle(app.pendingEffects)
        let offer = try #require(app.state.salvageOffer)
        #expect(offer.reason.contains("its SQLite header is overwritten"), "\(offer.reason)")
        // The engine's remedy for it is salvage, in the console's words: what the offer's button does.
        #expect(offer.reason.hasSuffix("; salvage it into a new store (Enter on Salvage)"), "\(offer.reason)")
        app.press(.enter)
        #expect(app.state.overview?.path == offer.output)
        #expect(app.state.overview?.entities.first { $0.name == "Entry" }?.rows == 30)
        #expect(app.state.salvageReport?.notes.contains { $0.contains("header was unreadable and was rebuilt") } == true)
    }

    @Test func theNewStoresNameIsOneThatIsFree() throws {
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Journal.sqlite").path
        #expect(
            FileManager.default.createFile(
                atPath: folder.appendingPathComponent("Journal-salvaged.sqlite").path, contents: Data()))
        #expect(
            FreeName.salvaged(store).firstFree() == folder.appendingPathComponent("Journal-salvaged-2.sqlite").path)
    }

    /// Issue 36, item 2: the reducer never looks at the disk; the read that found the damage names the new
    /// store, and the offer takes that name (here one no disk holds).
    @Test func theOfferTakesTheNameTheReadFound() {
        var state = ConsoleState(screen: .main)
        state.size = TerminalSize(width: 100, height: 30)
        state.opening = "/nowhere/Journal.sqlite"
        let damaged = ConsoleFailure(line: "Journal.sqlite: damaged database", category: .damaged, remedy: .salvage)
        let read = StoreRead(
            path: "/nowhere/Journal.sqlite", loaded: .failure(damaged), salvageOutput: "/nowhere/Journal-salvaged-7.sqlite")
        #expect(controller.reduce(.storeRead(read), state: &state, now: 0) == [])
        #expect(state.salvageOffer?.output == "/nowhere/Journal-salvaged-7.sqlite")
        #expect(renderer.render(state).text.contains("Salvage to Journal-salvaged-7.sqlite?"))
    }

    @Test(.enabled(if: DamageScript.isAvailable, "needs python3 for Scripts/damage_store.py"))
    func aDamagedStoreIsOfferedSalvagedAndOpened() throws {
        let store = try SampleStoreFile.make(version: 1, entries: 2000)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZENTRY", "--pages", "2"])
        let lost = try #require(damage.hit?["ZENTRY"]).leafCells
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: SampleStoreFile.modelPath), planner: nil, storePath: nil,
            pickerRoot: URL(fileURLWithPath: damage.output).deletingLastPathComponent().path)
        app.settle([.openStore(damage.output)])
        let offer = try #require(app.state.salvageOffer)
        app.send(.key(.enter))
        #expect(app.state.preparing?.hasPrefix("Salvaging Damaged.sqlite to Damaged-salvaged.sqlite") == true)
        let recovered = NumberText.grouped(2000 - lost)
        // No index counts the entries; the keys up to Z_MAX that no row read carries say how many may be lost.
        let line =
            "Salvaged into Damaged-salvaged.sqlite: \(recovered) objects recovered, up to \(lost) more may have been lost"
        // The salvage's result comes back as an action (the effect ran at once, with no thread): the reducer
        // opens the new store.
        let action = app.receive()
        guard case .salvaged(offer.output, .success(let summary))? = action else {
            Issue.record("expected the salvage's result, got \(String(describing: action))")
            return
        }
        #expect(summary.line == line)
        #expect(app.state.preparing == nil)
        #expect(app.state.opening == offer.output, "the new store is read")
        app.receiveAll()
        #expect(app.state.overview?.path == offer.output)
        #expect(app.state.overview?.entities.first { $0.name == "Entry" }?.rows == 2000 - lost)
        #expect(app.state.message == line)
        // Issue 32, item 7: the report stays over the new store, with what was lost per entity and what next.
        app.state.size = TerminalSize(width: 100, height: 30)
        let screen = renderer.render(app.state).text
        #expect(screen.contains("Damaged.sqlite → Damaged-salvaged.sqlite"), "\(screen)")
        #expect(screen.contains("entity       found   recovered        lost may be lost"), "\(screen)")
        #expect(screen.contains("Entry            ?       \(recovered)           ?          \(lost)"), "\(screen)")
        #expect(screen.contains("Next: put Damaged-salvaged.sqlite in place of Damaged.sqlite"))
        #expect(screen.contains("m migrates it"))
        app.press(.enter)
        #expect(app.state.salvageReport == nil && app.state.keyContext == .panes)
    }

    /// Issue 32 (audit finding D): a WAL store cut short under its -wal was refused with advice to move the log
    /// aside, which would lose every object living in it, and the console offered nothing.
    @Test(.enabled(if: DamageScript.isAvailable, "needs python3 for Scripts/damage_store.py"))
    func aStoreCutUnderItsLogIsOfferedSalvage() throws {
        let store = try JournalFixture.walStore(version: 3, entries: 3000, late: 200)
        let damage = try DamageScript.damage(store, ["truncate", "--percent", "50", "--whole-pages"])
        let app = SalvageRemedyTests.opened(damage.output)
        let offer = try #require(app.state.salvageOffer)
        #expect(offer.reason.contains("the database under it is damaged"), "\(offer.reason)")
        #expect(offer.reason.hasSuffix("salvage it into a new store (Enter on Salvage)"), "\(offer.reason)")
        #expect(!offer.reason.contains("aside"), "\(offer.reason)")
        app.press(.enter)
        #expect(app.state.overview?.path == offer.output)
        // What the log and the file's first half gave (SalvageCommandTests.cutUnderItsLog counts the log's entries).
        let rows = try #require(app.state.overview?.entities.first { $0.name == "Entry" }?.rows)
        #expect(rows > 200 && rows < 3200, "\(rows)")
    }
}

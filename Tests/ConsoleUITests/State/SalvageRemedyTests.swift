import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 36, item 2: the console offers salvage where the engine's remedy says salvage can read the store,
/// not for every damaged store: a header whose page size SQLite cannot use is damage salvage cannot read
/// either, and an offer would only fail again.
@Suite struct SalvageRemedyTests {
    let controller = ConsoleController()

    /// The console on `store` once its first read has come back.
    static func opened(_ store: String) -> ConsoleApp {
        let app = ConsoleApp(
            source: EngineDataSource(modelPath: JournalFixture.modelPath), planner: nil, storePath: store, pickerRoot: "/")
        app.state.size = TerminalSize(width: 120, height: 30)
        app.settle(app.pendingEffects)
        return app
    }

    @Test func anImpossiblePageSizeIsNotOfferedSalvage() throws {
        let store = try JournalFixture.store(version: 1, entries: 10)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        // 768: not a power of two, which no SQLite page size can be.
        try handle.seek(toOffset: 16)
        try handle.write(contentsOf: Data([0x03, 0x00]))
        try handle.close()
        let app = Self.opened(store)
        #expect(app.state.salvageOffer == nil)
        #expect(app.state.keyContext == .panes)
        let message = try #require(app.state.message)
        #expect(message.hasPrefix(store) && message.contains("damaged database"), "\(message)")
        #expect(!message.contains("salvage"), "\(message)")
        #expect(!ConsoleRenderer().render(app.state).text.contains("Damaged store"))
    }

    @Test func aWriteAheadLogSalvageCanReadInPartIsOfferedSalvage() throws {
        let store = try JournalFixture.walStore(version: 1, entries: 40, perTransaction: 2)
        try Self.flipAByte(inFrameHalfwayThrough: store + "-wal")
        let app = Self.opened(store)
        let offer = try #require(app.state.salvageOffer)
        #expect(offer.reason.contains("committed transaction(s)"), "\(offer.reason)")
        #expect(offer.reason.hasSuffix("(Enter on Salvage) to keep what SQLite can still apply from the -wal"))
        app.press(.enter)
        #expect(app.state.overview?.path == offer.output)
        let kept = try #require(app.state.overview?.entities.first { $0.name == "Entry" }?.rows)
        #expect(kept > 0 && kept < 40, "the transactions before the bad frame are kept, the rest lost")
    }

    @Test func theReducerOffersOnlyWhatTheRemedySays() {
        for (remedy, offered) in [(Remedy.salvage, true), (.acceptWriteAheadLogLoss, true), (nil, false), (.giveModel, false)] {
            var state = ConsoleState(screen: .main)
            state.opening = "/nowhere/Journal.sqlite"
            let failure = ConsoleFailure(line: "Journal.sqlite: damaged database", category: .damaged, remedy: remedy)
            let read = StoreRead(
                path: "/nowhere/Journal.sqlite", loaded: .failure(failure), salvageOutput: "/nowhere/Journal-salvaged.sqlite")
            _ = controller.reduce(.storeRead(read), state: &state, now: 0)
            #expect((state.salvageOffer != nil) == offered, "\(String(describing: remedy))")
            #expect(state.message == "Journal.sqlite: damaged database")
        }
    }

    /// Flips a byte in the page of the log's middle frame, so its checksum fails and the frames after it are lost.
    static func flipAByte(inFrameHalfwayThrough wal: String) throws {
        var log = try Data(contentsOf: URL(fileURLWithPath: wal))
        let pageSize = log[8..<12].reduce(0) { $0 << 8 | Int($1) }
        let frames = (log.count - 32) / (24 + pageSize)
        let offset = 32 + (frames / 2) * (24 + pageSize) + 24 + pageSize / 2
        log[offset] ^= 0xFF
        try log.write(to: URL(fileURLWithPath: wal))
    }
}

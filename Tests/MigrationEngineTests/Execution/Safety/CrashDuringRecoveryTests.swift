import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Recovery itself can be killed, and the next run must still end the interrupted swap the way the first
/// recovery would have: every store intact, on one side unless the outcome is `split`, the app's writes kept,
/// the label in the history true, and the backups still matching their manifests.
@Suite("A crash during recovery itself")
struct CrashDuringRecoveryTests {
    /// An interrupted swap and what an app did before the next run, with the outcome recovery must report.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let cut: SwapStage
        let wal: Bool
        /// Indexes of the stores the app wrote to after the crash.
        let written: [Int]
        let outcome: Recovery.Outcome
        /// Which stores hold the new model afterwards.
        let newSides: [Bool]
        var testDescription: String { "cut at \(cut.rawValue), app wrote \(written), expect \(outcome.rawValue)" }
    }

    static let scenarios: [Scenario] = [
        // The first store is swapped, the app writes the second's original: both go back, the write kept.
        Scenario(cut: .databaseReplaced, wal: false, written: [1], outcome: .keptNewerData, newSides: [false, false]),
        // The app writes to both sides: each keeps its own.
        Scenario(cut: .databaseReplaced, wal: false, written: [0, 1], outcome: .split, newSides: [true, false]),
        // No app: the swap is finished.
        Scenario(cut: .databaseReplaced, wal: false, written: [], outcome: .finishedSwap, newSides: [true, true]),
        // One store written with its log parked; the other untouched goes back with it.
        Scenario(cut: .sidecarsParked, wal: true, written: [0], outcome: .keptNewerData, newSides: [false, false]),
    ]

    /// Where recovery is killed: every stage it can reach, the first and second time.
    static let crashes: [(SwapStage, Int)] = SwapStage.allCases.flatMap { [($0, 1), ($0, 2)] }

    /// Copies the store folder (stores, temporaries, journal, backups, history) the instant recovery reaches
    /// the chosen stage: putting that copy back after recovery returns is the disk a SIGKILL there leaves.
    final class CrashImage: @unchecked Sendable {
        let folder: URL
        let stage: SwapStage
        let occurrence: Int
        private let lock = NSLock()
        private var seen = 0
        private(set) var image: URL?
        private(set) var failure: (any Error)?

        init(folder: URL, stage: SwapStage, occurrence: Int) {
            (self.folder, self.stage, self.occurrence) = (folder, stage, occurrence)
        }

        func reach(_ reached: SwapStage) {
            lock.withLock {
                guard reached == stage else { return }
                seen += 1
                guard seen == occurrence else { return }
                do {
                    let copy = try TemporaryDirectory.make().appendingPathComponent("image")
                    try FileManager.default.copyItem(at: folder, to: copy)
                    image = copy
                } catch {
                    failure = error
                }
            }
        }

        /// Puts the disk back as the crash left it; false when recovery never reached the stage.
        func rewind() throws -> Bool {
            if let failure { throw failure }
            guard let image else { return false }
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.copyItem(at: image, to: folder)
            return true
        }
    }

    static func isNew(_ store: String) throws -> Bool {
        let snapshot = try StoreSnapshot.take(of: store)
        defer { snapshot.remove() }
        return try snapshot.openReadOnly().read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            return try db.columns(in: "ZBASICENTITY").contains { $0.name == "ZV1_1_0_NAME" }
        }
    }

    @Test(
        "Killed at any stage of recovery, the next recovery ends as the first would have, with a true label",
        arguments: scenarios, 0..<crashes.count)
    func crashAndRecoverAgain(scenario: Scenario, crash: Int) throws {
        let prepared = try AppWritesAfterCrashTests.cut(at: scenario.cut, wal: scenario.wal)
        for index in scenario.written {
            let column = try Self.isNew(prepared.stores[index]) ? "ZV1_1_0_NAME" : "ZV1_0_0_NAME"
            try AppWritesAfterCrashTests.appWrites(prepared.stores[index], column: column)
        }
        let folder = URL(fileURLWithPath: prepared.stores[0]).deletingLastPathComponent()
        let (stage, occurrence) = Self.crashes[crash]
        let image = CrashImage(folder: folder, stage: stage, occurrence: occurrence)
        let first = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[1], stageHook: image.reach))
        #expect(first.outcome == scenario.outcome)
        guard try image.rewind() else { return } // this recovery never reaches that stage
        let again = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[0]))
        #expect(again.outcome == scenario.outcome, "recovery killed at \(stage.rawValue):\(occurrence)")
        for (index, store) in prepared.stores.enumerated() {
            #expect(try Self.isNew(store) == scenario.newSides[index], "\(store)")
            if scenario.written.contains(index) {
                let column = scenario.newSides[index] ? "ZV1_1_0_NAME" : "ZV1_0_0_NAME"
                #expect(try AppWritesAfterCrashTests.contents(store, column: column).value == "written by the app")
            }
            #expect(try StorePaths(storePath: store).leftovers().isEmpty)
        }
        for member in prepared.journal.members {
            let record = try #require(try RunHistory(root: BackupLocation.root(of: member.backupFolder)).records().last)
            #expect(record.action == .recover && record.outcome == scenario.outcome)
        }
        try AppWritesAfterCrashTests.verifyBackups(prepared)
    }
}

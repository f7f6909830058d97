import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Recovery of an interrupted swap")
struct RecoveryTests {
    /// Two stores prepared for a swap exactly as the executor prepares them: validated temporaries beside
    /// them, backups, and the journal's contents.
    struct Prepared {
        let stores: [String]
        let originals: [Data]
        let journal: SwapJournal
    }

    /// - Parameter before: Run on each store before anything else (to give it a `-wal`, say).
    /// - Returns: The stores, their original bytes and the journal.
    /// - Throws: When a store cannot be written or migrated.
    func prepare(before: (String) throws -> Void = { _ in }) throws -> Prepared {
        let folder = try TemporaryDirectory.make()
        let stores = [
            try ExecutionFixture.store("v1.0.0", in: folder, name: "A.sqlite"),
            try ExecutionFixture.store("v1.0.0", in: folder, name: "B.sqlite"),
        ]
        try stores.forEach(before)
        let originals = try stores.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        var moves: [SwapJournalBuilder.Move] = []
        let options = ExecutionOptions(backupRoot: folder.appendingPathComponent("backups").path)
        for store in stores {
            var timings: [RunRecord.Step] = []
            let job = MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.1.0"))
            let outcome = try ChainRunner(job: job, run: "test", options: options, report: { _ in }).execute(&timings)
            let root = options.backupRoot(for: store)
            let backup = try BackupStore(root: root).create(of: store, version: "v1.0.0", targetVersion: "v1.1.0")
            outcome.snapshot?.remove(report: { _ in })
            moves.append(
                .init(store: store, temporary: outcome.path, backupRoot: root, backup: backup, newDigest: outcome.digest))
        }
        let journal = try SwapJournalBuilder.make(run: "test", action: .migrate, moves: moves)
        return Prepared(stores: stores, originals: originals, journal: journal)
    }

    /// Runs the prepared swap and stops it dead the `occurrence`-th time it reaches `stage`, as a crash would.
    static func stop(_ prepared: Prepared, at stage: SwapStage, occurrence: Int = 1) {
        var seen = 0
        var swap = StoreSwap(journal: prepared.journal, stageHook: { _ in })
        swap.interruption = { reached in
            if reached == stage { seen += 1 }
            return reached == stage && seen == occurrence
        }
        #expect(throws: ExecutionError.self) { try swap.run() }
    }

    static let cuts: [(SwapStage, Int)] = [
        (.journalWritten, 1), (.sidecarsParked, 1), (.databaseReplaced, 1), (.sidecarsParked, 2),
        (.databaseReplaced, 2), (.swapped, 1),
    ]

    @Test(
        "A swap cut at any stage ends, after recovery, with every store complete old or every store complete new",
        arguments: 0..<6)
    func cutAndRecover(cut: Int) throws {
        let prepared = try prepare()
        let (stage, occurrence) = Self.cuts[cut]
        Self.stop(prepared, at: stage, occurrence: occurrence)
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[1]))
        #expect(recovered.outcome == .finishedSwap) // every temporary was intact, so the swap is finished
        for store in prepared.stores {
            #expect(try ExecutionFixture.value(store, column: "ZV1_1_0_NAME") == "A Known Value")
            #expect(!FileManager.default.fileExists(atPath: StorePaths(storePath: store).journal))
            #expect(try StorePaths(storePath: store).leftovers().isEmpty)
        }
    }

    @Test("When a new file is lost, recovery puts every store back to its original bytes")
    func rollBack() throws {
        let prepared = try prepare()
        var swap = StoreSwap(journal: prepared.journal, stageHook: { _ in })
        var replaced = 0
        swap.interruption = { stage in
            if stage == .databaseReplaced { replaced += 1 }
            return replaced == 1
        }
        #expect(throws: ExecutionError.self) { try swap.run() }
        // The first store is new; the second's temporary is lost, so the run cannot be finished.
        try FileManager.default.removeItem(atPath: prepared.journal.members[1].temporaryPath)
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[0]))
        #expect(recovered.outcome == .restoredOriginal)
        for (store, original) in zip(prepared.stores, prepared.originals) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
            #expect(try StorePaths(storePath: store).leftovers().isEmpty)
        }
    }
}

@Suite("Recovery keeps what an app wrote after the crash")
struct RecoveryAfterAppWriteTests {
    @Test("A new store an app has written to since the crash is kept, not rolled back")
    func appWroteToNewStore() throws {
        let prepared = try AppWritesAfterCrashTests.cut(at: .swapped)
        for store in prepared.stores {
            try DatabaseQueue(path: store).write {
                try $0.execute(sql: #"UPDATE "ZBASICENTITY" SET "ZV1_1_0_NAME" = 'written by the app'"#)
            }
        }
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[0]))
        #expect(recovered.outcome == .finishedSwap)
        for store in prepared.stores {
            #expect(try ExecutionFixture.value(store, column: "ZV1_1_0_NAME") == "written by the app")
        }
    }

    @Test("An original an app wrote to after a crash before its swap is kept, with every other store put back")
    func appWroteToOriginal() throws {
        let prepared = try AppWritesAfterCrashTests.cut(at: .journalWritten)
        try DatabaseQueue(path: prepared.stores[0]).write {
            try $0.execute(sql: #"UPDATE "ZBASICENTITY" SET "ZV1_0_0_NAME" = 'written by the app'"#)
        }
        let recovered = try #require(try Recovery.recoverIfNeeded(storePath: prepared.stores[1]))
        #expect(recovered.outcome == .keptNewerData)
        #expect(try ExecutionFixture.value(prepared.stores[0], column: "ZV1_0_0_NAME") == "written by the app")
        #expect(try Data(contentsOf: URL(fileURLWithPath: prepared.stores[1])) == prepared.originals[1])
        let history = try RunHistory(root: BackupLocation.root(of: prepared.journal.members[0].backupFolder)).records()
        #expect(history.last?.action == .recover)
        #expect(history.last?.detail?.contains("kept-newer-data") == true)
        for store in prepared.stores { #expect(try StorePaths(storePath: store).leftovers().isEmpty) }
    }
}

import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 12: a plan made for `migrate` leaves SQLite's `quick_check` of the store to the run, which makes it
/// beside the first step; a damaged store is still refused with the error planning gave, nothing swapped.
@Suite("The store's integrity check, made beside the first step")
struct RunIntegrityCheckTests {
    /// Collects a run's events.
    final class Events: Sendable {
        let events = Mutex<[MigrationEvent]>([])
        var all: [MigrationEvent] { events.withLock { $0 } }
        func push(_ event: MigrationEvent) { events.withLock { $0.append(event) } }
    }

    static func project() throws -> MigrationProject {
        try MigrationProject(modelPath: JournalFixture.modelPath)
    }

    /// Whether the run's first step renamed in place: each entity's progress comes in one event, complete.
    static func ranInPlace(_ events: Events) -> Bool {
        let progress = events.all.compactMap { event -> (Int, Int)? in
            if case .entityProgress(_, _, let done, let total) = event { (done, total) } else { nil }
        }
        return !progress.isEmpty && progress.allSatisfy { $0.0 == $0.1 && $0.1 > 0 }
    }

    /// Runs `planning` with backups and history in a folder of their own (so the store's folder holds only
    /// the store), expecting the run to be refused with a ``StoreError``; checks that nothing was left.
    static func expectRefused(_ planning: StorePlanning, _ project: MigrationProject) throws -> StoreError? {
        let store = planning.storePath
        let before = try FolderFingerprint(folderOf: store)
        let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)
        let refused = #expect(throws: StoreError.self) { try project.migrate([planning], options: options) }
        // The store's files, and no temporary, journal or lock beside them.
        #expect(try FolderFingerprint(folderOf: store) == before, "the store's folder is exactly as it was")
        let root = options.backupRoot(for: store)
        let backups = (try? FileManager.default.contentsOfDirectory(atPath: root + "/backups")) ?? []
        #expect(backups.isEmpty, "no backup: \(backups)")
        let records = try RunHistory(root: root).records()
        #expect(records.map(\.result) == [.failed], "the refused run is recorded as failed")
        #expect(records.last?.detail?.contains("damaged database") == true)
        return refused
    }

    @Test(
        "A store only SQLite's check finds damaged is refused by migrate, as by planning: copy and rename in place",
        arguments: [1, 2])
    func damagedRefused(from version: Int) throws {
        let project = try Self.project()
        // The healthy store takes the path under test: Journal 1 → 3 copies every row, Journal 2 → 3 renames.
        let healthy = try JournalFixture.store(version: version, entries: 300)
        let events = Events()
        try project.migrate(
            [try project.plan(store: healthy, target: "Journal 3", checksIntegrity: false)],
            options: ExecutionOptions(dryRun: true), report: events.push)
        #expect(Self.ranInPlace(events) == (version == 2))

        let store = try JournalFixture.store(version: version, entries: 300)
        try HeaderDamage.claimMissingFreePages(store)
        let checked = #expect(throws: StoreError.self) { try project.plan(store: store, target: "Journal 3") }
        #expect(checked?.code == .damaged)
        let planning = try project.plan(store: store, target: "Journal 3", checksIntegrity: false)
        #expect(!planning.isIntegrityChecked && planning.plan.steps.count == 1)
        let refused = try Self.expectRefused(planning, project)
        // The very error planning gives: code (and so category and exit code), store path and message.
        #expect(refused == checked)
        #expect(refused?.category == .damaged)
    }

    @Test("Without the check the damage goes unseen by the copy, and is reported otherwise by the rename in place")
    func checkIsWhatRefuses() throws {
        for version in [1, 2] {
            let store = try JournalFixture.store(version: version, entries: 300)
            try HeaderDamage.claimMissingFreePages(store)
            let planning = try Self.project().plan(store: store, target: "Journal 3", checksIntegrity: false)
            let job = MigrationJob(storePath: store, plan: planning.plan, checksIntegrity: false)
            let executor = ChainExecutor(options: ExecutionOptions(dryRun: true))
            if version == 1 {
                // Every row is copied into a sound new file: nothing but the source's check sees the damage.
                try executor.run([job])
            } else {
                // The renamed store is the damaged file's bytes: the final integrity_check fails, as a validation.
                #expect(throws: ExecutionError.self) { try executor.run([job]) }
            }
            // The same job with the check (the default) is refused as damaged.
            let checked = MigrationJob(storePath: store, plan: planning.plan)
            let error = #expect(throws: StoreError.self) { try executor.run([checked]) }
            #expect(error?.code == .damaged)
        }
    }

    /// A Journal `version` store whose first entry's body spills onto overflow pages, one of them cut from
    /// the rest of the chain (its next-page pointer zeroed): planning's counts never read the body, the row
    /// copy does (and fails), and SQLite's check walks the chain.
    static func brokenOverflow(version: Int) throws -> String {
        let store = try JournalFixture.store(version: version, entries: 300)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(
                sql: #"UPDATE "ZENTRY" SET "ZBODY" = ? WHERE "Z_PK" = 1"#, arguments: [String(repeating: "x", count: 40_000)])
        }
        try queue.close()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // An overflow page of the body: a next-page pointer, then nothing but the body's bytes.
        let start = try #require(
            stride(from: 0, to: bytes.count, by: pageSize).first { start in
                bytes[start..<(start + 4)] != Data(count: 4)
                    && bytes[(start + 4)..<(start + pageSize)].allSatisfy { $0 == UInt8(ascii: "x") }
            })
        bytes.replaceSubrange(start..<(start + 4), with: Data(count: 4))
        try bytes.write(to: URL(fileURLWithPath: store))
        return store
    }

    @Test("A store whose damage fails the step before the check ends is refused as the check refuses it", arguments: [1, 2])
    func damageMetByTheStep(from version: Int) throws {
        let store = try Self.brokenOverflow(version: version)
        let project = try Self.project()
        let checked = #expect(throws: StoreError.self) { try project.plan(store: store, target: "Journal 3") }
        let planning = try project.plan(store: store, target: "Journal 3", checksIntegrity: false)
        let refused = try Self.expectRefused(planning, project)
        #expect(refused == checked)
        #expect(refused?.code == .damaged)
    }

    @Test(
        "Damage that planning's own reading meets is refused at planning, in the check's words",
        DamageScript.required, arguments: [["leaf", "--table", "ZENTRY"], ["interior", "--table", "ZENTRY"]])
    func damageMetByPlanning(damage: [String]) throws {
        let store = try DamageScript.damage(try JournalFixture.store(version: 2, entries: 3_000), damage).output
        let project = try Self.project()
        let checked = #expect(throws: StoreError.self) { try project.plan(store: store, target: "Journal 3") }
        let deferred = #expect(throws: StoreError.self) {
            try project.plan(store: store, target: "Journal 3", checksIntegrity: false)
        }
        #expect(deferred == checked && checked?.code == .damaged)
    }

    @Test("Planning without the check still refuses a damaged store that no run would check, in the same words")
    func checkedWhereNoRunFollows() throws {
        let project = try Self.project()
        let store = try JournalFixture.store(version: 3, entries: 50)
        try HeaderDamage.claimMissingFreePages(store)
        for target in ["Journal 3", "Journal 9"] {
            // Already at the target (no run follows), and an unknown target (planning fails before any run).
            let checked = #expect(throws: StoreError.self) { try project.plan(store: store, target: target) }
            let deferred = #expect(throws: StoreError.self) {
                try project.plan(store: store, target: target, checksIntegrity: false)
            }
            #expect(deferred == checked && checked?.code == .damaged)
        }
        let sound = try JournalFixture.store(version: 3, entries: 50)
        #expect(try project.plan(store: sound, target: "Journal 3", checksIntegrity: false).isIntegrityChecked)
        #expect(throws: PlanningError.self) { try project.plan(store: sound, target: "Journal 9", checksIntegrity: false) }
    }

    @Test("A cancelled run stays cancelled: the check's thread is waited for, and a sound store is never called damaged")
    func cancelledStaysCancelled() throws {
        let store = try JournalFixture.store(version: 1, entries: 300)
        let project = try Self.project()
        let planning = try project.plan(store: store, target: "Journal 3", checksIntegrity: false)
        let flag = CancellationFlag()
        flag.cancel()
        let before = try FolderFingerprint(folderOf: store)
        let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path, cancellation: flag)
        let error = #expect(throws: ExecutionError.self) { try project.migrate([planning], options: options) }
        #expect(error?.code == .cancelled)
        #expect(try FolderFingerprint(folderOf: store) == before)
    }

    @Test(
        "A store in WAL mode, its rows only in its -wal and no -shm, migrates with the check beside the steps",
        arguments: [1, 2])
    func walStoreMigrates(from version: Int) throws {
        // The check and the first step both open the snapshot; the log's index must be built before they do,
        // or the second connection is refused as locked.
        let store = try JournalFixture.walStore(version: version, entries: 400)
        let project = try Self.project()
        for _ in 0..<3 {
            let copy = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
            try FileManager.default.copyItem(atPath: store, toPath: copy)
            try FileManager.default.copyItem(atPath: store + "-wal", toPath: copy + "-wal")
            let planning = try project.plan(store: copy, target: "Journal 3", checksIntegrity: false)
            let options = ExecutionOptions(backupRoot: try TemporaryDirectory.make().path)
            try project.migrate([planning], options: options)
            let count = try DatabaseQueue(path: copy).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
            #expect(count == 400)
        }
    }
}

import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 12: a chain whose first step renames in place leaves the source's `quick_check` unstarted, since the
/// result's `integrity_check` reads the same pages; damage is still refused with the check's own error, the
/// original untouched.
@Suite("The source's check left to the result's, for a rename in place")
struct SourcePageCoverageTests {
    /// Points the cell content area of one page of `name` (a leaf page, the `offset`-th) before the page's
    /// header: SQLite reads every row still, only its checks see the page's free space is wrong.
    static func damageFreeSpace(_ store: String, of name: String, offset: Int = 0) throws {
        let queue = try DatabaseQueue(path: store)
        let page = try queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET ?",
                arguments: [name, offset])
        }
        try queue.close()
        let number = try #require(page)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        defer { try? handle.close() }
        try handle.seek(toOffset: 16)
        let size = try #require(try handle.read(upToCount: 2)).reduce(0) { $0 << 8 | Int($1) }
        try handle.seek(toOffset: UInt64((number - 1) * size + 5))
        try handle.write(contentsOf: Data([0, 9]))
    }

    /// Plans `store` to `target` without the check, expecting planning with it to refuse the store; returns
    /// the check's error and the plan.
    static func planDamaged(_ store: String, to target: String) throws -> (StoreError?, StorePlanning) {
        let project = try RunIntegrityCheckTests.project()
        let checked = #expect(throws: StoreError.self) { try project.plan(store: store, target: target) }
        #expect(checked?.code == .damaged)
        let planning = try project.plan(store: store, target: target, checksIntegrity: false)
        #expect(!planning.isIntegrityChecked)
        return (checked, planning)
    }

    @Test("A damaged data page of the renamed table is refused in the source check's words, the store untouched")
    func dataPageDamageRefused() throws {
        let store = try JournalFixture.store(version: 2, entries: 3_000)
        try Self.damageFreeSpace(store, of: "ZENTRY", offset: 10)
        let (checked, planning) = try Self.planDamaged(store, to: "Journal 3")
        let refused = try RunIntegrityCheckTests.expectRefused(planning, try RunIntegrityCheckTests.project())
        #expect(refused == checked)
        // Without the source's check, the rename's result (the damaged page, verbatim) fails its own.
        let job = MigrationJob(storePath: store, plan: planning.plan, checksIntegrity: false)
        let validation = #expect(throws: ExecutionError.self) { try ChainExecutor(options: .init(dryRun: true)).run([job]) }
        #expect(validation?.message.contains("integrity_check") == true, "\(String(describing: validation))")
    }

    @Test(
        "Damage in a table the rename rewrites, which the rewrite would hide, is still refused",
        arguments: ["Z_PRIMARYKEY", "Z_METADATA"])
    func rewrittenTableDamageRefused(table: String) throws {
        let store = try JournalFixture.store(version: 2, entries: 300)
        try Self.damageFreeSpace(store, of: table)
        let (checked, planning) = try Self.planDamaged(store, to: "Journal 3")
        let refused = try RunIntegrityCheckTests.expectRefused(planning, try RunIntegrityCheckTests.project())
        #expect(refused == checked)
        // The rows are replaced: without any check of the source the result is sound and the run succeeds.
        let job = MigrationJob(storePath: store, plan: planning.plan, checksIntegrity: false)
        try ChainExecutor(options: .init(dryRun: true)).run([job])
    }

    @Test("A rename first in a longer chain gets the full check, though the next step rewrites every page")
    func renameFirstOfLongerChain() throws {
        let store = try JournalFixture.store(version: 2, entries: 3_000)
        try Self.damageFreeSpace(store, of: "ZENTRY", offset: 10)
        let (checked, planning) = try Self.planDamaged(store, to: "Journal 4")
        #expect(planning.plan.steps.count == 2)
        let refused = try RunIntegrityCheckTests.expectRefused(planning, try RunIntegrityCheckTests.project())
        #expect(refused == checked)
        // Journal 3 → 4 rewrites every row into sound pages: without the source's check, and so without the
        // renamed store's full check, the damage would pass unseen.
        let job = MigrationJob(storePath: store, plan: planning.plan, checksIntegrity: false)
        try ChainExecutor(options: .init(dryRun: true)).run([job])
        // A sound store migrates along the same chain.
        let sound = try JournalFixture.store(version: 2, entries: 300)
        let project = try RunIntegrityCheckTests.project()
        try project.migrate(
            [try project.plan(store: sound, target: "Journal 4", checksIntegrity: false)],
            options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
        let rows = try DatabaseQueue(path: sound).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
        #expect(rows == 300)
    }

    /// Collects a step's events, and the moment its coverage was refused, in one list.
    final class Record: Sendable {
        let lines = Mutex<[String]>([])
        func push(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Runs Journal `from` → `to` on `store` with a coverage recorded in `record`.
    static func perform(_ from: Int, _ to: Int, _ store: String, _ record: Record) throws -> SourcePageCoverage {
        let coverage = SourcePageCoverage { record.push("source check started") }
        var context = StepContext(
            sourcePath: store, destinationPath: try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path,
            index: 0,
            report: { event in
                if case .stepRows = event { record.push("rows") }
                if case .entityProgress = event { record.push("progress") }
            }, cancellation: CancellationFlag())
        context.sourcePages = coverage
        try InPlaceRenameTests.step(from, to).perform(context)
        return coverage
    }

    @Test("A rename in place declares coverage; a copy refuses it before it writes a row, so the check runs beside it")
    func whoDeclaresCoverage() throws {
        let renamed = Record()
        #expect(try Self.perform(2, 3, try JournalFixture.store(version: 2, entries: 300), renamed).isCovered)
        #expect(!renamed.all.contains("source check started"))

        let copied = Record()
        #expect(try !Self.perform(1, 3, try JournalFixture.store(version: 1, entries: 300), copied).isCovered)
        #expect(copied.all.first == "source check started", "\(copied.all)")
        #expect(copied.all.filter { $0 == "source check started" }.count == 1)

        // Renamed in place, but a table it rewrites is damaged: no coverage.
        let store = try JournalFixture.store(version: 2, entries: 300)
        try Self.damageFreeSpace(store, of: "Z_METADATA")
        let damaged = Record()
        #expect(try !Self.perform(2, 3, store, damaged).isCovered)
        #expect(damaged.all.contains("source check started"))
    }
}

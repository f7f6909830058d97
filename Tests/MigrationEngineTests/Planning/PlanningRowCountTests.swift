import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Planning counts the store's rows for the plan it shows (`~N rows`), and skips the count for a plan no one
/// is shown before it runs (`migrate --json`).
@Suite("Planning counts rows only when asked")
struct PlanningRowCountTests {
    @Test("without the count, the same plan and no row count; with it, every entry's row")
    func countsWhenAsked() throws {
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: SampleJournalStore.version(1)).create(at: store)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            let entry = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Entry'")
            for key in 1...12 {
                try db.execute(sql: "INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [key, entry])
            }
        }
        try queue.close()
        func plan(countsRows: Bool) throws -> StorePlanning {
            try StorePlanning(
                storePath: store, bundle: SampleJournalStore.bundle, settings: PlanningSettings(), explicit: [],
                inference: InferredStepProvider(), target: "Journal 3", countsRows: countsRows)
        }
        let counted = try plan(countsRows: true)
        let uncounted = try plan(countsRows: false)
        #expect(counted.rowCount == 12)
        #expect(uncounted.rowCount == nil)
        #expect(counted.plan.description == uncounted.plan.description)
        #expect(!counted.plan.steps.isEmpty)
        #expect(try StoreReader.read(path: store, countsRows: false).rowCounts.isEmpty)
        #expect(try StoreReader.read(path: store).rowCounts.map(\.rows).reduce(0, +) == 12)
    }
}

import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, item 7: a row keyed 2^62 (with `Z_MAX` to match, which `verify` calls valid) is copied by
/// the inferred and the mapped steps in as many batches as there are rows, not one per key range from 0.
@Suite("Huge primary keys")
struct HugeKeyTests {
    static let huge: Int64 = 1 << 62

    @Test("Journal 1 → 3 → 4 (inferred, then mapped) with an entry keyed 2^62", .timeLimit(.minutes(1)))
    func hugeKeyIsCopiedQuickly() throws {
        let store = try JournalFixture.store(version: 1, entries: 30)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE ZENTRY SET Z_PK = ? WHERE Z_PK = 30", arguments: [Self.huge])
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'Entry'", arguments: [Self.huge])
        }
        var settings = PlanningSettings()
        settings.mappingDirectories = [JournalFixture.mappingsPath]
        let project = try MigrationProject(modelPath: JournalFixture.modelPath, settings: settings)
        let planning = try project.plan(store: store, target: "Journal 4")
        #expect(planning.plan.steps.count >= 2)
        let started = ContinuousClock.now
        try project.migrate([planning], options: ExecutionOptions(backupRoot: try TemporaryDirectory.make().path))
        #expect(ContinuousClock.now - started < .seconds(30))
        let (entries, keyed) = try DatabaseQueue(path: store).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY WHERE Z_PK = ?", arguments: [Self.huge]) ?? 0
            )
        }
        #expect(entries == 30)
        #expect(keyed == 1, "the entry keeps its key")
    }
}

import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// The side store keeps each object set aside exactly as it was (``SetAsideStore``).
@Suite("Side store of objects set aside")
struct SetAsideStoreTests {
    @Test("An object set aside keeps its text whole, a NUL inside included, through migrate and salvage")
    func setAsideTextWhole() throws {
        // GRDB's row values end TEXT at its first NUL: the side store once got "a" for "a\0b".
        let store = try SampleJournalStore.journal3((1...20).map { (nil, 2, "entry \($0)") })
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE ZENTRY SET Z_ENT = 42, ZTITLE = 'a' || char(0) || 'b' WHERE Z_PK = 9")
        }
        let project = try BrokenObjectRepairTests.project.get()
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        _ = try project.salvage(store: store, to: output, brokenObjects: .repair)
        let planning = try project.plan(store: store, target: "Journal 5")
        let records = try project.migrate([planning], options: ExecutionOptions(brokenObjects: .repair))
        let migrated = try #require(records.first?.repairs?.sideStore)
        for side in [folder.appendingPathComponent("Salvaged-set-aside.sqlite").path, migrated] {
            let title = try DatabaseQueue(path: side).read {
                try String.fetchOne($0, sql: "SELECT hex(ZTITLE) || ' ' || typeof(ZTITLE) FROM ZENTRY WHERE Z_PK = 9")
            }
            #expect(title == "610062 text", "\(side)")
        }
    }
}

import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Derived counts: Core Data's triggers exist only after a copy, and the counts are filled from the rows.
@Suite("Derived attribute triggers")
struct DerivedAttributeTriggersTests {
    static let model = ObjectModel(
        name: "books",
        entities: [
            Entity(
                name: "Book",
                attributes: [
                    Attribute(
                        name: "pagesCount", type: .integer64, isOptional: true, isReadOnly: true, isDerived: true,
                        derivationExpression: "pages.@count"),
                    Attribute(name: "title", type: .string),
                ], relationships: [Relationship(name: "pages", destinationEntity: "Page", inverseName: "book", isToMany: true)]),
            Entity(name: "Page", relationships: [Relationship(name: "book", destinationEntity: "Book", inverseName: "pages")]),
        ])

    @Test("Five Z_DA triggers, none while rows are copied, counts filled afterwards")
    func deferredTriggers() throws {
        let schema = SchemaBuilder(model: Self.model).build()
        #expect(schema.triggerStatements.count == 5)
        #expect(
            schema.triggerStatements.first
                == "CREATE TRIGGER Z_DA_ZPAGE_Book_pagesCount_PARAMETER_INSERT AFTER INSERT ON ZPAGE FOR EACH ROW WHEN (NEW.ZBOOK NOT NULL) BEGIN UPDATE ZBOOK SET ZPAGESCOUNT = IFNULL(ZPAGESCOUNT, 0) + 1 WHERE Z_PK = NEW.ZBOOK; SELECT NSCoreDataDATriggerUpdatedAffectedObjectValue('ZBOOK', Z_ENT, Z_PK, 'pagesCount', ZPAGESCOUNT) FROM ZBOOK WHERE Z_PK = NEW.ZBOOK; END"
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("copy.sqlite").path
        let writer = StoreWriter(model: Self.model, schema: schema)
        try writer.create(at: path, options: .init(installsTriggers: false))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT) VALUES (1, 1, 1), (2, 1, 1)")
            try db.execute(
                sql: "INSERT INTO ZPAGE (Z_PK, Z_ENT, Z_OPT, ZBOOK) VALUES (1, 2, 1, 1), (2, 2, 1, 1), (3, 2, 1, NULL)")
            try writer.installDerivedAttributes(db)
        }
        let counts = try queue.read { db in try Int.fetchAll(db, sql: "SELECT ZPAGESCOUNT FROM ZBOOK ORDER BY Z_PK") }
        #expect(counts == [2, 0])
        let triggers = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'")
        }
        #expect(triggers == 5)
        // The triggers are Core Data's: they call a function only Core Data registers.
        #expect(throws: (any Error).self) {
            try queue.write { db in try db.execute(sql: "INSERT INTO ZPAGE (Z_PK, Z_ENT, Z_OPT, ZBOOK) VALUES (4, 2, 1, 2)") }
        }
    }
}

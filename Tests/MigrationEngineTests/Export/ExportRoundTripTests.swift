import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Every store exported to JSON and read back equals its rows read directly with SQL: per entity the count,
/// the `Z_PK`s in order, each attribute value as its type stores it, each to-one's URI from its key (and
/// entity) column, and each to-many's URIs from the join rows or the keys in the destination's table, in
/// `Z_FOK_` order where it is ordered (``ExpectedRelationships``). A column or table the model implies but the
/// store lacks fails the test rather than being skipped. The project's own stores always; Apple's, each as
/// Core Data wrote it, when the corpus is there.
@Suite("Export round trip")
struct ExportRoundTripTests {
    /// Every corpus store (``CorpusStore/all``, which holds every store on disk).
    static var stores: [String] { CorpusStore.all.map(\.store) }

    /// The case's model as `cdmigrate` finds it beside the store (so stores without a model cache still
    /// export), else none.
    static func model(for store: String) -> String? {
        ModelLocator.locate(store: Corpus.path(store)).model
    }

    @Test("Exported JSON equals the rows of every corpus store", Corpus.required, arguments: ExportRoundTripTests.stores)
    func roundTrip(_ relative: String) throws {
        try expectRoundTrip(try Corpus.copyStore(relative), model: Self.model(for: relative), label: relative)
    }

    @Test(
        "Exported JSON equals the rows of the sample app's stores",
        arguments: ["Journal 1", "Journal 3", "Journal 4 with authors", "Journal 2 in WAL mode"])
    func sampleRoundTrip(_ label: String) throws {
        let store =
            switch label {
            case "Journal 1": try JournalFixture.store(version: 1, entries: 50)
            case "Journal 3": try JournalFixture.store(version: 3, entries: 50)
            case "Journal 4 with authors": try JournalFixture.journal4(entries: 50)
            default: try JournalFixture.walStore(version: 2, entries: 50)
            }
        try expectRoundTrip(store, model: JournalFixture.modelPath, label: label)
    }

    private func expectRoundTrip(_ store: String, model modelPath: String?, label relative: String) throws {
        let out = try TemporaryDirectory.make().appendingPathComponent("export").path
        let project = try MigrationProject(modelPath: modelPath, settings: PlanningSettings())
        // Raw values: the bytes are compared with the stored ones (decoded values: DecodedValueExportTests).
        let counts = try project.export(store: store, format: .json, to: .folder(out), rawValues: true)
        #expect(!counts.isEmpty)
        let contents = try StoreReader.read(path: store)
        let model = try #require(
            try project.bundle.flatMap { bundle in
                CompatibilityCheck.check(bundle, metadata: contents.metadata).compatibleVersion.flatMap(bundle.version(named:))
            } ?? contents.cachedModel())
        let queue = try DatabaseQueue(
            path: store,
            configuration: {
                var c = GRDB.Configuration()
                c.readonly = true
                return c
            }())
        let tables = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        let schema = SchemaBuilder(model: model, existingTableNames: Set(tables)).build()
        for count in counts {
            let entity = try #require(model.entity(named: count.entity))
            let data = try Data(contentsOf: URL(fileURLWithPath: try #require(count.file)))
            let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            // Matched by entity number: Core Data may keep an entity's old name in Z_PRIMARYKEY.
            let number = try #require(EntityNumbering(model: model).entities.first { $0.name == entity.name }?.number)
            let rowCount = try #require(contents.rowCounts.first { $0.number == number })
            #expect(objects.count == rowCount.rows, "\(relative) \(entity.name)")
            let table = try #require(rowCount.table, "\(relative) \(entity.name): no table")
            let rows = try queue.read { db in
                try Row.fetchAll(
                    db, sql: #"SELECT * FROM \#(SQLIdentifier(table).quoted) WHERE "Z_ENT" = ? ORDER BY "Z_PK""#,
                    arguments: [rowCount.number])
            }
            #expect(objects.map { ($0["_pk"] as? NSNumber)?.int64Value } == rows.map { $0["Z_PK"] as Int64? })
            let relationships = try queue.read { db in
                try ExpectedRelationships(
                    entity: entity, model: model, schema: schema, uuid: contents.metadata.uuid, db: db)
            }
            #expect(relationships.problems.isEmpty, "\(relative) \(entity.name): \(relationships.problems)")
            let mismatches = relationships.mismatches(in: objects)
            #expect(mismatches.isEmpty, "\(relative) \(entity.name): \(mismatches.prefix(5))")
            for (object, row) in zip(objects, rows) {
                #expect(
                    object["_uri"] as? String == "x-coredata://\(contents.metadata.uuid)/\(entity.name)/p\(row["Z_PK"] as Int64)")
                for attribute in model.allAttributes(of: entity) where SchemaBuilder.isStored(attribute) {
                    // Core Data's column for it: a sub-entity's attribute sharing a name gets a suffix (wire's
                    // ZDELIVERED1), so the schema says which column is the entity's own.
                    let column = try #require(
                        Self.column(of: attribute, entity: entity, model: model, schema: schema),
                        "\(relative) \(entity.name).\(attribute.name): no column in the schema")
                    guard row.hasColumn(column) else {
                        Issue.record("\(relative) \(entity.name).\(attribute.name): \(table) has no column \(column)")
                        continue
                    }
                    let stored = row[column] as DatabaseValue
                    #expect(
                        ExportedValueCheck.matches(object[attribute.name] as Any, stored, attribute),
                        "\(relative) \(entity.name) p\(row["Z_PK"] as Int64) \(attribute.name): \(object[attribute.name] ?? "missing") vs \(stored)"
                    )
                }
            }
        }
    }

    /// The column of `entity`'s table holding `attribute` for it (declared by it or an ancestor).
    static func column(of attribute: Attribute, entity: Entity, model: ObjectModel, schema: StoreSchema) -> String? {
        let lineage = Set((model.ancestors(of: entity) + [entity]).map(\.name))
        return schema.table(for: entity.name)?.columns.first { column in
            if case .attribute(let owner, attribute.name) = column.role { lineage.contains(owner) } else { false }
        }?.name
    }
}

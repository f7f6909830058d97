import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A sub-entity leaving its parent while a to-one points at the parent: `Special` stops being an `Item`, and
/// `Note.item` (inverse `Item.notes`) still points at Items. A Note's link to a Special cannot survive (a Special
/// is no longer an Item): the plan counts those links as `Special.notes`'s loss, the step clears the Notes' keys
/// (and their positions), and every other link is kept. Before, the diff said lossless and the run failed late,
/// in validation ("ZNOTE.ZITEM point at no Item").
@Suite("Inferred step: a sub-entity leaving its parent loses the links pointing at it, counted")
struct SubEntityLeavingTests {
    /// `Item` ← `Special` (a sub-entity when `sub`), `Note.item` → `Item` with the inverse `Item.notes`
    /// (ordered when `ordered`).
    static func model(_ name: String, sub: Bool, ordered: Bool = false) -> ObjectModel {
        ObjectModel(
            name: name,
            entities: [
                Entity(
                    name: "Item", attributes: [Attribute(name: "name", type: .string)],
                    relationships: [
                        Relationship(
                            name: "notes", destinationEntity: "Note", inverseName: "item", isToMany: true, isOrdered: ordered)
                    ]),
                Entity(
                    name: "Note", attributes: [Attribute(name: "text", type: .string)],
                    relationships: [Relationship(name: "item", destinationEntity: "Item", inverseName: "notes")]),
                Entity(
                    name: "Special", parentName: sub ? "Item" : nil,
                    attributes: (sub ? [] : [Attribute(name: "name", type: .string)]) + [Attribute(name: "kind", type: .string)]),
            ])
    }

    /// Items 1 and 2, Specials 3 and 4 (one table); Notes 1–5 naming Item 1, Special 3, Special 3, Special 4
    /// and nothing; Note 6 naming Item 1 again.
    static func store(ordered: Bool) throws -> String {
        let model = model("1", sub: true, ordered: ordered)
        let schema = SchemaBuilder(model: model).build()
        let numbers = try ["Item", "Note", "Special"].map { try #require(schema.entity(named: $0)?.number) }
        let path = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: model).create(at: path, options: .init(maxPrimaryKeys: ["Item": 4, "Note": 6]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (key, entity) in [(1, numbers[0]), (2, numbers[0]), (3, numbers[2]), (4, numbers[2])] {
                try db.execute(
                    sql: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)", arguments: [key, entity, "i\(key)"])
            }
            let order = ordered ? ", Z_FOK_ITEM" : ""
            // The entity of the Item each Note names, as Core Data writes it beside the key.
            let kind = try #require(schema.table(for: "Note")?.column(.foreignEntity(entity: "Note", relationship: "item")))
            for (key, item, position) in [(1, 1, 1024), (2, 3, 1024), (3, 3, 2048), (4, 4, 1024), (5, nil, nil), (6, 1, 2048)]
                as [(Int, Int?, Int?)]
            {
                let entity = item.map { $0 < 3 ? numbers[0] : numbers[2] }
                try db.execute(
                    sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, ZTEXT, ZITEM, \(kind.name)\(order)) "
                        + "VALUES (?, ?, 1, ?, ?, ?\(ordered ? ", ?" : ""))",
                    arguments: StatementArguments([key, numbers[1], "n\(key)", item, entity] + (ordered ? [position] : [])))
            }
        }
        try queue.close()
        return path
    }

    static func project(ordered: Bool) throws -> MigrationProject {
        try MigrationProject(
            bundle: ModelBundle(
                path: "/models/Items",
                versions: [model("1", sub: true, ordered: ordered), model("2", sub: false, ordered: ordered)],
                currentVersionName: "2"))
    }

    @Test("The mapping and the plan count the links to Specials as lost", arguments: [false, true])
    func planCounts(ordered: Bool) throws {
        let mapping = InferredMapping.infer(from: Self.model("1", sub: true), to: Self.model("2", sub: false))
        #expect(mapping.isInferable)
        #expect(mapping.drops.map(\.description) == ["drops Special.notes"])
        let (from, to) = (InferenceIndex(Self.model("1", sub: true)), InferenceIndex(Self.model("2", sub: false)))
        #expect(InferredStepProvider().losesData(from: from, to: to))
        #expect(MappingInferrer(source: from, destination: to).losesData())
        let project = try Self.project(ordered: ordered)
        let planning = try project.countingDataLoss(in: project.plan(store: try Self.store(ordered: ordered), target: "2"))
        // A lossy step: `migrate` asks, or refuses without --allow-data-loss, before anything is written.
        #expect(planning.plan.steps.map(\.isLossy) == [true])
        #expect((planning.dataLoss ?? []).flatMap(\.losses).map(\.description) == ["drops Special.notes (3 links)"])
    }

    @Test(
        "Run, the Notes' keys to Specials are cleared, every other link kept, and the store verifies", arguments: [false, true])
    func runClears(ordered: Bool) throws {
        let project = try Self.project(ordered: ordered)
        let store = try Self.store(ordered: ordered)
        try project.migrate([project.plan(store: store, target: "2")])
        _ = try project.verify(store: store)
        let rows = try DatabaseQueue(path: store).read { db in
            try Row.fetchAll(db, sql: "SELECT ZITEM\(ordered ? ", Z_FOK_ITEM" : "") FROM ZNOTE ORDER BY Z_PK")
        }
        #expect(rows.map { $0[0] as Int? } == [1, nil, nil, nil, nil, 1])
        if ordered { #expect(rows.map { $0[1] as Int? } == [1024, nil, nil, nil, nil, 2048]) }
        let specials = try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZSPECIAL") }
        #expect(specials == 2)
    }
}

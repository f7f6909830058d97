import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A dropped relationship's links are counted where the store keeps them (``LinkStorage``, the description the
/// copy reads them by), and only those of the objects that drop them, whatever the shape: a to-one's key, a
/// to-many's inverse key or its own key column (no inverse), a many-to-many's join table.
@Suite("Data loss counter: links counted through where the store keeps them")
struct DataLossCounterTests {
    /// `Item` (and its sub-entity `Special` when `special`) with one relationship of each shape: `owner`, a to-one
    /// without inverse; `tags`, a to-many without inverse; `labels`, a many-to-many (`Label.items`); `notes`, a
    /// to-many whose inverse `Note.item` is a to-one. Without `special`, `Special` is an entity of its own.
    static func model(_ name: String, special: Bool) -> ObjectModel {
        let item = Entity(
            name: "Item", attributes: [Attribute(name: "title", type: .string)],
            relationships: [
                Relationship(name: "owner", destinationEntity: "Person"),
                Relationship(name: "tags", destinationEntity: "Tag", isToMany: true),
                Relationship(name: "labels", destinationEntity: "Label", inverseName: "items", isToMany: true),
                Relationship(name: "notes", destinationEntity: "Note", inverseName: "item", isToMany: true),
            ])
        let named = { (name: String) in Entity(name: name, attributes: [Attribute(name: "name", type: .string)]) }
        var label = named("Label")
        label.relationships = [Relationship(name: "items", destinationEntity: "Item", inverseName: "labels", isToMany: true)]
        var note = named("Note")
        note.relationships = [Relationship(name: "item", destinationEntity: "Item", inverseName: "notes")]
        let standalone = Entity(
            name: "Special", attributes: [Attribute(name: "title", type: .string), Attribute(name: "extra", type: .string)])
        let sub = Entity(name: "Special", parentName: "Item", attributes: [Attribute(name: "extra", type: .string)])
        return ObjectModel(
            name: name, entities: [item, special ? sub : standalone, named("Person"), named("Tag"), label, note])
    }

    static let (v1, v2) = (model("1", special: true), model("2", special: false))

    /// Items 1 and 2 are `Item`s, 3 and 4 `Special`s. owner: 1 → Person 1, 3 → Person 2, 4 → Person 1. tags: Tag 1
    /// of Item 1, Tags 2 and 3 of Item 3. labels: Item 1 with Labels 1 and 2, Item 2 with Label 2, Item 3 with
    /// Label 1, Item 4 with Label 2. notes: Note 1 of Item 1, Notes 2 and 3 of Item 3. Tag 4 and Note 4 have none.
    static func store() throws -> String {
        let schema = SchemaBuilder(model: v1).build()
        let items = try #require(schema.table(for: "Item"))
        let owner = try #require(items.column(.foreignKey(entity: "Item", relationship: "owner"))).name
        let tags = try #require(schema.table(for: "Tag")?.column(.toManyKey(entity: "Item", relationship: "tags"))).name
        let noteItem = try #require(schema.table(for: "Note")?.column(.foreignKey(entity: "Note", relationship: "item"))).name
        let join = try #require(schema.joinTable(entity: "Item", relationship: "labels"))
        let itemSide = join.owner == JoinTable.Side(entity: "Item", relationship: "labels")
        let (itemColumn, labelColumn) = itemSide ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
        let number = { (name: String) in try #require(schema.entity(named: name)?.number) }
        let path = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: v1).create(
            at: path, options: .init(maxPrimaryKeys: ["Item": 4, "Person": 2, "Tag": 4, "Label": 2, "Note": 4]))
        let (item, special) = (try number("Item"), try number("Special"))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (key, entity, named) in [(1, item, 1), (2, item, nil), (3, special, 2), (4, special, 1)] as [(Int, Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, \(owner)) VALUES (?, ?, 1, ?)", arguments: [key, entity, named])
            }
            for (table, name, links, key) in [("ZPERSON", "Person", [nil, nil], nil), ("ZLABEL", "Label", [nil, nil], nil)]
                + [("ZTAG", "Tag", [1, 3, 3, nil], tags), ("ZNOTE", "Note", [1, 3, 3, nil], noteItem)]
                as [(String, String, [Int?], String?)]
            {
                for (index, link) in links.enumerated() {
                    let columns = key.map { ", \($0)" } ?? ""
                    try db.execute(
                        sql: "INSERT INTO \(table) (Z_PK, Z_ENT, Z_OPT\(columns)) VALUES (?, ?, 1\(key == nil ? "" : ", ?"))",
                        arguments: StatementArguments([index + 1, try number(name)] + (key == nil ? [] : [link])))
                }
            }
            for (itemKey, labelKey) in [(1, 1), (1, 2), (2, 2), (3, 1), (4, 2)] {
                try db.execute(
                    sql: "INSERT INTO \(join.name) (\(itemColumn), \(labelColumn)) VALUES (?, ?)", arguments: [itemKey, labelKey])
            }
        }
        try queue.close()
        return path
    }

    @Test("Each shape's links are counted, once per link, for the entity dropping them and its sub-entities")
    func eachShape() throws {
        let drops = [
            ("Item", "owner"), ("Item", "tags"), ("Item", "labels"), ("Label", "items"), ("Item", "notes"),
            ("Note", "item"), ("Special", "owner"), ("Special", "tags"), ("Special", "labels"), ("Special", "notes"),
        ]
        let counted = try DataLossCounter.count(
            drops.map { DataLoss(kind: .relationship, entity: $0.0, property: $0.1) }, sourceModel: Self.v1,
            storePath: try Self.store())
        #expect(counted.map(\.count) == [3, 3, 5, 5, 3, 3, 2, 2, 2, 2])
    }

    /// A sub-entity leaving its parent drops the relationships it inherited: its own objects' links are lost,
    /// not those of its parent's objects, which share the table, the key columns and the join table.
    @Test("A sub-entity leaving its parent loses its own objects' links only")
    func subEntityLeavingItsParent() throws {
        let mapping = InferredMapping.infer(from: Self.v1, to: Self.v2)
        #expect(mapping.isInferable)
        let counted = try DataLossCounter.count(mapping, sourceModel: Self.v1, storePath: try Self.store())
        // Notes 2 and 3 name Special 3 through `Note.item`, which stays pointing at Items (SubEntityLeavingTests).
        #expect(
            Set(counted.map(\.description)) == [
                "drops Special.owner (2 links)", "drops Special.tags (2 links)", "drops Special.labels (2 links)",
                "drops Special.notes (2 links)",
            ])
    }

    /// Both sides of a relationship dropped lose its links once: each side's drop counted them all, so the loss
    /// report said 10 links for a many-to-many holding 5.
    @Test("Both sides of a many-to-many dropped count its links once")
    func bothSidesOnce() throws {
        var dropped = Self.v1
        dropped.name = "3"
        dropped.entities = dropped.entities.map { entity in
            var entity = entity
            entity.relationships.removeAll { ["Item.labels", "Label.items"].contains("\(entity.name).\($0.name)") }
            return entity
        }
        let mapping = InferredMapping.infer(from: Self.v1, to: dropped)
        let counted = try DataLossCounter.count(mapping, sourceModel: Self.v1, storePath: try Self.store())
        #expect(counted.map(\.description) == ["drops Item.labels (5 links)"])
    }
}

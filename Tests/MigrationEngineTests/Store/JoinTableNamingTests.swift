import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Which side of a many-to-many relationship names its join table (`docs/guide/store-schema.md`): the one Core
/// Data meets first, visiting entities in code-unit name order and each entity's stored properties in the slot
/// order of a CoreFoundation hash table keyed by their column names.
@Suite("Join-table names")
struct JoinTableNamingTests {
    @Test("CoreFoundation's 64-bit string hash, short, long (first, middle and last 32 units) and non-ASCII")
    func stringHash() {
        // Values from a separate implementation of CF's `__CFStrHashCharacters`, written from its description.
        #expect(PropertyHashOrder.stringHash("") == 0)
        #expect(PropertyHashOrder.stringHash("A") == 966)
        #expect(PropertyHashOrder.stringHash("ZTRUSTEDCLIENTS") == 244_390_103_761_796_006)
        #expect(PropertyHashOrder.stringHash("ZTRUSTEDBYCLIENTS") == 10_431_062_960_775_988_547)
        #expect(PropertyHashOrder.stringHash(String(repeating: "Z", count: 100) + "xxx") == 536_851_511_978_130_689)
        #expect(PropertyHashOrder.stringHash("Z\u{C4}\u{20AC}") == 512_342_325)
    }

    @Test("The slot order follows CF's table sizes: wire 2.95.0's UserClient in 41 slots, 2.96.0's in 71")
    func slotOrderGrowsWithTheEntity() {
        let pair = ["ZTRUSTEDBYCLIENTS", "ZTRUSTEDCLIENTS"]
        let filler = (0..<30).map { "ZATTRIBUTE\($0)" }
        // 32 keys fit CF's 41-slot table (capacity 32), where ZTRUSTEDCLIENTS's slot 21 precedes slot 37.
        #expect(PropertyHashOrder.slotOrder(of: pair + filler).filter(pair.contains) == ["ZTRUSTEDCLIENTS", "ZTRUSTEDBYCLIENTS"])
        // One more key takes the 71-slot table, where ZTRUSTEDBYCLIENTS (22) precedes ZTRUSTEDCLIENTS (42).
        #expect(
            PropertyHashOrder.slotOrder(of: pair + filler + ["ZONEMORE"]).filter(pair.contains)
                == ["ZTRUSTEDBYCLIENTS", "ZTRUSTEDCLIENTS"])
    }

    /// A model where entity-number order, name order and hash order disagree, so each of the old rules ("the
    /// lower-numbered entity names the table", "within one entity, the name sorting last") gives other names.
    static func generated(grown: Bool) -> ObjectModel {
        func toMany(_ name: String, _ destination: String, _ inverse: String) -> Relationship {
            Relationship(name: name, destinationEntity: destination, inverseName: inverse, isToMany: true)
        }
        return ObjectModel(
            name: "generated",
            entities: [
                Entity(
                    name: "Person",
                    attributes: [Attribute(name: "name", type: .string)]
                        + (grown ? [Attribute(name: "rank", type: .integer16), Attribute(name: "age", type: .integer16)] : []),
                    relationships: [
                        toMany("followers", "Person", "following"), toMany("following", "Person", "followers"),
                        toMany("children", "Person", "parents"), toMany("parents", "Person", "children"),
                    ]),
                // Numbered 1 (case-insensitive order) but sorting after `Banana` in code units.
                Entity(name: "apple", relationships: [toMany("bananas", "Banana", "apples")]),
                Entity(name: "Banana", relationships: [toMany("apples", "apple", "bananas")]),
                Entity(name: "Item", attributes: [Attribute(name: "title", type: .string)]),
                // A sub-entity, numbered right after `Item`, before `Shelf`, though its name sorts after it.
                Entity(name: "Zine", parentName: "Item", relationships: [toMany("shelves", "Shelf", "zines")]),
                Entity(name: "Shelf", relationships: [toMany("zines", "Zine", "shelves")]),
            ])
    }

    @Test("Name order between entities, hash order within one; new attributes can move the name")
    func generatedModel() throws {
        let schema = SchemaBuilder(model: Self.generated(grown: false)).build()
        #expect(
            schema.entities.map { "\($0.number):\($0.name)" } == [
                "1:apple", "2:Banana", "3:Item", "4:Zine", "5:Person", "6:Shelf",
            ])
        // `Banana` (2) sorts before `apple` (1) in code units; `Shelf` (6) before `Zine` (4). Within `Person`
        // (five stored properties, a 7-slot table) `ZFOLLOWERS` and `ZCHILDREN` come first, though `following`
        // and `parents` sort last by name.
        #expect(
            Set(schema.joinTables.map(\.name)) == ["Z_2APPLES", "Z_6ZINES", "Z_5FOLLOWERS", "Z_5CHILDREN"])
        // Two more attributes grow the table to 13 slots, where `ZFOLLOWING` comes first: the model alone moves
        // the name, as wire 2.96.0's one new attribute did.
        let grown = SchemaBuilder(model: Self.generated(grown: true)).build()
        #expect(Set(grown.joinTables.map(\.name)) == ["Z_2APPLES", "Z_6ZINES", "Z_5FOLLOWING", "Z_5CHILDREN"])
        let following = try #require(grown.joinTable(entity: "Person", relationship: "followers"))
        #expect(
            following.createStatement
                == "CREATE TABLE Z_5FOLLOWING ( Z_5FOLLOWERS INTEGER, Z_5FOLLOWING INTEGER, PRIMARY KEY (Z_5FOLLOWERS, Z_5FOLLOWING) )"
        )
    }

    @Test("Several Z_FOK_ columns of one entity come in the same hash order, not by name")
    func orderColumnsFollowHashOrder() throws {
        func toOne(_ name: String, _ inverse: String) -> Relationship {
            Relationship(name: name, destinationEntity: "Conversation", inverseName: inverse)
        }
        func ordered(_ name: String, _ inverse: String) -> Relationship {
            Relationship(name: name, destinationEntity: "Message", inverseName: inverse, isToMany: true, isOrdered: true)
        }
        let model = ObjectModel(
            name: "fok",
            entities: [
                Entity(
                    name: "Conversation",
                    relationships: [
                        ordered("hiddenMessages", "hiddenInConversation"), ordered("messages", "visibleInConversation"),
                    ]),
                Entity(
                    name: "Message",
                    attributes: [Attribute(name: "date", type: .date), Attribute(name: "text", type: .string)],
                    relationships: [toOne("hiddenInConversation", "hiddenMessages"), toOne("visibleInConversation", "messages")]),
            ])
        // Five properties in a 7-slot table: `ZVISIBLEINCONVERSATION` first, as in wire's `ZMESSAGE`, though
        // `hidden…` sorts first by name and by the to-many it serves.
        let columns = try #require(SchemaBuilder(model: model).build().table(for: "Message")).columns.map(\.name)
        #expect(columns.filter { $0.hasPrefix("Z_FOK_") } == ["Z_FOK_VISIBLEINCONVERSATION", "Z_FOK_HIDDENINCONVERSATION"])
    }

    /// Stores whose reflexive `UserClient` tables are named after the other side than the 64-bit rule gives.
    /// The same rule with CoreFoundation's 32-bit hash (`CFHashCode` on a 32-bit device) gives exactly their
    /// names; their model caches, though, follow the 64-bit order, so this is an explanation, not a proof.
    static let thirtyTwoBit: [String: Set<String>] = {
        let names: Set<String> = [
            "Z_14IGNOREDBYCLIENTS", "Z_14TRUSTEDBYCLIENTS", "Z_14IGNOREDCLIENTS", "Z_14TRUSTEDCLIENTS",
        ]
        return [
            "wire/stores/store1-27.wiredatabase": names, "wire/stores/store1-28.wiredatabase": names,
            "wire/stores/store2-3.wiredatabase": names,
        ]
    }()

    @Test("Every join table of every corpus store is named as predicted from its model", Corpus.required)
    func everyCorpusStore() throws {
        var compared = 0
        var wrong: [String] = []
        for store in CorpusStore.storesOnDisk {
            let dump = try StoreDump(Corpus.copyStore(store))
            let tables = Set(
                try dump.queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") })
            let joins = tables.filter { $0.range(of: "^Z_[0-9]+", options: .regularExpression) != nil }
            guard tables.contains("Z_MODELCACHE"),
                let content = try dump.queue.read({ db in
                    try Data.fetchOne(db, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE")
                })
            else {
                // Without a cached model there is nothing to predict from; such a store must hold no join table.
                #expect(joins.isEmpty, "\(store) has join tables but no model cache")
                continue
            }
            let model = try ModelCacheDecoder.decode(content, path: dump.path)
            let predicted = Set(SchemaBuilder(model: model).build().joinTables.map(\.name))
            compared += predicted.count
            let differing = predicted.symmetricDifference(joins)
            if !differing.isSubset(of: Self.thirtyTwoBit[store] ?? []) {
                wrong.append(
                    "\(store): predicted \(predicted.subtracting(joins).sorted()), Apple \(joins.subtracting(predicted).sorted())"
                )
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        // Every wire store holds 5–10 join tables, so a broken reader cannot pass by comparing nothing.
        #expect(compared >= 700)
    }
}

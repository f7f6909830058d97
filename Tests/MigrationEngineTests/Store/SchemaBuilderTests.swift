import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Schema builder")
struct SchemaBuilderTests {
    /// Names that are SQL keywords or contain quotes, which must neither break nor inject anything.
    static let awkward = ObjectModel(
        name: "awkward",
        entities: [
            Entity(
                name: "Order",
                attributes: [
                    Attribute(name: "group", type: .string),
                    Attribute(name: "na\"me", type: .integer32),
                    Attribute(name: "x\"); DROP TABLE Z_METADATA; --", type: .string),
                ],
                relationships: [
                    Relationship(name: "select", destinationEntity: "Tab\"le", inverseName: "orders", isToMany: false)
                ]),
            Entity(
                name: "Tab\"le",
                relationships: [
                    Relationship(name: "orders", destinationEntity: "Order", inverseName: "select", isToMany: true)
                ]),
        ])

    @Test("Keywords and quotes in names are quoted and work")
    func awkwardNames() throws {
        let schema = SchemaBuilder(model: Self.awkward).build()
        let order = try #require(schema.table(for: "Order"))
        #expect(order.name == "ZORDER")
        #expect(order.createStatement.contains("\"ZNA\"\"ME\" INTEGER"))
        #expect(order.createStatement.contains("ZGROUP VARCHAR"))
        let path = try TemporaryDirectory.make().appendingPathComponent("awkward.sqlite").path
        try StoreWriter(model: Self.awkward, schema: schema).create(at: path)
        let queue = try DatabaseQueue(path: path)
        let column = try #require(
            order.columns.first { $0.role == .attribute(entity: "Order", name: "x\"); DROP TABLE Z_METADATA; --") })
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO \(SQLIdentifier(order.name).quoted) (Z_PK, Z_ENT, Z_OPT, \(SQLIdentifier(column.name).quoted)) VALUES (1, 1, 1, 'v')"
            )
        }
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["ZORDER", "ZTAB\"LE", "Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"])
        #expect(
            try queue.read { db in try String.fetchOne(db, sql: "SELECT \(SQLIdentifier(column.name).quoted) FROM ZORDER") }
                == "v")
    }

    static let tree = ObjectModel(
        name: "tree",
        entities: [
            Entity(
                name: "item", attributes: [Attribute(name: "title", type: .string), Attribute(name: "count", type: .integer16)]),
            Entity(
                name: "Note", parentName: "item",
                attributes: [
                    Attribute(name: "title", type: .date), Attribute(name: "weight", type: .double),
                    Attribute(name: "blob", type: .binary),
                ], relationships: [Relationship(name: "folder", destinationEntity: "Folder", inverseName: "notes")]),
            Entity(
                name: "Folder",
                relationships: [
                    Relationship(
                        name: "notes", destinationEntity: "Note", inverseName: "folder", isToMany: true, isOrdered: true),
                    Relationship(name: "owner", destinationEntity: "item", inverseName: nil),
                    Relationship(name: "tags", destinationEntity: "Tag", inverseName: "folders", isToMany: true),
                ]),
            Entity(
                name: "Tag",
                relationships: [
                    Relationship(name: "folders", destinationEntity: "Folder", inverseName: "tags", isToMany: true)
                ]),
        ])

    @Test("Numbering, column order, clash suffixes, entity and order columns, join tables")
    func treeLayout() throws {
        let schema = SchemaBuilder(model: Self.tree).build()
        #expect(
            schema.entities.map { "\($0.number):\($0.name):\($0.superNumber)" } == [
                "1:Folder:0", "2:item:0", "3:Note:2", "4:Tag:0",
            ])
        #expect(
            schema.table(for: "Note")?.createStatement
                == "CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCOUNT INTEGER, ZFOLDER INTEGER, Z_FOK_FOLDER INTEGER, ZTITLE1 TIMESTAMP, ZWEIGHT FLOAT, ZTITLE VARCHAR, ZBLOB BLOB )"
        )
        #expect(
            schema.table(for: "Folder")?.createStatement
                == "CREATE TABLE ZFOLDER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZOWNER INTEGER, Z2_OWNER INTEGER )"
        )
        #expect(
            schema.table(for: "Folder")?.indexes.map(\.createStatement) == [
                "CREATE INDEX ZFOLDER_ZOWNER_INDEX ON ZFOLDER (ZOWNER)"
            ])
        let join = try #require(schema.joinTable(entity: "Tag", relationship: "folders"))
        #expect(
            join.createStatement
                == "CREATE TABLE Z_1TAGS ( Z_1FOLDERS INTEGER, Z_4TAGS INTEGER, PRIMARY KEY (Z_1FOLDERS, Z_4TAGS) )")
        #expect(join.index.createStatement == "CREATE INDEX Z_1TAGS_Z_4TAGS_INDEX ON Z_1TAGS (Z_4TAGS, Z_1FOLDERS)")
        let kept = SchemaBuilder(model: Self.tree, existingTableNames: ["Z_4FOLDERS"]).build()
        #expect(kept.joinTable(entity: "Folder", relationship: "tags")?.name == "Z_4FOLDERS")
    }

    @Test("Join columns are named from the target table's pool; the lower-numbered entity names the table")
    func joinColumnSuffixes() throws {
        // Like wire's `Reaction.users` and `SystemMessage.users`, both pointing at `User`.
        let model = ObjectModel(
            name: "j",
            entities: [
                Entity(
                    name: "Message",
                    relationships: [
                        Relationship(name: "users", destinationEntity: "User", inverseName: "messages", isToMany: true)
                    ]),
                Entity(
                    name: "Reaction",
                    relationships: [
                        Relationship(
                            name: "users", destinationEntity: "User", inverseName: "reactions", isToMany: true, isOrdered: true)
                    ]),
                Entity(
                    name: "User",
                    relationships: [
                        Relationship(
                            name: "messages", destinationEntity: "Message", inverseName: "users", isToMany: true, isOrdered: true),
                        Relationship(name: "reactions", destinationEntity: "Reaction", inverseName: "users", isToMany: true),
                    ]),
            ])
        let schema = SchemaBuilder(model: model).build()
        #expect(
            schema.joinTables.map(\.createStatement) == [
                "CREATE TABLE Z_1USERS ( Z_1MESSAGES INTEGER, Z_3USERS INTEGER, Z_FOK_1MESSAGES INTEGER, PRIMARY KEY (Z_1MESSAGES, Z_3USERS) )",
                "CREATE TABLE Z_2USERS ( Z_2REACTIONS INTEGER, Z_3USERS1 INTEGER, Z_FOK_3USERS1 INTEGER, PRIMARY KEY (Z_2REACTIONS, Z_3USERS1) )",
            ])
    }

    @Test("Table-named indexes and constraints for stores of framework 752 and older")
    func tableNamedStyle() {
        let model = ObjectModel(
            name: "m",
            entities: [
                Entity(
                    name: "Mood",
                    attributes: [Attribute(name: "a", type: .integer16), Attribute(name: "b", type: .string, isIndexed: true)],
                    uniquenessConstraints: [["a", "b"]], compoundIndexes: [["a", "b"]])
            ])
        let table = SchemaBuilder(model: model, style: SchemaStyle(frameworkVersion: 637)).build().tables[0]
        #expect(
            table.createStatement
                == "CREATE TABLE ZMOOD ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZA INTEGER, ZB VARCHAR, CONSTRAINT ZA_ZB UNIQUE (ZA, ZB))"
        )
        #expect(
            table.indexes.map(\.createStatement) == [
                "CREATE INDEX ZMOOD_ZB_INDEX ON ZMOOD (ZB)", "CREATE INDEX ZMOOD_ZA_ZB ON ZMOOD (ZA, ZB)",
            ])
    }

    @Test("Fetch indexes and uniqueness constraints become Core Data's indexes")
    func declaredIndexes() {
        let model = ObjectModel(
            name: "i",
            entities: [
                Entity(
                    name: "GenericAlbum",
                    attributes: [Attribute(name: "uuid", type: .string), Attribute(name: "kind", type: .integer16)],
                    uniquenessConstraints: [["uuid"]],
                    fetchIndexes: [
                        FetchIndex(name: "byUuidIndex", elements: [.init(property: "uuid")]),
                        FetchIndex(name: "byKind", elements: [.init(property: "kind", ascending: false)]),
                    ])
            ])
        let statements = SchemaBuilder(model: model).build().tables[0].indexes.map(\.createStatement)
        #expect(
            statements == [
                "CREATE INDEX Z_GenericAlbum_byUuidIndex ON ZGENERICALBUM (ZUUID COLLATE BINARY ASC)",
                "CREATE INDEX Z_GenericAlbum_byKind ON ZGENERICALBUM (ZKIND COLLATE BINARY DESC)",
                "CREATE UNIQUE INDEX Z_GenericAlbum_UNIQUE_uuid ON ZGENERICALBUM (ZUUID COLLATE BINARY ASC)",
            ])
    }
}

import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Inferred step")
struct InferredStepTests {
    static let v1 = ObjectModel(
        name: "v1",
        entities: [
            Entity(
                name: "Folder", attributes: [Attribute(name: "name", type: .string)],
                relationships: [
                    Relationship(name: "notes", destinationEntity: "Note", inverseName: "folder", isToMany: true, isOrdered: true)
                ]),
            Entity(
                name: "Note", attributes: [Attribute(name: "title", type: .string), Attribute(name: "body", type: .string)],
                relationships: [
                    Relationship(name: "folder", destinationEntity: "Folder", inverseName: "notes"),
                    Relationship(name: "tags", destinationEntity: "Tag", inverseName: "notes", isToMany: true),
                ]),
            Entity(
                name: "Tag", attributes: [Attribute(name: "label", type: .string)],
                relationships: [
                    Relationship(name: "notes", destinationEntity: "Note", inverseName: "tags", isToMany: true)
                ]),
        ])

    /// Adds an entity that sorts first (so every entity number shifts), renames `title`, drops `body`,
    /// and adds a required Boolean with a default.
    static let v2: ObjectModel = {
        var model = v1
        model.name = "v2"
        model.entities.insert(Entity(name: "Attachment", attributes: [Attribute(name: "size", type: .integer64)]), at: 0)
        model.entities[2].attributes = [
            Attribute(name: "heading", type: .string, renamingIdentifier: "title"),
            Attribute(name: "pinned", type: .boolean, isOptional: false, defaultValue: "NO"),
        ]
        return model
    }()

    static func makeStore(_ model: ObjectModel, sql: [String]) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("source.sqlite").path
        try StoreWriter(model: model).create(at: path, options: .init(maxPrimaryKeys: [:]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in for statement in sql { try db.execute(sql: statement) } }
        try queue.close()
        return path
    }

    static let rows = [
        "INSERT INTO ZFOLDER VALUES (1, 1, 1, 'Inbox'), (2, 1, 3, 'Archive')",
        "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, ZFOLDER, Z_FOK_FOLDER, ZBODY, ZTITLE) VALUES (1, 2, 1, 1, 1024, 'b1', 't1'), (2, 2, 2, 1, 2048, NULL, 't2'), (5, 2, 1, 2, 1024, 'b5', NULL)",
        "INSERT INTO ZTAG VALUES (1, 3, 1, 'red'), (2, 3, 1, 'blue')",
        "INSERT INTO Z_2TAGS VALUES (1, 1), (1, 2), (5, 2)",
        "UPDATE Z_PRIMARYKEY SET Z_MAX = CASE Z_ENT WHEN 1 THEN 2 WHEN 2 THEN 7 ELSE 2 END",
    ]

    @Test("Entity numbers shift; keys, order keys, join rows, renames and defaults follow")
    func renumbering() throws {
        let source = try Self.makeStore(Self.v1, sql: Self.rows)
        let step = InferredStep(sourceModel: Self.v1, destinationModel: Self.v2)
        #expect(step.mapping.isInferable)
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(try out.primaryKeys() == ["1|Attachment|0|0", "2|Folder|0|2", "3|Note|0|7", "4|Tag|0|2"])
        #expect(
            try out.rows("ZFOLDER") == [
                ["int64(1)", "int64(2)", "int64(1)", "string(\"Inbox\")"],
                ["int64(2)", "int64(2)", "int64(3)", "string(\"Archive\")"],
            ])
        #expect(try out.columns("ZNOTE") == ["Z_PK", "Z_ENT", "Z_OPT", "ZPINNED", "ZFOLDER", "Z_FOK_FOLDER", "ZHEADING"])
        #expect(
            try out.rows("ZNOTE").map { $0.map { $0 } } == [
                ["int64(1)", "int64(3)", "int64(1)", "int64(0)", "int64(1)", "int64(1024)", "string(\"t1\")"],
                ["int64(2)", "int64(3)", "int64(2)", "int64(0)", "int64(1)", "int64(2048)", "string(\"t2\")"],
                ["int64(5)", "int64(3)", "int64(1)", "int64(0)", "int64(2)", "int64(1024)", "null"],
            ])
        #expect(try out.columns("Z_3TAGS") == ["Z_3NOTES", "Z_4TAGS"])
        #expect(try out.rows("Z_3TAGS") == [["int64(1)", "int64(1)"], ["int64(1)", "int64(2)"], ["int64(5)", "int64(2)"]])
        #expect(try out.integer("SELECT COUNT(*) FROM ZTAG WHERE Z_ENT = 4") == 2)
        let losses = try DataLossCounter.count(step.mapping, sourceModel: Self.v1, storePath: source)
        #expect(losses == [DataLoss(kind: .attribute, entity: "Note", property: "body", count: 2)])
    }

    @Test("An entity moving under another root gets keys past the root's, and references follow")
    func hierarchyMerge() throws {
        let before = ObjectModel(
            name: "a",
            entities: [
                Entity(name: "Animal", attributes: [Attribute(name: "name", type: .string)]),
                Entity(name: "Dog", attributes: [Attribute(name: "breed", type: .string)]),
                Entity(name: "Owner", relationships: [Relationship(name: "pet", destinationEntity: "Dog")]),
            ])
        var after = before
        after.name = "b"
        after.entities[1].parentName = "Animal"
        let source = try Self.makeStore(
            before,
            sql: [
                "INSERT INTO ZANIMAL VALUES (1, 1, 1, 'cat'), (2, 1, 1, 'cow')",
                "INSERT INTO ZDOG VALUES (1, 2, 1, 'pug'), (2, 2, 1, 'lab')",
                "INSERT INTO ZOWNER VALUES (1, 3, 1, 2)",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = 2 WHERE Z_ENT < 3",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_ENT = 3",
            ])
        let step = InferredStep(sourceModel: before, destinationModel: after)
        #expect(step.mapping.entity("Dog")?.parentChange == .init(from: nil, to: "Animal"))
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(
            try out.rows("ZANIMAL").map { $0.prefix(2) + $0.suffix(2) } == [
                ["int64(1)", "int64(1)", "string(\"cat\")", "null"], ["int64(2)", "int64(1)", "string(\"cow\")", "null"],
                ["int64(3)", "int64(2)", "null", "string(\"pug\")"], ["int64(4)", "int64(2)", "null", "string(\"lab\")"],
            ])
        #expect(try out.integer("SELECT ZPET FROM ZOWNER") == 4)
        #expect(try out.primaryKeys() == ["1|Animal|0|4", "2|Dog|1|0", "3|Owner|0|1"])
    }

    @Test("A step that cannot be inferred refuses to run")
    func refusesNonInferable() throws {
        var changed = Self.v1
        changed.entities[0].attributes[0].type = .integer32
        let source = try Self.makeStore(Self.v1, sql: [])
        #expect(throws: StoreWriteError.self) {
            try StepRunner.run(InferredStep(sourceModel: Self.v1, destinationModel: changed), sourcePath: source)
        }
    }

    @Test("Cancellation stops the step")
    func cancellation() throws {
        let source = try Self.makeStore(Self.v1, sql: Self.rows)
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: MigrationCancelled.self) {
            try StepRunner.run(
                InferredStep(sourceModel: Self.v1, destinationModel: Self.v2), sourcePath: source, cancellation: flag)
        }
    }

    @Test("Persistent history tables, their entity rows and unknown metadata keys survive")
    func historySurvives() throws {
        let source = try Self.makeStore(Self.v1, sql: Self.rows)
        let queue = try DatabaseQueue(path: source)
        try queue.write { db in
            try db.execute(
                sql: "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHOR VARCHAR )")
            try db.execute(sql: "CREATE INDEX ATRANSACTION_ZAUTHOR ON ATRANSACTION (ZAUTHOR)")
            try db.execute(sql: "INSERT INTO ATRANSACTION VALUES (1, 16001, 1, 'app')")
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY VALUES (16001, 'Transaction', 0, 1)")
            let blob = try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA")!
            var plist = try PropertyListSerialization.propertyList(from: blob, format: nil) as! [String: Any]
            plist["com.example.lastSync"] = NSNumber(value: 42)
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [data])
        }
        try queue.close()
        let step = InferredStep(sourceModel: Self.v1, destinationModel: Self.v2)
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(try out.rows("ATRANSACTION") == [["int64(1)", "int64(16001)", "int64(1)", "string(\"app\")"]])
        #expect(try out.schema().contains { $0.name == "ATRANSACTION_ZAUTHOR" })
        // The entities are renumbered around the history rows, which keep theirs.
        #expect(
            try out.primaryKeys() == ["1|Attachment|0|0", "2|Folder|0|2", "3|Note|0|7", "4|Tag|0|2", "16001|Transaction|0|1"])
        #expect(try out.metadata().plist["com.example.lastSync"] as? Int == 42)
    }

    @Test("A to-one that becomes a to-many moves its links and their order into a join table")
    func toOneBecomesToMany() throws {
        var manyToMany = Self.v1
        manyToMany.name = "m2m"
        manyToMany.entities[0].relationships[0].inverseName = "folders"
        manyToMany.entities[1].relationships[0] = Relationship(
            name: "folders", destinationEntity: "Folder", inverseName: "notes", isToMany: true, renamingIdentifier: "folder")
        let step = InferredStep(sourceModel: Self.v1, destinationModel: manyToMany)
        #expect(step.mapping.isInferable)
        #expect(step.mapping.drops.isEmpty)
        let out = try StoreDump(StepRunner.run(step, sourcePath: try Self.makeStore(Self.v1, sql: Self.rows)))
        #expect(try out.columns("Z_1NOTES") == ["Z_1FOLDERS", "Z_2NOTES", "Z_FOK_2NOTES"])
        #expect(
            try out.rows("Z_1NOTES") == [
                ["int64(1)", "int64(1)", "int64(1024)"], ["int64(1)", "int64(2)", "int64(2048)"],
                ["int64(2)", "int64(5)", "int64(1024)"],
            ])
        #expect(try out.columns("ZNOTE") == ["Z_PK", "Z_ENT", "Z_OPT", "ZBODY", "ZTITLE"])
        let back = InferredMapping.infer(from: manyToMany, to: Self.v1)
        #expect(
            back.notInferable.map(\.description) == [
                "Note.folder: becomes to-one: objects related to several would keep only one"
            ])
    }

    @Test("A to-many that becomes ordered gets order keys in primary-key order")
    func becomesOrdered() throws {
        var unordered = Self.v1
        unordered.name = "unordered"
        unordered.entities[0].relationships[0].isOrdered = false
        let rows = Self.rows.map {
            $0.replacingOccurrences(of: ", Z_FOK_FOLDER", with: "").replacingOccurrences(of: ", 1024,", with: ",")
                .replacingOccurrences(of: ", 2048,", with: ",")
        }
        let source = try Self.makeStore(unordered, sql: rows)
        let out = try StoreDump(
            StepRunner.run(InferredStep(sourceModel: unordered, destinationModel: Self.v1), sourcePath: source))
        #expect(
            try out.rows("ZNOTE").map { [$0[0], $0[4]] } == [
                ["int64(1)", "int64(1024)"], ["int64(2)", "int64(2048)"], ["int64(5)", "int64(1024)"],
            ])
    }

    @Test("A join table named after the other side is read, and the destination's is derived afresh")
    func joinTableSideIsDerivedAfresh() throws {
        let schema = SchemaBuilder(model: Self.v1, existingTableNames: ["Z_3NOTES"]).build()
        #expect(schema.joinTables.map(\.name) == ["Z_3NOTES"])
        let path = try TemporaryDirectory.make().appendingPathComponent("source.sqlite").path
        try StoreWriter(model: Self.v1, schema: schema).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT) VALUES (1, 2, 1), (2, 2, 1)")
            try db.execute(sql: "INSERT INTO ZTAG (Z_PK, Z_ENT, Z_OPT) VALUES (7, 3, 1)")
            try db.execute(sql: "INSERT INTO Z_3NOTES (Z_3TAGS, Z_2NOTES) VALUES (7, 1), (7, 2)")
        }
        try queue.close()
        let out = try StoreDump(StepRunner.run(InferredStep(sourceModel: Self.v1, destinationModel: Self.v2), sourcePath: path))
        // As Core Data's own migrations rename join tables to the name derived for the new version.
        let fresh = try #require(SchemaBuilder(model: Self.v2).build().joinTables.first)
        #expect(try out.columns(fresh.name) == [fresh.ownerColumn, fresh.targetColumn])
        let tagColumn = fresh.owner.entity == "Tag" ? fresh.ownerColumn : fresh.targetColumn
        let noteColumn = tagColumn == fresh.ownerColumn ? fresh.targetColumn : fresh.ownerColumn
        let pairs = try out.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT \"\(tagColumn)\", \"\(noteColumn)\" FROM \"\(fresh.name)\" ORDER BY 2").map {
                [$0[0] as Int, $0[1] as Int]
            }
        }
        #expect(pairs == [[7, 1], [7, 2]])
    }

    @Test("A store migrated from a WAL store is in WAL mode, one from a rollback store is not")
    func journalModeKept() throws {
        for mode in [JournalMode.wal, .rollback] {
            let path = try TemporaryDirectory.make().appendingPathComponent("source.sqlite").path
            try StoreWriter(model: Self.v1).create(at: path, options: .init(journalMode: mode))
            #expect(try JournalMode(path: path) == mode)
            let out = try StepRunner.run(InferredStep(sourceModel: Self.v1, destinationModel: Self.v2), sourcePath: path)
            #expect(try JournalMode(path: out) == mode)
        }
    }

    @Test("Entity rename moves rows to the new table; a sub-entity that becomes a root keeps its keys")
    func renameAndSplit() throws {
        let before = ObjectModel(
            name: "a",
            entities: [
                Entity(name: "Animal", attributes: [Attribute(name: "name", type: .string)]),
                Entity(name: "Dog", parentName: "Animal", attributes: [Attribute(name: "breed", type: .string)]),
                Entity(name: "Item", attributes: [Attribute(name: "sku", type: .string)]),
            ])
        let after = ObjectModel(
            name: "b",
            entities: [
                Entity(name: "Animal", attributes: [Attribute(name: "name", type: .string)]),
                Entity(
                    name: "Dog", attributes: [Attribute(name: "name", type: .string), Attribute(name: "breed", type: .string)]),
                Entity(name: "Product", renamingIdentifier: "Item", attributes: [Attribute(name: "sku", type: .string)]),
            ])
        let source = try Self.makeStore(
            before,
            sql: [
                "INSERT INTO ZANIMAL VALUES (1, 1, 1, 'cat', NULL), (2, 2, 4, 'rex', 'pug')",
                "INSERT INTO ZITEM VALUES (9, 3, 2, 'A-1')",
                "UPDATE Z_PRIMARYKEY SET Z_MAX = CASE Z_ENT WHEN 1 THEN 2 WHEN 3 THEN 9 ELSE 0 END",
            ])
        let step = InferredStep(sourceModel: before, destinationModel: after)
        #expect(step.mapping.isInferable)
        #expect(step.mapping.operations == ["move Dog from Animal to the root", "rename entity Item → Product"])
        let out = try StoreDump(StepRunner.run(step, sourcePath: source))
        #expect(try out.rows("ZANIMAL") == [["int64(1)", "int64(1)", "int64(1)", "string(\"cat\")"]])
        #expect(try out.rows("ZDOG") == [["int64(2)", "int64(2)", "int64(4)", "string(\"pug\")", "string(\"rex\")"]])
        #expect(try out.rows("ZPRODUCT") == [["int64(9)", "int64(3)", "int64(2)", "string(\"A-1\")"]])
        // The renamed entity's row keeps the name it had, as Core Data's own migration leaves it (cars V2).
        #expect(try out.primaryKeys() == ["1|Animal|0|2", "2|Dog|0|2", "3|Item|0|9"])
    }
}

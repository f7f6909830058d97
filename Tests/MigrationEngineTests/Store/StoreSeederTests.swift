import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// `seed`'s engine: a store at any version of any model that `verify` accepts, with every attribute type and
/// relationship kind stored as Core Data stores it, the same for the same seed.
@Suite("StoreSeeder")
struct StoreSeederTests {
    /// A model with every storable attribute type and every relationship kind: an abstract `Item` with two
    /// sub-entities, a `Folder` whose ordered to-many holds items, a reflexive to-one/to-many, a self-inverse
    /// one-to-one, a one-to-one across the hierarchy, a to-many without an inverse, and many-to-many (ordered
    /// on one side, reflexive and self-inverse on another).
    static let model: ObjectModel = {
        let every: [Attribute] = [
            Attribute(name: "small", type: .integer16, isOptional: false, minValue: "0", maxValue: "100"),
            Attribute(name: "medium", type: .integer32), Attribute(name: "large", type: .integer64),
            Attribute(name: "price", type: .decimal), Attribute(name: "ratio", type: .double),
            Attribute(name: "weight", type: .float), Attribute(name: "title", type: .string, isOptional: false),
            Attribute(name: "done", type: .boolean), Attribute(name: "created", type: .date),
            Attribute(name: "blob", type: .binary), Attribute(name: "identifier", type: .uuid),
            Attribute(name: "link", type: .uri), Attribute(name: "payload", type: .transformable),
            Attribute(name: "big", type: .binary, allowsExternalBinaryDataStorage: true),
            Attribute(name: "bigArchive", type: .transformable, allowsExternalBinaryDataStorage: true),
            Attribute(name: "scratch", type: .string, isTransient: true),
        ]
        return ObjectModel(
            name: "Every",
            entities: [
                Entity(
                    name: "Item", isAbstract: true, attributes: every,
                    relationships: [
                        Relationship(name: "folder", destinationEntity: "Folder", inverseName: "items"),
                        Relationship(
                            name: "pinnedBy", destinationEntity: "Folder", inverseName: "pinned", isToMany: true),
                    ]),
                Entity(
                    name: "Note", parentName: "Item",
                    attributes: [Attribute(name: "body", type: .string, isOptional: false)]),
                Entity(
                    name: "Photo", parentName: "Item",
                    attributes: [Attribute(name: "pixels", type: .binary, allowsExternalBinaryDataStorage: true)],
                    relationships: [Relationship(name: "coverOf", destinationEntity: "Folder", inverseName: "cover")]),
                Entity(
                    name: "Folder",
                    attributes: [
                        Attribute(name: "name", type: .string, isOptional: false),
                        Attribute(name: "itemCount", type: .integer64, isDerived: true, derivationExpression: "items.@count"),
                    ],
                    relationships: [
                        Relationship(
                            name: "items", destinationEntity: "Item", inverseName: "folder", isToMany: true, isOrdered: true),
                        Relationship(name: "parent", destinationEntity: "Folder", inverseName: "children"),
                        Relationship(name: "children", destinationEntity: "Folder", inverseName: "parent", isToMany: true),
                        Relationship(name: "twin", destinationEntity: "Folder", inverseName: "twin"),
                        Relationship(name: "cover", destinationEntity: "Photo", inverseName: "coverOf"),
                        Relationship(
                            name: "pinned", destinationEntity: "Item", inverseName: "pinnedBy", isToMany: true,
                            isOrdered: true),
                        Relationship(name: "archive", destinationEntity: "Note", isToMany: true),
                        Relationship(name: "owner", destinationEntity: "Tag", isOptional: false),
                    ],
                    uniquenessConstraints: [["name"]]),
                Entity(
                    name: "Tag", attributes: [Attribute(name: "label", type: .string)],
                    relationships: [
                        Relationship(name: "related", destinationEntity: "Tag", inverseName: "related", isToMany: true)
                    ]),
            ])
    }()

    static func seeded(_ model: ObjectModel = model, objects: Int = 12, seed: UInt64 = 7) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Every.sqlite").path
        try StoreSeeder(model: model, objects: objects, seed: seed).write(to: path)
        return path
    }

    static func rows(_ path: String, _ sql: String) throws -> [[DatabaseValue]] {
        try DatabaseQueue(path: path).read { db in try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) } }
    }

    /// Every table's rows, in key order, as text.
    static func dump(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { "\(table) \($0)" }.sorted()
            }
        }
    }

    /// The column the schema gives a role in `entity`'s table.
    static func column(_ entity: String, _ role: SchemaColumn.Role) throws -> String {
        try #require(SchemaBuilder(model: model).build().table(for: entity)?.column(role)).name
    }

    @Test("the store verifies, with every concrete entity's objects and every relationship kind filled")
    func verifiesWithEveryKind() throws {
        let path = try Self.seeded()
        let archive = try Self.column("Note", .toManyKey(entity: "Folder", relationship: "archive"))
        let counts = try StoreValidator(model: Self.model).validate(path)
        #expect(counts == ["Note": 12, "Photo": 12, "Folder": 12, "Tag": 12])
        let filled = try Self.rows(
            path,
            #"""
            SELECT (SELECT COUNT(*) FROM ZITEM WHERE ZFOLDER IS NOT NULL AND Z_FOK_FOLDER IS NOT NULL),
                (SELECT COUNT(*) FROM ZFOLDER WHERE ZPARENT IS NOT NULL), (SELECT COUNT(*) FROM ZFOLDER WHERE ZTWIN IS NOT NULL),
                (SELECT COUNT(*) FROM ZFOLDER WHERE ZCOVER IS NOT NULL), (SELECT COUNT(*) FROM ZITEM WHERE \#(archive) IS NOT NULL),
                (SELECT COUNT(*) FROM ZFOLDER WHERE ZOWNER IS NULL), (SELECT COUNT(*) FROM ZFOLDER f WHERE ZITEMCOUNT = (SELECT COUNT(*) FROM ZITEM WHERE ZFOLDER = f.Z_PK))
            """#)[0].map { Int.fromDatabaseValue($0) ?? -1 }
        #expect(filled[0] > 0 && filled[1] > 0 && filled[2] > 0 && filled[3] > 0 && filled[4] > 0)
        #expect(filled[5] == 0, "a required to-one is always set")
        #expect(filled[6] == 12, "derived values are computed")
    }

    @Test("a one-to-one names each other from both sides; a self-inverse one pairs objects")
    func oneToOneIsSymmetric() throws {
        let path = try Self.seeded()
        let asymmetric = try Self.rows(
            path,
            """
            SELECT COUNT(*) FROM ZFOLDER f LEFT JOIN ZITEM p ON p.Z_PK = f.ZCOVER
            WHERE f.ZCOVER IS NOT NULL AND (p.ZCOVEROF IS NOT f.Z_PK)
            UNION ALL SELECT COUNT(*) FROM ZFOLDER f JOIN ZFOLDER t ON t.Z_PK = f.ZTWIN WHERE t.ZTWIN IS NOT f.Z_PK
            """)
        #expect(asymmetric.map { Int.fromDatabaseValue($0[0]) } == [0, 0])
    }

    /// DashSync 20's shape: a required one-to-one (`Transaction.hash`) from a family of entities (a transaction
    /// and its sub-entity) to one entity: each transaction needs a hash of its own, so the hashes are as many
    /// as the family's objects (the seeder made as many of each entity, leaving half the transactions
    /// without one and the store refused by `verify`).
    @Test("a required one-to-one from a family of entities gets a destination object for each of them")
    func requiredOneToOneFromFamily() throws {
        let model = ObjectModel(
            name: "Chain",
            entities: [
                Entity(
                    name: "Hash", attributes: [Attribute(name: "digest", type: .string)],
                    relationships: [Relationship(name: "transaction", destinationEntity: "Transaction", inverseName: "hash")]),
                Entity(name: "Special", parentName: "Transaction", attributes: [Attribute(name: "kind", type: .string)]),
                Entity(
                    name: "Transaction", attributes: [Attribute(name: "amount", type: .integer64)],
                    relationships: [
                        Relationship(name: "hash", destinationEntity: "Hash", inverseName: "transaction", isOptional: false)
                    ]),
            ])
        let path = try Self.seeded(model, objects: 3)
        let counts = try StoreValidator(model: model).validate(path)
        #expect(counts == ["Hash": 6, "Special": 3, "Transaction": 3])
        let unhashed = try Self.rows(path, "SELECT COUNT(*) FROM ZTRANSACTION WHERE ZHASH IS NULL")
        #expect(unhashed.map { Int.fromDatabaseValue($0[0]) } == [0])
    }

    @Test("ordered to-manys give every member its own position, Core Data's spacing from 2048")
    func orderedPositions() throws {
        let path = try Self.seeded()
        let clashes = try Self.rows(
            path,
            #"""
            SELECT COUNT(*) FROM (SELECT ZFOLDER, Z_FOK_FOLDER FROM ZITEM WHERE ZFOLDER IS NOT NULL
                GROUP BY 1, 2 HAVING COUNT(*) > 1)
            """#)
        #expect(Int.fromDatabaseValue(clashes[0][0]) == 0)
        let first = try Self.rows(path, "SELECT MIN(Z_FOK_FOLDER) FROM ZITEM")
        #expect(Int.fromDatabaseValue(first[0][0]) == 2048)
        let schema = SchemaBuilder(model: Self.model).build()
        let join = try #require(schema.joinTable(entity: "Folder", relationship: "pinned"))
        let order = try #require(join.orderColumn(ordering: JoinTable.Side(entity: "Folder", relationship: "pinned")))
        let unplaced = try Self.rows(path, "SELECT COUNT(*) FROM \"\(join.name)\" WHERE \"\(order)\" IS NULL")
        #expect(Int.fromDatabaseValue(unplaced[0][0]) == 0)
        #expect(try Self.rows(path, "SELECT COUNT(*) FROM \"\(join.name)\"")[0][0] != 0.databaseValue)
    }

    @Test("external-storage values are inline behind 0x01 or in _EXTERNAL_DATA behind 0x02")
    func externalStorage() throws {
        let path = try Self.seeded()
        let markers = try Self.rows(path, "SELECT DISTINCT substr(hex(ZBIG), 1, 2) FROM ZITEM WHERE ZBIG IS NOT NULL")
            .compactMap { String.fromDatabaseValue($0[0]) }
        #expect(Set(markers) == ["01", "02"])
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
            ".Every_SUPPORT/_EXTERNAL_DATA")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let named = try Self.rows(
            path,
            "SELECT CAST(substr(ZBIG, 2, 36) AS TEXT) FROM ZITEM WHERE hex(substr(ZBIG, 1, 1)) = '02' "
                + "UNION ALL SELECT CAST(substr(ZPIXELS, 2, 36) AS TEXT) FROM ZITEM WHERE hex(substr(ZPIXELS, 1, 1)) = '02' "
                + "UNION ALL SELECT CAST(substr(ZBIGARCHIVE, 2, 36) AS TEXT) FROM ZITEM WHERE hex(substr(ZBIGARCHIVE, 1, 1)) = '02'"
        ).compactMap { String.fromDatabaseValue($0[0]) }
        #expect(Set(named) == Set(files))
    }

    @Test("the same seed gives the same store; another seed another")
    func deterministic() throws {
        let first = try Self.dump(try Self.seeded(seed: 11))
        #expect(first == (try Self.dump(try Self.seeded(seed: 11))))
        #expect(first != (try Self.dump(try Self.seeded(seed: 12))))
    }

    @Test("an existing file or a count out of range is refused, and nothing is left half-written")
    func refusals() throws {
        let folder = try TemporaryDirectory.make()
        let bundle = ModelBundle(path: "/models/Every.xcdatamodeld", versions: [Self.model], currentVersionName: "Every")
        let project = try MigrationProject(bundle: bundle)
        let out = folder.appendingPathComponent("New.sqlite").path
        #expect(throws: StoreWriteError.self) {
            try project.seed(version: nil, objects: SeededStore.maximumObjects + 1, seed: 1, out: out)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(throws: PlanningError.self) { try project.seed(version: "Nope", objects: 1, seed: 1, out: out) }
        let seeded = try project.seed(version: nil, objects: 3, seed: 1, out: out)
        #expect(seeded.version == "Every" && seeded.objects["Folder"] == 3)
        let before = try Self.dump(out)
        #expect(throws: StoreWriteError.self) { try project.seed(version: nil, objects: 3, seed: 2, out: out) }
        #expect(try Self.dump(out) == before)
    }

    /// The model bundles in the corpus: every `.xcdatamodeld` and `.momd` not inside another.
    static let corpusModels: [String] = {
        guard Corpus.isAvailable,
            let walker = FileManager.default.enumerator(atPath: Corpus.root.path)
        else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            guard item.hasSuffix(".xcdatamodeld") || item.hasSuffix(".momd") else { continue }
            found.append(item)
            walker.skipDescendants()
        }
        return found.sorted()
    }()

    @Test("seed writes a store verify accepts at every version of every corpus model", Corpus.required)
    func everyCorpusVersion() throws {
        #expect(Self.corpusModels.count >= 19)
        var versions = 0
        for relative in Self.corpusModels {
            let project = try MigrationProject(modelPath: Corpus.path(relative), settings: PlanningSettings())
            let folder = try TemporaryDirectory.make()
            for (index, model) in (project.bundle?.versions ?? []).enumerated() {
                let out = folder.appendingPathComponent("Seed\(index).sqlite").path
                let seeded = try project.seed(version: model.name, objects: 3, seed: UInt64(index), out: out)
                #expect(seeded.objects.values.allSatisfy { $0 == 3 }, "\(relative) \(model.name)")
                let verified = try project.verify(store: out, version: model.name)
                #expect(verified.version == model.name)
                versions += 1
            }
        }
        #expect(versions >= 140)
    }
}

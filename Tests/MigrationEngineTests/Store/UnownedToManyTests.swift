import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// A to-many relationship without an inverse: Core Data keeps it as a key column in the destination's table,
/// `Z<number of the declaring entity><NAME>`, indexed like a to-one's. Laid out, verified, exported and carried
/// through inferred and mapped steps with every membership.
@Suite("To-many relationship without an inverse")
struct UnownedToManyTests {
    /// `Shelf.books` → `Book` with no inverse (numbers: Book 1, Shelf 2); with `author`, an `Author` entity
    /// that sorts first and renumbers both; with `inverse`, `Book.shelf` as the inverse instead.
    static func model(_ name: String, author: Bool = false, inverse: Bool = false) -> ObjectModel {
        var entities = [
            Entity(
                name: "Book", attributes: [Attribute(name: "title", type: .string)],
                relationships: inverse ? [Relationship(name: "shelf", destinationEntity: "Shelf", inverseName: "books")] : []),
            Entity(
                name: "Shelf", attributes: [Attribute(name: "name", type: .string)],
                relationships: [
                    Relationship(
                        name: "books", destinationEntity: "Book", inverseName: inverse ? "shelf" : nil, isToMany: true)
                ]),
        ]
        if author { entities.insert(Entity(name: "Author", attributes: [Attribute(name: "name", type: .string)]), at: 0) }
        return ObjectModel(name: name, entities: entities)
    }

    /// Shelves 1 and 2; books 1 and 2 on shelf 1, book 3 on shelf 2, book 4 on none. `column` holds the shelf.
    static func store(_ model: ObjectModel, column: String = "Z2BOOKS") throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Library.sqlite").path
        try StoreWriter(model: model).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO ZSHELF (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (1, 2, 1, 'Left'), (2, 2, 1, 'Right')")
            for (key, shelf) in [(1, 1), (2, 1), (3, 2), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT, ZTITLE, \(column)) VALUES (?, 1, 1, ?, ?)",
                    arguments: [key, "Book \(key)", shelf])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = CASE Z_NAME WHEN 'Book' THEN 4 ELSE 2 END")
        }
        try queue.close()
        return path
    }

    /// Each book's shelf as `column` holds it, in key order.
    static func shelves(_ path: String, column: String) throws -> [Int?] {
        try DatabaseQueue(path: path).read { try Int?.fetchAll($0, sql: "SELECT \(column) FROM ZBOOK ORDER BY Z_PK") }
    }

    @Test("The key lives in the destination's table as Z<n><NAME> INTEGER, with a to-one's index")
    func layout() throws {
        let schema = SchemaBuilder(model: Self.model("v1")).build()
        let book = try #require(schema.table(for: "Book"))
        let column = try #require(book.columns.first { $0.name == "Z2BOOKS" })
        #expect(column.sqlType == "INTEGER")
        #expect(column.role == .toManyKey(entity: "Shelf", relationship: "books"))
        #expect(book.indexes.contains { $0.name == "ZBOOK_Z2BOOKS_INDEX" && $0.columns == ["Z2BOOKS"] })
        #expect(schema.table(for: "Shelf")?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME"])
        #expect(schema.joinTables.isEmpty)
    }

    @Test("A store holding it verifies; a key naming no shelf is refused by column")
    func verifies() throws {
        let model = Self.model("v1")
        let path = try Self.store(model)
        try DatabaseQueue(path: path).read { db in _ = try SchemaConformance(model: model, path: path).check(db) }
        try DatabaseQueue(path: path).write { try $0.execute(sql: "UPDATE ZBOOK SET Z2BOOKS = 9 WHERE Z_PK = 4") }
        let error = try #require(throws: ExecutionError.self) {
            try DatabaseQueue(path: path).read { db in _ = try SchemaConformance(model: model, path: path).check(db) }
        }
        #expect(error.message.contains("ZBOOK.Z2BOOKS point at no Shelf"))
    }

    @Test("Salvage clears a membership in a shelf the damage took, so the store verifies; one no damage took, not")
    func salvageClears() throws {
        let model = Self.model("v1")
        let path = try Self.store(model)
        let schema = SchemaBuilder(model: model).build()
        var damage = SalvageDamage()
        let untouched = try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DELETE FROM ZSHELF WHERE Z_PK = 2")
            return try DanglingReferences(model: model, schema: schema, damage: damage).clear(db)
        }
        // Shelf 2 in no range the damage took: the store's own broken membership, left for BrokenObjects.
        #expect(untouched.references.isEmpty)
        damage.add("ZSHELF", [KeyRange(lower: 2, upper: 2)], limit: nil)
        let outcome = try DatabaseQueue(path: path).write { db in
            try DanglingReferences(model: model, schema: schema, damage: damage).clear(db)
        }
        #expect(outcome.references.map { "\($0.entity).\($0.relationship) \($0.cleared)" } == ["Shelf.books 1"])
        #expect(try Self.shelves(path, column: "Z2BOOKS") == [1, 1, nil, nil])
        try DatabaseQueue(path: path).read { db in _ = try SchemaConformance(model: model, path: path).check(db) }
    }

    @Test("Export lists each shelf's books through the key")
    func exports() throws {
        let model = Self.model("v1")
        let path = try Self.store(model)
        let project = try MigrationProject(
            bundle: ModelBundle(path: "/models/Library", versions: [model], currentVersionName: "v1"))
        let out = try TemporaryDirectory.make().appendingPathComponent("Shelf.json").path
        _ = try project.export(store: path, entity: "Shelf", format: .json, to: .file(out))
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [[String: Any]])
        let books = objects.map { ($0["books"] as? [Any])?.count }
        #expect(books == [2, 1])
    }

    /// Inferred steps, each keeping every membership: one that renumbers the owner (Author sorts first) moves
    /// the keys to `Z3BOOKS`; one that removes the inverse fills `Z2BOOKS` from `ZSHELF`; one that adds the
    /// inverse fills `ZSHELF` from `Z2BOOKS`.
    @Test(
        "An inferred step keeps every membership", arguments: ["renumbers the owner", "removes the inverse", "adds the inverse"])
    func inferred(_ change: String) throws {
        let (from, to, read, written) =
            switch change {
            case "renumbers the owner": (Self.model("v1"), Self.model("v2", author: true), "Z2BOOKS", "Z3BOOKS")
            case "removes the inverse": (Self.model("v1", inverse: true), Self.model("v2"), "ZSHELF", "Z2BOOKS")
            default: (Self.model("v1"), Self.model("v2", inverse: true), "Z2BOOKS", "ZSHELF")
            }
        let out = try StepRunner.run(
            InferredStep(sourceModel: from, destinationModel: to), sourcePath: try Self.store(from, column: read))
        #expect(try Self.shelves(out, column: written) == [1, 1, 2, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }

    /// Its links live in its own key column, so a step that drops it drops them: a counted loss, not a silent
    /// one (it was taken for a to-many whose links its inverse keeps).
    @Test("Dropping it is a loss, counted as the memberships its key column holds")
    func droppedIsCounted() throws {
        let from = Self.model("v1")
        var to = Self.model("v2")
        to.entities = to.entities.map { entity in
            var entity = entity
            entity.relationships.removeAll { $0.name == "books" }
            return entity
        }
        let mapping = InferredMapping.infer(from: from, to: to)
        #expect(mapping.drops.map(\.description) == ["drops Shelf.books"])
        #expect(InferredStepProvider().losesData(from: InferenceIndex(from), to: InferenceIndex(to)))
        let counted = try DataLossCounter.count(mapping, sourceModel: from, storePath: try Self.store(from))
        #expect(counted.map(\.description) == ["drops Shelf.books (3 links)"])
    }

    @Test("A mapped step carries the memberships, in bulk or object by object", arguments: [false, true])
    func mapped(objectByObject: Bool) throws {
        let text = """
            from: v1
            to: v2
            mappings:
              - name: BookToBook
                source: Book
                destination: Book
              - name: ShelfToShelf
                source: Shelf
                destination: Shelf
                relationships:
                  books: { mapping: BookToBook, from: $source.books }
            \(objectByObject ? "    policy: Plain" : "")
            """
        var policies = MigrationPolicyRegistry()
        policies.register(PlainPolicy(), named: "Plain")
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "library.yaml"), sourceModel: Self.model("v1"),
            destinationModel: Self.model("v2", author: true), policies: policies)
        let out = try SampleJournalStore.run(step, source: try Self.store(Self.model("v1")))
        #expect(try Self.shelves(out, column: "Z3BOOKS") == [1, 1, 2, nil])
    }
}

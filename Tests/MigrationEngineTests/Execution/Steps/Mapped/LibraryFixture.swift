import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A small library model with one relationship of each kind the mapped step's SQL paths treat apart, for
/// tests of ``SetBasedEntityMapper`` and ``RelationshipBulkLinker`` on their own: `Author.books` ordered
/// to-many ⇄ `Book.author` to-one, `Author.desk` ⇄ `Desk.owner` one-to-one, `Author.notes` to-many without
/// an inverse (a key in `Note`'s table), `Book.tags` ⇄ `Tag.books` many-to-many. Library 2 adds `Book.subtitle`.
enum LibraryFixture {
    static func model(_ version: Int) -> ObjectModel {
        ObjectModel(
            name: "Library \(version)",
            entities: [
                Entity(
                    name: "Author",
                    attributes: [Attribute(name: "name", type: .string), Attribute(name: "born", type: .integer32)],
                    relationships: [
                        Relationship(
                            name: "books", destinationEntity: "Book", inverseName: "author", inverseEntity: "Book",
                            isToMany: true, isOrdered: true),
                        Relationship(name: "desk", destinationEntity: "Desk", inverseName: "owner", inverseEntity: "Desk"),
                        Relationship(name: "notes", destinationEntity: "Note", isToMany: true),
                    ]),
                Entity(
                    name: "Book",
                    attributes: [Attribute(name: "title", type: .string), Attribute(name: "pages", type: .integer64)]
                        + (version == 1 ? [] : [Attribute(name: "subtitle", type: .string)]),
                    relationships: [
                        Relationship(name: "author", destinationEntity: "Author", inverseName: "books", inverseEntity: "Author"),
                        Relationship(
                            name: "tags", destinationEntity: "Tag", inverseName: "books", inverseEntity: "Tag", isToMany: true),
                    ]),
                Entity(
                    name: "Desk", attributes: [Attribute(name: "label", type: .string)],
                    relationships: [
                        Relationship(name: "owner", destinationEntity: "Author", inverseName: "desk", inverseEntity: "Author")
                    ]),
                Entity(name: "Note", attributes: [Attribute(name: "text", type: .string)]),
                Entity(
                    name: "Tag", attributes: [Attribute(name: "name", type: .string)],
                    relationships: [
                        Relationship(
                            name: "books", destinationEntity: "Book", inverseName: "tags", inverseEntity: "Book", isToMany: true)
                    ]),
            ])
    }

    /// A Library 1 store the seeder fills: 8 objects per entity, every relationship drawn.
    static func source(seed: UInt64 = 3) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Library.sqlite").path
        try StoreSeeder(model: model(1), objects: 8, seed: seed).write(to: path)
        return path
    }

    /// One mapping per entity, in `order`, relationships left to be resolved through the mappings of their
    /// destination entities (the generated lookup through the source relationship of the same name); `extra`
    /// is added to the `Book` mapping's lines.
    static func mapping(order: [String] = ["Author", "Book", "Desk", "Note", "Tag"], book extra: String = "") throws
        -> MappingModel
    {
        let mappings = order.map { entity in
            """
              - name: \(entity)To\(entity)
                source: \(entity)
                destination: \(entity)
            \(entity == "Book" ? extra : "")
            """
        }
        return try MappingFileReader.read(
            "from: Library 1\nto: Library 2\nmappings:\n" + mappings.joined(separator: "\n"), path: "library.yaml")
    }

    static func step(_ mapping: MappingModel, policies: MigrationPolicyRegistry = MigrationPolicyRegistry()) throws
        -> MappedStep
    {
        var step = try MappedStep(
            mapping: mapping, sourceModel: model(1), destinationModel: model(2), policies: policies, batchSize: 3)
        step.statistics = MappedStepStatistics()
        return step
    }

    static func context(source: String) throws -> StepContext {
        StepContext(
            sourcePath: source, destinationPath: try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path,
            index: 0, report: { _ in }, cancellation: CancellationFlag())
    }

    /// The facts of `relationships` (`Entity.relationship`, `#order` for positions) in the store at `path`.
    static func facts(_ path: String, model: ObjectModel, _ relationships: [String]) throws -> [String: [Int64: String]] {
        let contents = try LogicalContents(path, model: model)
        return contents.facts.filter { relationships.contains($0.key) }
    }
}

import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A one-to-one keeps each link in both objects' keys; a hostile or damaged store's two keys may disagree.
/// Where the destination keeps the links in one key only (the other side became a to-many, or was dropped),
/// that key keeps its own value and takes the other's where it has none; the other key's links naming another
/// owner are the loss, counted (``MappingInferrer/oneToOneKept(_:from:in:)``). They were lost uncounted.
@Suite("Inferred step: a one-to-one whose keys disagree keeps one key's links and counts the rest")
struct OneToOneDisagreementTests {
    /// `Event.feed` ↔ `Feed.event`, both to-ones; in `shape` "toMany" `Event.feed` is a to-many, in "dropped" it
    /// is gone (and `Feed.event` has no inverse).
    static func model(_ name: String, shape: String = "oneToOne") -> ObjectModel {
        ObjectModel(
            name: name,
            entities: [
                Entity(
                    name: "Event", attributes: [Attribute(name: "name", type: .string)],
                    relationships: shape == "dropped"
                        ? []
                        : [
                            Relationship(
                                name: "feed", destinationEntity: "Feed", inverseName: "event", isToMany: shape == "toMany")
                        ]),
                Entity(
                    name: "Feed", attributes: [Attribute(name: "title", type: .string)],
                    relationships: [
                        Relationship(name: "event", destinationEntity: "Event", inverseName: shape == "dropped" ? nil : "feed")
                    ]),
            ])
    }

    /// Event 1 ↔ Feed 1 (agreeing); Event 2 names Feed 2, which names none; Event 3 names Feed 3, which names
    /// Event 4 (naming none); Feed 4 and Event 4's own key are empty.
    static func store() throws -> String {
        let model = model("1")
        let schema = SchemaBuilder(model: model).build()
        let (event, feed) = (
            try #require(schema.entity(named: "Event")?.number), try #require(schema.entity(named: "Feed")?.number)
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("Events.sqlite").path
        try StoreWriter(model: model).create(at: path, options: .init(maxPrimaryKeys: ["Event": 4, "Feed": 4]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (key, named) in [(1, 1), (2, 2), (3, 3), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT, ZFEED) VALUES (?, ?, 1, ?)", arguments: [key, event, named])
            }
            for (key, named) in [(1, 1), (2, nil), (3, 4), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZFEED (Z_PK, Z_ENT, Z_OPT, ZEVENT) VALUES (?, ?, 1, ?)", arguments: [key, feed, named])
            }
        }
        try queue.close()
        return path
    }

    @Test("The Feed's own key is kept, the Event's taken where it has none, the rest counted", arguments: ["toMany", "dropped"])
    func keepsAndCounts(shape: String) throws {
        let (from, to) = (Self.model("1"), Self.model("2", shape: shape))
        let mapping = InferredMapping.infer(from: from, to: to)
        #expect(mapping.isInferable, "\(mapping.notInferable)")
        #expect(mapping.entity("Feed")?.relationship("event")?.mergesMembershipsOf == "Event.feed")
        #expect(mapping.drops.map(\.description) == ["drops Event.feed where the member's event differs"])
        let (source, destination) = (InferenceIndex(from), InferenceIndex(to))
        #expect(InferredStepProvider().losesData(from: source, to: destination))
        #expect(MappingInferrer(source: source, destination: destination).losesData())
        let path = try Self.store()
        #expect(try DataLossCounter.count(mapping, sourceModel: from, storePath: path).map(\.count) == [1])
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let owners = try DatabaseQueue(path: out).read { try Int?.fetchAll($0, sql: "SELECT ZEVENT FROM ZFEED ORDER BY Z_PK") }
        #expect(owners == [1, 2, 4, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }

    /// A many-to-many's join table could hold both keys' links, but the copy fills it from one side's key: where
    /// the store's keys disagree, the step's own link check (``InferredLinkCheck``) fails it, naming the
    /// relationship, before anything is committed.
    @Test("A one-to-one made a many-to-many from disagreeing keys fails the step, naming the relationship")
    func manyToManyFails() throws {
        var to = Self.model("2", shape: "toMany")
        to.entities[1].relationships[0].isToMany = true
        let mapping = InferredMapping.infer(from: Self.model("1"), to: to)
        #expect(mapping.isInferable && mapping.drops.isEmpty, "\(mapping.notInferable) \(mapping.drops)")
        let error = #expect(throws: StoreWriteError.self) {
            try StepRunner.run(InferredStep(sourceModel: Self.model("1"), destinationModel: to), sourcePath: try Self.store())
        }
        #expect(error?.message.contains(" lost a link the source held (") == true, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("the copy of Event.feed ") == true, "\(String(describing: error))")
    }

    @Test("A one-to-one kept as one keeps both keys as they are, and loses nothing")
    func keptAsOneToOne() throws {
        let (from, to) = (Self.model("1"), Self.model("2"))
        #expect(InferredMapping.infer(from: from, to: to).drops.isEmpty)
        #expect(!InferredStepProvider().losesData(from: InferenceIndex(from), to: InferenceIndex(to)))
    }
}

import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// A relationship whose links the source kept in one shape and the destination keeps in another (``LinkStorage``):
/// MAGE's `mage-ios-sdk` 18 → 19 turns `Event.feeds`, a to-one without inverse (its key in `ZEVENT`), into a
/// to-many whose new inverse `Feed.event` holds the links (its key in `ZFEED`). Every link moves; a Feed that
/// several Events named keeps one of them, and the others are counted before anything is written.
@Suite("Inferred step: links move between storage shapes")
struct LinkShapeChangeTests {
    /// `Event.feeds` → `Feed`: a to-one without inverse, or (`toMany`) a to-many, whose inverse is `Feed.event`
    /// when `inverse` (`ordered`: an ordered to-many); `Event` has a sub-entity `Meeting` when `meeting`.
    static func model(_ name: String, toMany: Bool, inverse: Bool, ordered: Bool = false, meeting: Bool = false) -> ObjectModel {
        var entities = [
            Entity(
                name: "Event", attributes: [Attribute(name: "name", type: .string)],
                relationships: [
                    Relationship(
                        name: "feeds", destinationEntity: "Feed", inverseName: inverse ? "event" : nil, isToMany: toMany,
                        isOrdered: ordered)
                ]),
            Entity(
                name: "Feed", attributes: [Attribute(name: "title", type: .string)],
                relationships: inverse ? [Relationship(name: "event", destinationEntity: "Event", inverseName: "feeds")] : []),
        ]
        if meeting {
            entities.append(Entity(name: "Meeting", parentName: "Event", attributes: [Attribute(name: "room", type: .string)]))
        }
        return ObjectModel(name: name, entities: entities)
    }

    /// MAGE 18 and 19.
    static let (mage18, mage19) = (
        model("18", toMany: false, inverse: false), model("19", toMany: true, inverse: true)
    )

    /// Feeds 1–3, Events 1–4 of `model` (where `Event.feeds` is a to-one): Events 1 and 2 name Feed 2 when
    /// `shared` (else Event 2 names Feed 3), Event 3 names Feed 1, Event 4 none.
    static func store(_ model: ObjectModel, shared: Bool) throws -> String {
        let schema = SchemaBuilder(model: model).build()
        let events = try #require(schema.table(for: "Event"))
        let key = try #require(events.column(.foreignKey(entity: "Event", relationship: "feeds"))).name
        let (event, feed) = (
            try #require(schema.entity(named: "Event")?.number), try #require(schema.entity(named: "Feed")?.number)
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("MAGE.sqlite").path
        try StoreWriter(model: model).create(at: path, options: .init(maxPrimaryKeys: ["Event": 4, "Feed": 3]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for number in 1...3 {
                try db.execute(
                    sql: "INSERT INTO ZFEED (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, ?, 1, ?)",
                    arguments: [number, feed, "Feed \(number)"])
            }
            for (number, named) in [(1, 2), (2, shared ? 2 : 3), (3, 1), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT, ZNAME, \(key)) VALUES (?, ?, 1, ?, ?)",
                    arguments: [number, event, "Event \(number)", named])
            }
        }
        try queue.close()
        return path
    }

    /// Each Feed's owner as `column` of `ZFEED` holds it, in key order.
    static func owners(_ path: String, column: String) throws -> [Int?] {
        try DatabaseQueue(path: path).read { try Int?.fetchAll($0, sql: "SELECT \(column) FROM ZFEED ORDER BY Z_PK") }
    }

    @Test("MAGE 18 → 19: every Feed takes the Event that named it; of several, the lowest key", arguments: [true, false])
    func linksMove(shared: Bool) throws {
        let out = try StepRunner.run(
            InferredStep(sourceModel: Self.mage18, destinationModel: Self.mage19),
            sourcePath: try Self.store(Self.mage18, shared: shared))
        #expect(try Self.owners(out, column: "ZEVENT") == (shared ? [3, 1, nil] : [3, 1, 2]))
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: Self.mage19, path: out).check(db) }
    }

    @Test("The mapping names the change and the links a Feed cannot keep; the loss screen agrees")
    func mappingNamesTheChange() throws {
        let mapping = InferredMapping.infer(from: Self.mage18, to: Self.mage19)
        #expect(mapping.isInferable)
        #expect(mapping.entity("Feed")?.relationship("event")?.mergesMembershipsOf == "Event.feeds")
        #expect(mapping.operations.contains("make Event.feeds to-many"))
        #expect(mapping.operations.contains("fill Feed.event from Event.feeds (its inverse now)"))
        #expect(mapping.drops.map(\.description) == ["drops Event.feeds where several name one member (Feed.event keeps one)"])
        let (from, to) = (InferenceIndex(Self.mage18), InferenceIndex(Self.mage19))
        #expect(InferredStepProvider().losesData(from: from, to: to))
        #expect(MappingInferrer(source: from, destination: to).losesData())
    }

    @Test(
        "Planning counts the links a Feed cannot keep; a store where no Feed is shared loses nothing", arguments: [true, false])
    func planningCounts(shared: Bool) throws {
        let project = try MigrationProject(
            bundle: ModelBundle(path: "/models/MAGE", versions: [Self.mage18, Self.mage19], currentVersionName: "19"))
        let planning = try project.countingDataLoss(
            in: project.plan(store: try Self.store(Self.mage18, shared: shared), target: "19"))
        #expect(planning.plan.steps.map(\.isLossy) == [shared])
        let losses = (planning.dataLoss ?? []).flatMap(\.losses).map(\.description)
        #expect(losses == (shared ? ["drops Event.feeds where several name one member (Feed.event keeps one) (1 link)"] : []))
    }

    /// An ordered to-many keeps its members' positions in their key's order column (`Z_FOK_EVENT`): the
    /// source had none, so each Event's Feeds are numbered in key order, as for a to-many becoming ordered.
    @Test("Taken into an ordered to-many, the links are numbered")
    func orderedNumbered() throws {
        let destination = Self.model("19", toMany: true, inverse: true, ordered: true)
        let out = try StepRunner.run(
            InferredStep(sourceModel: Self.mage18, destinationModel: destination),
            sourcePath: try Self.store(Self.mage18, shared: false))
        #expect(try Self.owners(out, column: "ZEVENT") == [3, 1, 2])
        #expect(try Self.owners(out, column: "Z_FOK_EVENT") == [1024, 1024, 1024])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: destination, path: out).check(db) }
    }

    /// A relationship an earlier step added holds nothing of the store's, unless it took its gained inverse's
    /// links: dropping `Feed.event` after 18 → 19 drops the store's `Event.feeds` links, so it is not counted
    /// as nothing.
    @Test("A drop of a relationship that took its links on the way is not counted as empty")
    func dropAfterTakingLinks() throws {
        var bare = Self.mage19
        bare.name = "20"
        bare.entities = bare.entities.map { entity in
            var entity = entity
            entity.relationships = []
            return entity
        }
        let models = ["18": Self.mage18, "19": Self.mage19, "20": bare]
        let none = ObjectModel(name: "none", entities: [])
        let step = { @Sendable (from: String, to: String, lossy: Bool) in
            StepCandidate(from: from, to: to, origin: .inferred, isLossy: lossy) {
                InferredStep(sourceModel: models[from] ?? none, destinationModel: models[to] ?? none)
            }
        }
        let plan = MigrationPlan(from: "18", to: "20", steps: [step("18", "19", true), step("19", "20", true)])
        let traced = ChainLossTracer(model: { models[$0] }).trace(plan)
        let last = try #require(traced.last)
        #expect(last.drops.map { $0.loss.description } == ["drops Feed.event"])
        #expect(last.drops.map { $0.origin } == [.unknown])
    }

    /// A to-one without inverse gaining a to-one inverse makes a one-to-one: both keys must name each other, so
    /// a Feed several Events named keeps the lowest, and the other Events lose theirs (the new side was left
    /// empty, the old one naming Feeds that did not name it back).
    @Test("A to-one gaining a to-one inverse keeps one link per Feed on both sides, the rest counted")
    func becomesOneToOne() throws {
        let destination = Self.model("19", toMany: false, inverse: true)
        let mapping = InferredMapping.infer(from: Self.mage18, to: destination)
        #expect(mapping.isInferable)
        #expect(mapping.drops.map(\.description) == ["drops Event.feeds where several name one member (Feed.event keeps one)"])
        let source = try Self.store(Self.mage18, shared: true)
        #expect(try DataLossCounter.count(mapping, sourceModel: Self.mage18, storePath: source).map(\.count) == [1])
        let out = try StepRunner.run(InferredStep(sourceModel: Self.mage18, destinationModel: destination), sourcePath: source)
        #expect(try Self.owners(out, column: "ZEVENT") == [3, 1, nil])
        let feeds = try DatabaseQueue(path: out).read { try Int?.fetchAll($0, sql: "SELECT ZFEEDS FROM ZEVENT ORDER BY Z_PK") }
        #expect(feeds == [2, nil, 1, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: destination, path: out).check(db) }
    }

    /// ProtonMail 2.0.1 → 2.0.2: a many-to-many whose one side is replaced by a new to-one (no renaming
    /// identifier). Each label keeps one conversation from the join table, the lowest-keyed (as MAGE's to-one
    /// does); its other conversations are the loss, counted (every link was dropped, all counted, though one
    /// per label could be kept).
    @Test("A many-to-many side replaced by a new to-one keeps one owner per member, the rest counted")
    func manyToManySideReplaced() throws {
        let label = { (toOne: Bool) in
            Entity(
                name: "ContextLabel", attributes: [Attribute(name: "name", type: .string)],
                relationships: [
                    Relationship(
                        name: toOne ? "conversation" : "conversations", destinationEntity: "Conversation",
                        inverseName: "labels", isToMany: !toOne)
                ])
        }
        let conversation = { (toOne: Bool) in
            Entity(
                name: "Conversation", attributes: [Attribute(name: "subject", type: .string)],
                relationships: [
                    Relationship(
                        name: "labels", destinationEntity: "ContextLabel", inverseName: toOne ? "conversation" : "conversations",
                        isToMany: true)
                ])
        }
        let from = ObjectModel(name: "2.0.1", entities: [label(false), conversation(false)])
        let to = ObjectModel(name: "2.0.2", entities: [label(true), conversation(true)])
        let mapping = InferredMapping.infer(from: from, to: to)
        #expect(mapping.isInferable, "\(mapping.notInferable)")
        #expect(mapping.operations.contains("fill ContextLabel.conversation from Conversation.labels (its inverse now)"))
        #expect(
            mapping.drops.map(\.description) == [
                "drops Conversation.labels where several name one member (ContextLabel.conversation keeps one)"
            ])
        let (source, destination) = (InferenceIndex(from), InferenceIndex(to))
        #expect(InferredStepProvider().losesData(from: source, to: destination))
        #expect(MappingInferrer(source: source, destination: destination).losesData())

        // Labels 1–3, Conversations 1–2: Label 1 in both, Label 2 in Conversation 2, Label 3 in none.
        let schema = SchemaBuilder(model: from).build()
        let join = try #require(schema.joinTable(entity: "Conversation", relationship: "labels"))
        let conversationSide = join.owner == JoinTable.Side(entity: "Conversation", relationship: "labels")
        let (owners, members) = conversationSide ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
        let path = try TemporaryDirectory.make().appendingPathComponent("Mail.sqlite").path
        try StoreWriter(model: from).create(at: path, options: .init(maxPrimaryKeys: ["ContextLabel": 3, "Conversation": 2]))
        let numbers = (
            try #require(schema.entity(named: "ContextLabel")?.number), try #require(schema.entity(named: "Conversation")?.number)
        )
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for key in 1...3 {
                try db.execute(
                    sql: "INSERT INTO ZCONTEXTLABEL (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [key, numbers.0])
            }
            for key in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZCONVERSATION (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [key, numbers.1])
            }
            for (owner, member) in [(2, 1), (1, 1), (2, 2)] {
                try db.execute(
                    sql: "INSERT INTO \(join.name) (\(owners), \(members)) VALUES (?, ?)", arguments: [owner, member])
            }
        }
        try queue.close()
        #expect(try DataLossCounter.count(mapping, sourceModel: from, storePath: path).map(\.count) == [1])
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let kept = try DatabaseQueue(path: out).read {
            try Int?.fetchAll($0, sql: "SELECT ZCONVERSATION FROM ZCONTEXTLABEL ORDER BY Z_PK")
        }
        #expect(kept == [1, 2, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }

    /// Without an inverse, a to-many keeps its links as a key column in the members' table: the same one
    /// owner per member, counted the same way.
    @Test("A to-one becoming a to-many without inverse moves its links to the members' key column, counted")
    func toManyWithoutInverse() throws {
        let destination = Self.model("19", toMany: true, inverse: false)
        let mapping = InferredMapping.infer(from: Self.mage18, to: destination)
        #expect(mapping.isInferable)
        #expect(mapping.drops.map(\.description) == ["drops Event.feeds where several name one member (Event.feeds keeps one)"])
        #expect(InferredStepProvider().losesData(from: InferenceIndex(Self.mage18), to: InferenceIndex(destination)))
        // Declared by a parent new in the destination and inherited by Event: found once, from Event.
        var parent = destination
        parent.entities = parent.entities.map { entity in
            var entity = entity
            if entity.name == "Event" { (entity.parentName, entity.relationships) = ("Happening", []) }
            return entity
        }
        parent.entities.append(
            Entity(
                name: "Happening",
                relationships: [Relationship(name: "feeds", destinationEntity: "Feed", isToMany: true)]))
        let inherited = InferredMapping.infer(from: Self.mage18, to: parent)
        #expect(
            inherited.drops.map(\.description) == ["drops Event.feeds where several name one member (Happening.feeds keeps one)"])
        #expect(InferredStepProvider().losesData(from: InferenceIndex(Self.mage18), to: InferenceIndex(parent)))
        let source = try Self.store(Self.mage18, shared: true)
        let counted = try DataLossCounter.count(mapping, sourceModel: Self.mage18, storePath: source)
        #expect(counted.map(\.count) == [1])
        let out = try StepRunner.run(InferredStep(sourceModel: Self.mage18, destinationModel: destination), sourcePath: source)
        let column = try #require(
            SchemaBuilder(model: destination).build().table(for: "Feed")?.columns.first {
                $0.role == .toManyKey(entity: "Event", relationship: "feeds")
            })
        #expect(try Self.owners(out, column: column.name) == [3, 1, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: destination, path: out).check(db) }
    }

    /// A to-many without inverse gaining a to-many inverse: its key column's links fill the join table,
    /// whichever side the table is named after (a new side takes its inverse's links).
    @Test("A to-many without inverse becoming a many-to-many keeps every link", arguments: [false, true])
    func becomesManyToMany(reversed: Bool) throws {
        let toMany = { (name: String, inverse: Bool) in
            ObjectModel(
                name: name,
                entities: [
                    Entity(
                        name: reversed ? "Feed" : "Event", attributes: [Attribute(name: "name", type: .string)],
                        relationships: [
                            Relationship(
                                name: "feeds", destinationEntity: reversed ? "Event" : "Feed",
                                inverseName: inverse ? "events" : nil, isToMany: true)
                        ]),
                    Entity(
                        name: reversed ? "Event" : "Feed", attributes: [Attribute(name: "title", type: .string)],
                        relationships: inverse
                            ? [
                                Relationship(
                                    name: "events", destinationEntity: reversed ? "Feed" : "Event", inverseName: "feeds",
                                    isToMany: true)
                            ] : []),
                ])
        }
        let (from, to) = (toMany("1", false), toMany("2", true))
        let mapping = InferredMapping.infer(from: from, to: to)
        #expect(mapping.isInferable && mapping.drops.isEmpty, "\(mapping.notInferable) \(mapping.drops)")
        let schema = SchemaBuilder(model: from).build()
        let owner = reversed ? "Feed" : "Event"
        let members = try #require(schema.table(for: reversed ? "Event" : "Feed"))
        let key = try #require(members.columns.first { $0.role == .toManyKey(entity: owner, relationship: "feeds") }).name
        let path = try TemporaryDirectory.make().appendingPathComponent("Links.sqlite").path
        try StoreWriter(model: from).create(at: path)
        let (ownerNumber, memberNumber) = (
            try #require(schema.entity(named: owner)?.number),
            try #require(schema.entity(named: reversed ? "Event" : "Feed")?.number)
        )
        let ownerTable = try #require(schema.table(for: owner)).name
        try DatabaseQueue(path: path).write { db in
            for number in 1...2 {
                try db.execute(
                    sql: "INSERT INTO \(ownerTable) (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [number, ownerNumber])
            }
            for (number, held) in [(1, 1), (2, 1), (3, 2), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO \(members.name) (Z_PK, Z_ENT, Z_OPT, \(key)) VALUES (?, ?, 1, ?)",
                    arguments: [number, memberNumber, held])
            }
        }
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let join = try #require(SchemaBuilder(model: to).build().joinTable(entity: owner, relationship: "feeds"))
        let (owners, held) =
            join.owner.entity == owner ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
        let links = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(db, sql: "SELECT \(owners) AS o, \(held) AS m FROM \(join.name) ORDER BY m").map {
                "\($0["o"] as Int)-\($0["m"] as Int)"
            }
        }
        #expect(links == ["1-1", "1-2", "2-3"])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }

    /// The destination key's entity column (`Z<n>_EVENT`, `Event` having a sub-entity) is filled with the key
    /// wherever the key is taken from another shape, read from the linked object's row: from MAGE's to-one
    /// without inverse, and from a to-many without inverse gaining a to-one inverse (its own key column).
    @Test("A key taken from another shape gets its entity column too", arguments: [false, true])
    func entityColumnFilled(fromToMany: Bool) throws {
        let from = Self.model("1", toMany: fromToMany, inverse: false, meeting: true)
        let to = Self.model("2", toMany: true, inverse: true, meeting: true)
        let schema = SchemaBuilder(model: from).build()
        let (event, feed, meeting) = (
            try #require(schema.entity(named: "Event")?.number), try #require(schema.entity(named: "Feed")?.number),
            try #require(schema.entity(named: "Meeting")?.number)
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("MAGE.sqlite").path
        try StoreWriter(model: from).create(at: path)
        // Event 1 a Meeting naming Feed 1, Event 2 an Event naming Feed 2; Feed 3 named by none.
        try DatabaseQueue(path: path).write { db in
            for (number, entity) in [(1, meeting), (2, event)] {
                try db.execute(sql: "INSERT INTO ZEVENT (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [number, entity])
            }
            for number in 1...3 {
                try db.execute(sql: "INSERT INTO ZFEED (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [number, feed])
            }
            if fromToMany {
                let key = try #require(
                    schema.table(for: "Feed")?.columns.first { $0.role == .toManyKey(entity: "Event", relationship: "feeds") }
                ).name
                try db.execute(sql: "UPDATE ZFEED SET \(key) = CASE Z_PK WHEN 3 THEN NULL ELSE Z_PK END")
            } else {
                try db.execute(sql: "UPDATE ZEVENT SET ZFEEDS = Z_PK")
            }
        }
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let written = SchemaBuilder(model: to).build()
        let column = try #require(
            written.table(for: "Feed")?.columns.first { $0.role == .foreignEntity(entity: "Feed", relationship: "event") }
        ).name
        let numbers = (
            try #require(written.entity(named: "Event")?.number), try #require(written.entity(named: "Meeting")?.number)
        )
        let rows = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(db, sql: "SELECT ZEVENT AS k, \(column) AS e FROM ZFEED ORDER BY Z_PK")
        }
        #expect(rows.map { $0["k"] as Int? } == [1, 2, nil])
        #expect(rows.map { $0["e"] as Int? } == [numbers.1, numbers.0, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }

    /// `Book.notes` ↔ `Note.book` (`oneToOne`: `Book.note` ↔ `Note.book`), without `Note.book` when `dropped`
    /// (and without the book's side too when `both`).
    static func books(_ name: String, oneToOne: Bool, dropped: Bool, both: Bool = false) -> ObjectModel {
        let side = oneToOne ? "note" : "notes"
        let bookSide = Relationship(
            name: side, destinationEntity: "Note", inverseName: dropped ? nil : "book", isToMany: !oneToOne)
        return ObjectModel(
            name: name,
            entities: [
                Entity(
                    name: "Book", attributes: [Attribute(name: "title", type: .string)],
                    relationships: both ? [] : [bookSide]),
                Entity(
                    name: "Note", attributes: [Attribute(name: "text", type: .string)],
                    relationships: dropped ? [] : [Relationship(name: "book", destinationEntity: "Book", inverseName: side)]),
            ])
    }

    /// A relationship dropped while its inverse stays keeps its links in the inverse: Core Data fills the inverse
    /// from its own source, so nothing is lost and the step is not lossy (it was counted as every link lost and
    /// needed --allow-data-loss). The inverse, without an inverse now, keeps them in a key of its own: a to-many's
    /// column in the notes' table, or the one-to-one's book key. A one-to-one's two keys may disagree in a
    /// hostile store: the kept key keeps its own links, takes the dropped one's where it has none, and the rest
    /// are a loss the plan lists and the store counts (none in this store, whose keys agree;
    /// `OneToOneDisagreementTests`).
    @Test("A relationship dropped while its inverse stays loses nothing; dropping both loses it", arguments: [false, true])
    func inverseKeepsTheLinks(oneToOne: Bool) throws {
        let from = Self.books("1", oneToOne: oneToOne, dropped: false)
        let (to, neither) = (
            Self.books("2", oneToOne: oneToOne, dropped: true), Self.books("2", oneToOne: oneToOne, dropped: true, both: true)
        )
        let mapping = InferredMapping.infer(from: from, to: to)
        let disagreeing = oneToOne ? ["drops Note.book where the member's note differs"] : []
        #expect(
            mapping.isInferable && mapping.drops.map(\.description) == disagreeing, "\(mapping.notInferable) \(mapping.drops)")
        #expect(mapping.operations.contains("drop Note.book"))
        let (source, destination) = (InferenceIndex(from), InferenceIndex(to))
        #expect(InferredStepProvider().losesData(from: source, to: destination) == oneToOne)
        #expect(MappingInferrer(source: source, destination: destination).losesData() == oneToOne)
        // Into an ordered to-many without an inverse the members' order has no column: still a loss.
        var ordered = (from, to)
        for index in ordered.0.entities.indices where !oneToOne && ordered.0.entities[index].name == "Book" {
            ordered.0.entities[index].relationships[0].isOrdered = true
            ordered.1.entities[index].relationships[0].isOrdered = true
        }
        #expect(
            InferredMapping.infer(from: ordered.0, to: ordered.1).drops.map(\.description)
                == (oneToOne ? disagreeing : ["drops Note.book"]))
        let lost = InferredMapping.infer(from: from, to: neither)
        // A one-to-one's two keys hold the same links: listed (and counted) once, on the side listed first.
        #expect(lost.drops.map(\.description) == [oneToOne ? "drops Book.note" : "drops Note.book"])
        #expect(InferredStepProvider().losesData(from: source, to: InferenceIndex(neither)))
        #expect(MappingInferrer(source: source, destination: InferenceIndex(neither)).losesData())

        // Books 1 and 2; Notes 1 and 2 of Book 1 (Note 1 alone where one-to-one), Note 3 of Book 2, Note 4 of none.
        let schema = SchemaBuilder(model: from).build()
        let noteKey = try #require(schema.table(for: "Note")?.column(.foreignKey(entity: "Note", relationship: "book"))).name
        let path = try TemporaryDirectory.make().appendingPathComponent("Books.sqlite").path
        try StoreWriter(model: from).create(at: path, options: .init(maxPrimaryKeys: ["Book": 2, "Note": 4]))
        let (book, note) = (
            try #require(schema.entity(named: "Book")?.number), try #require(schema.entity(named: "Note")?.number)
        )
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (key, named) in [(1, oneToOne ? nil : 1), (2, 1), (3, 2), (4, nil)] as [(Int, Int?)] {
                try db.execute(
                    sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, \(noteKey)) VALUES (?, ?, 1, ?)", arguments: [key, note, named])
            }
            for key in 1...2 {
                try db.execute(sql: "INSERT INTO ZBOOK (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [key, book])
            }
            if oneToOne {
                let bookKey = try #require(
                    schema.table(for: "Book")?.column(.foreignKey(entity: "Book", relationship: "note"))
                ).name
                try db.execute(sql: "UPDATE ZBOOK SET \(bookKey) = CASE Z_PK WHEN 1 THEN 2 ELSE 3 END")
            }
        }
        try queue.close()
        #expect(try DataLossCounter.count(mapping, sourceModel: from, storePath: path).map(\.count) == (oneToOne ? [0] : []))
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let kept = SchemaBuilder(model: to).build()
        let links: [Int?]
        if oneToOne {
            let column = try #require(kept.table(for: "Book")?.column(.foreignKey(entity: "Book", relationship: "note"))).name
            links = try DatabaseQueue(path: out).read { try Int?.fetchAll($0, sql: "SELECT \(column) FROM ZBOOK ORDER BY Z_PK") }
            #expect(links == [2, 3])
        } else {
            let column = try #require(kept.table(for: "Note")?.column(.toManyKey(entity: "Book", relationship: "notes"))).name
            links = try DatabaseQueue(path: out).read { try Int?.fetchAll($0, sql: "SELECT \(column) FROM ZNOTE ORDER BY Z_PK") }
            #expect(links == [1, 1, 2, nil])
        }
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }
}

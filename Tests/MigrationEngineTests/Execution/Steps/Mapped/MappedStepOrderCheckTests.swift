import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The check a mapped step makes that every ordered relationship linked from an ordered source relationship
/// kept its order (``MappingSession/checkKeptOrders()``), on each path that writes positions: in bulk through
/// the members' foreign key and order column (``ShelfFixture``), in bulk into an ordered many-to-many's join
/// table (``Deck``), and object by object under a policy. Each test runs stages 1 and 2 as the step does, then
/// moves two members as a wrong `ORDER BY` on that path would, and the check must name the owner; the
/// positions ``OrderPositions/fillMissing(_:in:)`` gives are shown never to move one a link gave.
@Suite("Mapped step: the order check covers every path that writes positions")
struct MappedStepOrderCheckTests {
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case bulkForeignKey, bulkJoinTable, objectByObject
        var testDescription: String { rawValue }
    }

    /// A model with an ordered many-to-many: `Deck.cards` (ordered) ⇄ `Card.decks`; Deck 2 adds `Deck.note`.
    enum Deck {
        static func model(_ version: Int) -> ObjectModel {
            ObjectModel(
                name: "Deck \(version)",
                entities: [
                    Entity(
                        name: "Deck",
                        attributes: [Attribute(name: "name", type: .string)]
                            + (version == 1 ? [] : [Attribute(name: "note", type: .string)]),
                        relationships: [
                            Relationship(
                                name: "cards", destinationEntity: "Card", inverseName: "decks", inverseEntity: "Card",
                                isToMany: true, isOrdered: true)
                        ]),
                    Entity(
                        name: "Card", attributes: [Attribute(name: "face", type: .string)],
                        relationships: [
                            Relationship(
                                name: "decks", destinationEntity: "Deck", inverseName: "cards", inverseEntity: "Deck",
                                isToMany: true)
                        ]),
                ])
        }

        /// Each deck's cards in order, unlike their key order; card 5 is in no deck.
        static let order: [Int64: [Int64]] = [1: [3, 1, 4], 2: [2, 3]]

        /// The join table and its columns in a store of `model`: decks', cards' and the cards' positions.
        static func join(_ model: ObjectModel) throws -> (table: String, deck: String, card: String, order: String) {
            let join = try #require(SchemaBuilder(model: model).build().joinTable(entity: "Deck", relationship: "cards"))
            let side = JoinTable.Side(entity: "Deck", relationship: "cards")
            let decksOwn = join.owner == side
            return (
                join.name, decksOwn ? join.ownerColumn : join.targetColumn, decksOwn ? join.targetColumn : join.ownerColumn,
                try #require(join.orderColumn(ordering: side))
            )
        }

        /// A Deck 1 store holding ``order``.
        static func source() throws -> String {
            let model = model(1)
            let path = try TemporaryDirectory.make().appendingPathComponent("Deck.sqlite").path
            try StoreWriter(model: model).create(at: path)
            let join = try join(model)
            try DatabaseQueue(path: path).write { db in
                let number = { (name: String) in
                    try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name])!
                }
                for key in 1...2 {
                    try db.execute(
                        sql: "INSERT INTO ZDECK (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)",
                        arguments: [key, try number("Deck"), "Deck \(key)"])
                }
                for key in 1...5 {
                    try db.execute(
                        sql: "INSERT INTO ZCARD (Z_PK, Z_ENT, Z_OPT, ZFACE) VALUES (?, ?, 1, ?)",
                        arguments: [key, try number("Card"), "card \(key)"])
                }
                for (deck, cards) in order {
                    for (position, card) in cards.enumerated() {
                        try db.execute(
                            sql: "INSERT INTO \(join.table) (\(join.deck), \(join.card), \(join.order)) VALUES (?, ?, ?)",
                            arguments: [deck, card, 3 * (position + 1)])
                    }
                }
                try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 2 WHERE Z_NAME = 'Deck'")
                try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 5 WHERE Z_NAME = 'Card'")
            }
            try StoreValidator(model: model).validate(path)
            return path
        }

        /// Cards first, so that `Card.decks` writes the join rows and `Deck.cards` then gives them positions.
        static let mappingFile = """
            from: Deck 1
            to: Deck 2
            mappings:
              - name: CardToCard
                source: Card
                destination: Card
              - name: DeckToDeck
                source: Deck
                destination: Deck
            """

        /// Each deck's cards as a store orders them (its join table's positions, then keys).
        static func members(_ db: Database, model: ObjectModel) throws -> [Int64: [Int64]] {
            let join = try join(model)
            var order: [Int64: [Int64]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT \(join.deck), \(join.card) FROM \(join.table) ORDER BY \(join.order), \(join.card)")
            {
                order[row[0], default: []].append(row[1])
            }
            return order
        }
    }

    /// The step of `path`, its source store and the owning mapping's name.
    static func step(_ path: Path) throws -> (step: MappedStep, source: String, owner: String) {
        var policies = MigrationPolicyRegistry()
        policies.register(EveryStagePolicy(), named: "EveryStage")
        switch path {
        case .bulkForeignKey, .objectByObject:
            let text =
                path == .bulkForeignKey
                ? ShelfFixture.mappingFile
                : ShelfFixture.mappingFile.replacingOccurrences(
                    of: "destination: Book\n", with: "destination: Book\n    policy: EveryStage\n")
            let step = try MappedStep(
                mapping: try MappingFileReader.read(text, path: "shelf.yaml"), sourceModel: ShelfFixture.model(1),
                destinationModel: ShelfFixture.model(2), policies: policies)
            return (step, try ShelfFixture.source(), "BookToBook")
        case .bulkJoinTable:
            let step = try MappedStep(
                mapping: try MappingFileReader.read(Deck.mappingFile, path: "deck.yaml"), sourceModel: Deck.model(1),
                destinationModel: Deck.model(2))
            return (step, try Deck.source(), "DeckToDeck")
        }
    }

    /// Each owner's members in the destination `db`, as the relationship of `path` orders them.
    static func members(_ db: Database, _ path: Path) throws -> [Int64: [Int64]] {
        if path == .bulkJoinTable { return try Deck.members(db, model: Deck.model(2)) }
        let column = try ShelfFixture.orderColumn(ShelfFixture.model(2))
        var order: [Int64: [Int64]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ZBOOK, Z_PK FROM ZNOTE WHERE ZBOOK IS NOT NULL ORDER BY \(column), Z_PK") {
            order[row[0], default: []].append(row[1])
        }
        return order
    }

    /// Swaps the positions of owner 1's first two members, as a link ranking them wrongly would have written.
    static func swapFirstTwo(_ db: Database, _ path: Path) throws {
        let first = try #require(members(db, path)[1]?.prefix(2))
        let (a, b) = (first[first.startIndex], first[first.startIndex + 1])
        if path == .bulkJoinTable {
            let join = try Deck.join(Deck.model(2))
            try db.execute(
                sql: """
                    UPDATE \(join.table) SET \(join.order) = (
                      SELECT SUM(\(join.order)) FROM \(join.table) WHERE \(join.deck) = 1 AND \(join.card) IN (?, ?)
                    ) - \(join.order) WHERE \(join.deck) = 1 AND \(join.card) IN (?, ?)
                    """, arguments: [a, b, a, b])
        } else {
            let column = try ShelfFixture.orderColumn(ShelfFixture.model(2))
            try db.execute(
                sql:
                    "UPDATE ZNOTE SET \(column) = (SELECT SUM(\(column)) FROM ZNOTE WHERE Z_PK IN (?, ?)) - \(column) WHERE Z_PK IN (?, ?)",
                arguments: [a, b, a, b])
        }
    }

    static func context(source: String) throws -> StepContext {
        StepContext(
            sourcePath: source, destinationPath: try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path,
            index: 0, report: { _ in }, cancellation: CancellationFlag())
    }

    @Test("each path keeps the source's order, and the whole step passes its own check", arguments: Path.allCases)
    func orderKept(path: Path) throws {
        let (step, source, _) = try Self.step(path)
        let context = try Self.context(source: source)
        try step.perform(context)
        let expected = path == .bulkJoinTable ? Deck.order : ShelfFixture.order
        #expect(try DatabaseQueue(path: context.destinationPath).read { try Self.members($0, path) } == expected)
    }

    @Test("an order moved on the path that wrote it fails the check, naming the owner", arguments: Path.allCases)
    func movedOrderFound(path: Path) throws {
        let (step, source, owner) = try Self.step(path)
        let context = try Self.context(source: source)
        try step.withSession(context) { session in
            try session.createObjectsAndRelationships(context: context, batchSize: 100)
            let mapping = try #require(session.mappingsByName[owner])
            let relationship = path == .bulkJoinTable ? "cards" : "notes"
            // The path the test means is the one stage 2 took.
            let inBulk = session.bulkLinks.contains { $0.mapping == mapping.index && $0.relationship == relationship }
            #expect(inBulk == (path != .objectByObject))
            #expect(session.linkedObjectByObject.contains(mapping.index) == (path == .objectByObject))
            try OrderPositions.fillMissing(session.db, in: session.destination)
            try session.checkKeptOrders()
            try Self.swapFirstTwo(session.db, path)
            let error = #expect(throws: MappingRuntimeError.self) { try session.checkKeptOrders() }
            #expect(error?.primaryKey == 1)
            #expect(error?.message.contains("the ordered relationship \(relationship) lost the order") == true)
        }
    }

    /// `fillMissing` writes only positions that are missing, each after every position its owner's members
    /// have: it cannot move a member a link placed, so the check need not look at what it writes.
    @Test(
        "positions given to members no link placed come after the others and move none",
        arguments: [Path.bulkForeignKey, .bulkJoinTable])
    func fillMovesNothing(path: Path) throws {
        let (step, source, _) = try Self.step(path)
        let context = try Self.context(source: source)
        try step.withSession(context) { session in
            try session.createObjectsAndRelationships(context: context, batchSize: 100)
            let db = session.db
            // Owner 1's first member loses its position; owner 2's members keep theirs.
            let placed = try Self.members(db, path)
            let first = try #require(placed[1]?.first)
            let (table, order, member, ownerColumn): (String, String, String, String)
            if path == .bulkJoinTable {
                let join = try Deck.join(Deck.model(2))
                (table, order, member, ownerColumn) = (join.table, join.order, join.card, join.deck)
            } else {
                (table, order, member, ownerColumn) = (
                    "ZNOTE", try ShelfFixture.orderColumn(ShelfFixture.model(2)), "Z_PK", "ZBOOK"
                )
            }
            let positions = "SELECT \(ownerColumn), \(member), \(order) FROM \(table) WHERE \(order) IS NOT NULL ORDER BY 1, 2"
            try db.execute(
                sql: "UPDATE \(table) SET \(order) = NULL WHERE \(ownerColumn) = 1 AND \(member) = ?", arguments: [first])
            func rows() throws -> [[Int64]] {
                try Row.fetchAll(db, sql: positions).map { row -> [Int64] in [row[0], row[1], row[2]] }
            }
            let before = try rows()
            try OrderPositions.fillMissing(db, in: session.destination)
            let after = try rows()
            let filled = after.filter { row in row[0] == 1 && row[1] == first }
            #expect(after.filter { row in !(row[0] == 1 && row[1] == first) } == before)
            #expect(filled.count == 1 && filled[0][2] > before.filter { $0[0] == 1 }.map { $0[2] }.max()!)
            var expected = path == .bulkJoinTable ? Deck.order : ShelfFixture.order
            expected[1] = Array(expected[1]!.dropFirst()) + [first]
            #expect(try Self.members(db, path) == expected)
        }
    }
}

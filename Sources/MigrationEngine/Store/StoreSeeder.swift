import Foundation
import GRDB

/// Writes a valid store at one version of a model, filled with deterministic synthetic objects: what app teams
/// test their own migrations on, and what the generated fidelity sweep migrates.
///
/// The store is created by ``StoreWriter`` (Apple's DDL, `Z_PRIMARYKEY`, `Z_METADATA`, `Z_MODELCACHE`), then
/// every concrete entity gets `objects` objects with a value for every stored attribute (``SeedValues``) and
/// every kind of relationship is filled the way Core Data stores it: a to-one as a key column (with the
/// destination's entity number when the destination has sub-entities, and the position in the inverse when
/// that is an ordered to-many), a one-to-one on both sides, a to-many without an inverse as the hidden key in
/// the destination's table, and a many-to-many as join-table rows with positions for ordered sides. Derived
/// attributes get their values and triggers last, as a migration step gives them. Every choice is drawn
/// from one ``SeededGenerator`` in model order, so a seed gives the same store every time.
package struct StoreSeeder: Sendable {
    /// The most objects of one entity a store may be seeded with: the relationship plan is held in memory.
    package static let maximumObjects = 1_000_000

    /// The entities the store holds: the whole model, or one configuration's.
    package let model: ObjectModel
    /// The model whose hashes and cache the store records: the whole model even for a configuration's store,
    /// as Core Data records it.
    package let recordedModel: ObjectModel
    package let objects: Int
    package let seed: UInt64

    /// A seeder of stores at `model`'s version, holding every entity or, with `configuration`, the entities of
    /// that configuration alone (numbered among themselves) as a store Core Data added with it.
    package init(model: ObjectModel, objects: Int, seed: UInt64, configuration: ModelConfiguration? = nil) {
        self.model = configuration.map { model.restricted(to: $0) } ?? model
        self.recordedModel = model
        self.objects = objects
        self.seed = seed
    }

    /// One object: its key and its entity number.
    struct Object: Hashable {
        var key: Int
        var entity: Int
    }

    /// A relationship declared on an entity.
    struct Declared: Hashable {
        var entity: String
        var relationship: String
    }

    /// What the relationships hold, by the columns that store them.
    struct Links {
        /// The destination of each to-one, by the holder's key.
        var toOne: [Declared: [Int: Object]] = [:]
        /// The position of each holder of a to-one among the members of its inverse ordered to-many.
        var positions: [Declared: [Int: Int]] = [:]
        /// For a to-many without an inverse: the owner's key, by the member's key.
        var owners: [Declared: [Int: Int]] = [:]
    }

    /// Creates the store at `path` (which must not exist) and fills it. Returns the objects written per entity.
    @discardableResult
    package func write(to path: String) throws -> [String: Int] {
        guard (0...Self.maximumObjects).contains(objects) else {
            throw StoreWriteError(
                path: path, message: "cannot seed \(objects) objects per entity (0 to \(Self.maximumObjects))",
                category: .invalidInput)
        }
        let counts = try objectCounts(path: path)
        var random = SeededGenerator(seed: seed)
        let schema = SchemaBuilder(model: model).build()
        let uuid = UUID(uuid: SeedValues.uuidTuple(&random)).uuidString
        let writer = StoreWriter(model: recordedModel, schema: schema)
        try writer.create(at: path, options: StoreCreationOptions(uuid: uuid, installsTriggers: false))
        let rows = objectRows(schema, counts: counts)
        let links = plan(rows, schema, &random)
        let support = StorePaths(storePath: path).supportFolder
        var current = ""
        do {
            let queue = try HardenedConnection.open(path)
            try queue.inTransaction { db in
                for table in schema.tables {
                    current = table.name
                    try insert(table, rows: rows, links: links, schema: schema, support: support, &random, db)
                    let highest = try Int.fetchOne(db, sql: "SELECT MAX(\"Z_PK\") FROM \(SQLIdentifier(table.name).quoted)")
                    try db.execute(
                        sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ? WHERE "Z_NAME" = ?"#,
                        arguments: [highest ?? 0, table.rootEntity])
                }
                for join in schema.joinTables {
                    current = join.name
                    try fill(join, rows: rows, &random, db)
                }
                current = "derived attributes"
                try writer.installDerivedAttributes(db)
                return .commit
            }
            try queue.close()
        } catch let error as StoreWriteError {
            throw error
        } catch {
            throw StoreWriteError(path: path, message: "cannot fill \(current): \(error)")
        }
        var written: [String: Int] = [:]
        for entity in model.entities where !entity.isAbstract {
            let number = schema.entity(named: entity.name)?.number
            written[entity.name] = rows[entity.name]?.filter { $0.entity == number }.count ?? 0
        }
        return written
    }

    /// How many objects each concrete entity gets: ``objects``, and more of an entity whose objects a required
    /// to-one must name each from an object of its own (a one-to-one, or a key a uniqueness constraint covers)
    /// from more objects than it has: a store short of them breaks the required to-one, which `verify`
    /// refuses. DashSync 20's `DSTransactionEntity.transactionHash` is such a one-to-one, required, from a
    /// family of nine entities: 36 transactions for 4 `DSTransactionHashEntity` objects left 32 without one.
    /// Growing one entity can make another short again, so this repeats until nothing is short; a model whose
    /// needs grow without end, or past ``maximumObjects``, is refused naming the relationship.
    private func objectCounts(path: String) throws(StoreWriteError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entity in model.entities where !entity.isAbstract { counts[entity.name] = objects }
        let below = { (entity: Entity, counts: [String: Int]) in
            model.hierarchy(below: entity).reduce(0) { $0 + (counts[$1.name] ?? 0) }
        }
        // Each round makes one relationship whole; a model whose needs converge does so in a few rounds per
        // relationship.
        let rounds = 4 * (model.entities.reduce(0) { $0 + $1.relationships.count } + 1)
        var last = ""
        for _ in 0..<rounds {
            guard let short = shortTarget(counts, below: below) else { return counts }
            last = short.relationship
            let grown = (counts[short.grown] ?? 0) + short.need
            guard grown <= Self.maximumObjects else { break }
            counts[short.grown] = grown
        }
        throw StoreWriteError(
            path: path,
            message: "cannot seed \(objects) objects per entity: the required to-one \(last) needs an object of its "
                + "own for each, and the objects it needs grow without end (or past \(Self.maximumObjects))",
            category: .invalidInput)
    }

    /// The first required to-one (`Entity.relationship`) that names an object of its own from more objects
    /// than its destination has, with the concrete entity to grow and by how many.
    private func shortTarget(_ counts: [String: Int], below: (Entity, [String: Int]) -> Int) -> (
        relationship: String, grown: String, need: Int
    )? {
        for entity in model.entities {
            let unique = Set(model.hierarchy(below: model.root(of: entity)).flatMap { $0.uniquenessConstraints.joined() })
            for relationship in entity.relationships where !relationship.isTransient && !relationship.isToMany {
                let oneToOne = model.inverse(of: relationship).map { !$0.isToMany } ?? false
                guard !relationship.isOptional, oneToOne || unique.contains(relationship.name),
                    let target = model.entity(named: relationship.destinationEntity),
                    let grown = model.hierarchy(below: target).first(where: { !$0.isAbstract })?.name,
                    case let need = below(entity, counts) - below(target, counts), need > 0
                else { continue }
                return ("\(entity.name).\(relationship.name)", grown, need)
            }
        }
        return nil
    }

    /// The objects of every concrete entity (`counts` of each), keyed from 1 within each table (sub-entities
    /// share their root's keys), and for every entity the objects at or below it.
    private func objectRows(_ schema: StoreSchema, counts: [String: Int]) -> [String: [Object]] {
        var own: [String: [Object]] = [:]
        for table in schema.tables {
            guard let root = model.entity(named: table.rootEntity) else { continue }
            var next = 1
            for entity in model.hierarchy(below: root) where !entity.isAbstract {
                guard let number = schema.entity(named: entity.name)?.number else { continue }
                let count = counts[entity.name] ?? objects
                own[entity.name] = (next..<next + count).map { Object(key: $0, entity: number) }
                next += count
            }
        }
        var below: [String: [Object]] = [:]
        for entity in model.entities {
            below[entity.name] = model.hierarchy(below: entity).flatMap { own[$0.name] ?? [] }
        }
        return below
    }

    /// Chooses what every to-one and every to-many without an inverse holds.
    private func plan(_ rows: [String: [Object]], _ schema: StoreSchema, _ random: inout SeededGenerator) -> Links {
        var links = Links()
        for entity in model.entities {
            let unique = Set(model.hierarchy(below: model.root(of: entity)).flatMap { $0.uniquenessConstraints.joined() })
            for relationship in entity.relationships where !relationship.isTransient {
                let holders = rows[entity.name] ?? []
                let targets = rows[relationship.destinationEntity] ?? []
                let declared = Declared(entity: entity.name, relationship: relationship.name)
                let inverse = model.inverse(of: relationship)
                if relationship.isToMany {
                    guard inverse == nil else { continue } // the to-one side or the join table holds it
                    var owners: [Int: Int] = [:]
                    for target in targets where !holders.isEmpty && !random.oneIn(4) {
                        owners[target.key] = holders[Int(random.next() % UInt64(holders.count))].key
                    }
                    links.owners[declared] = owners
                } else if let inverse, !inverse.isToMany {
                    guard links.toOne[declared] == nil else { continue } // paired from the other side
                    let back = Declared(entity: declaring(inverse.name, from: relationship), relationship: inverse.name)
                    let optional = relationship.isOptional && inverse.isOptional
                    pair(declared, back, holders: holders, targets: targets, optional: optional, &links, &random)
                } else {
                    links.toOne[declared] = choose(
                        holders, targets, optional: relationship.isOptional, distinct: unique.contains(relationship.name),
                        &random)
                    if let inverse, inverse.isOrdered {
                        links.positions[declared] = positions(of: holders, in: links.toOne[declared] ?? [:], &random)
                    }
                }
            }
        }
        return links
    }

    /// The entity that declares the inverse `name` of `relationship`: its destination or an ancestor of it, as
    /// ``ObjectModel/inverse(of:)`` finds it; the columns are named after the declaring entity.
    private func declaring(_ name: String, from relationship: Relationship) -> String {
        let start = relationship.inverseEntity ?? relationship.destinationEntity
        guard let destination = model.entity(named: start) else { return start }
        let lineage = [destination] + model.ancestors(of: destination)
        return lineage.first { $0.relationship(named: name) != nil }?.name ?? start
    }

    /// A destination for each holder: any of `targets`, or none now and then when the relationship is
    /// optional; `distinct` when a uniqueness constraint covers the key, so no two holders share one.
    private func choose(
        _ holders: [Object], _ targets: [Object], optional: Bool, distinct: Bool, _ random: inout SeededGenerator
    ) -> [Int: Object] {
        var chosen: [Int: Object] = [:]
        var pool = targets.shuffled(using: &random)
        for holder in holders where !targets.isEmpty {
            if optional, random.oneIn(5) { continue }
            if distinct {
                guard let target = pool.popLast() else { break }
                chosen[holder.key] = target
            } else {
                chosen[holder.key] = targets[Int(random.next() % UInt64(targets.count))]
            }
        }
        return chosen
    }

    /// A one-to-one: holders and destinations matched in pairs, each side naming the other. A relationship
    /// that is its own inverse pairs its objects with each other.
    private func pair(
        _ declared: Declared, _ back: Declared, holders: [Object], targets: [Object], optional: Bool,
        _ links: inout Links, _ random: inout SeededGenerator
    ) {
        var forward: [Int: Object] = [:]
        var backward: [Int: Object] = [:]
        if declared == back {
            let shuffled = holders.shuffled(using: &random)
            for index in stride(from: 0, to: shuffled.count - 1, by: 2) {
                forward[shuffled[index].key] = shuffled[index + 1]
                forward[shuffled[index + 1].key] = shuffled[index]
            }
            links.toOne[declared] = forward
            return
        }
        let shuffled = targets.shuffled(using: &random)
        for (holder, target) in zip(holders, shuffled) {
            if optional, random.oneIn(5) { continue }
            forward[holder.key] = target
            backward[target.key] = holder
        }
        links.toOne[declared] = forward
        links.toOne[back] = backward
    }

    /// Positions for the members of ordered to-manys, given each member's owner: members take places in an
    /// order of their own (not key order), spaced as Core Data spaces them (2048, 3072, …).
    private func positions(of members: [Object], in owners: [Int: Object], _ random: inout SeededGenerator) -> [Int: Int] {
        var next: [Int: Int] = [:]
        var placed: [Int: Int] = [:]
        for member in members.shuffled(using: &random) {
            guard let owner = owners[member.key] else { continue }
            let place = next[owner.key, default: 2]
            placed[member.key] = place * 1024
            next[owner.key] = place + 1
        }
        return placed
    }

    /// Inserts the objects of one table's entities.
    private func insert(
        _ table: SchemaTable, rows: [String: [Object]], links: Links, schema: StoreSchema, support: String,
        _ random: inout SeededGenerator, _ db: Database
    ) throws {
        guard let root = model.entity(named: table.rootEntity) else { return }
        let unique = Set(model.hierarchy(below: root).flatMap { $0.uniquenessConstraints.joined() })
        let names = table.columns.map { SQLIdentifier($0.name).quoted }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let statement = try db.makeStatement(
            sql: "INSERT INTO \(SQLIdentifier(table.name).quoted) (\(names)) VALUES (\(marks))")
        for entity in model.hierarchy(below: root) where !entity.isAbstract {
            let lineage = Set(model.ancestors(of: entity).map(\.name) + [entity.name])
            for object in (rows[entity.name] ?? []) where object.entity == schema.entity(named: entity.name)?.number {
                var values: [DatabaseValue] = []
                for column in table.columns {
                    values.append(
                        try value(
                            of: column, object: object, lineage: lineage, unique: unique, links: links, support: support,
                            &random))
                }
                try statement.execute(arguments: StatementArguments(values))
            }
        }
    }

    /// One column of one object: NULL for the columns of entities the object is not.
    private func value(
        of column: SchemaColumn, object: Object, lineage: Set<String>, unique: Set<String>, links: Links, support: String,
        _ random: inout SeededGenerator
    ) throws -> DatabaseValue {
        switch column.role {
        case .primaryKey: return object.key.databaseValue
        case .entityNumber: return object.entity.databaseValue
        case .saveCounter: return 1.databaseValue
        case .attribute(let entity, let name):
            guard lineage.contains(entity), let attribute = model.entity(named: entity)?.attribute(named: name),
                !attribute.isDerived
            else { return .null }
            let (value, external) = SeedValues.value(
                for: attribute, key: object.key, unique: unique.contains(name), random: &random)
            if let external { try write(external, support: support) }
            return value
        case .foreignKey(let entity, let name):
            guard lineage.contains(entity) else { return .null }
            return links.toOne[Declared(entity: entity, relationship: name)]?[object.key]?.key.databaseValue ?? .null
        case .foreignEntity(let entity, let name):
            guard lineage.contains(entity) else { return .null }
            return links.toOne[Declared(entity: entity, relationship: name)]?[object.key]?.entity.databaseValue ?? .null
        case .foreignOrder(let entity, let name):
            guard lineage.contains(entity) else { return .null }
            return links.positions[Declared(entity: entity, relationship: name)]?[object.key]?.databaseValue ?? .null
        case .toManyKey(let owner, let name):
            return links.owners[Declared(entity: owner, relationship: name)]?[object.key]?.databaseValue ?? .null
        }
    }

    /// Writes one external value's file, creating `.Name_SUPPORT/_EXTERNAL_DATA` beside the store at the first.
    private func write(_ external: SeedValues.External, support: String) throws {
        let folder = support + "/_EXTERNAL_DATA"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/" + external.uuid
        guard FileManager.default.createFile(atPath: file, contents: external.contents) else {
            throw StoreWriteError(path: file, message: "cannot write the external data file", category: .io)
        }
    }

    /// Join-table rows: each owner gets up to three distinct destinations, and every order column a position
    /// in its side's own order.
    private func fill(_ join: JoinTable, rows: [String: [Object]], _ random: inout SeededGenerator, _ db: Database) throws {
        guard let relationship = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship)
        else { return }
        let owners = rows[join.owner.entity] ?? []
        let targets = rows[relationship.destinationEntity] ?? []
        var pairs: [(owner: Int, target: Int)] = []
        for owner in owners where !targets.isEmpty {
            let count = min(Int(random.next() % 4), targets.count)
            var chosen: Set<Int> = []
            while chosen.count < count {
                let target = targets[Int(random.next() % UInt64(targets.count))].key
                if chosen.insert(target).inserted { pairs.append((owner.key, target)) }
            }
        }
        var places: [String: [Int]] = [:]
        let sides: [(JoinTable.Side, @Sendable ((owner: Int, target: Int)) -> Int)] = [
            (join.owner, { $0.owner }), (join.inverse, { $0.target }),
        ]
        for (side, grouping) in sides {
            guard let column = join.orderColumn(ordering: side), places[column] == nil else { continue }
            var next: [Int: Int] = [:]
            var placed = Array(repeating: 0, count: pairs.count)
            for index in pairs.indices.shuffled(using: &random) {
                let place = next[grouping(pairs[index]), default: 2]
                placed[index] = place * 1024
                next[grouping(pairs[index])] = place + 1
            }
            places[column] = placed
        }
        let columns = [join.ownerColumn, join.targetColumn] + join.orderColumns
        let statement = try db.makeStatement(
            sql:
                "INSERT INTO \(SQLIdentifier(join.name).quoted) (\(columns.map { SQLIdentifier($0).quoted }.joined(separator: ", "))) "
                + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))")
        for (index, pair) in pairs.enumerated() {
            let order = join.orderColumns.map { places[$0]?[index].databaseValue ?? .null }
            try statement.execute(arguments: StatementArguments([pair.owner.databaseValue, pair.target.databaseValue] + order))
        }
    }
}

import Foundation
import GRDB

@testable import MigrationEngine

/// What each exported object of one entity must hold for its relationships, read from the store with SQL of
/// the test's own: every key column, join table and `Z_FOK_` column read whole once and grouped in memory
/// (not the export's per-object queries). Where the schema puts no column or table for a relationship, that
/// is a ``problems`` entry, so a relationship the export would leave out fails the test instead of going
/// unchecked.
struct ExpectedRelationships {
    /// An exported relationship's value: a to-one's URI (nil for none), a to-many's set of URIs, an ordered
    /// to-many's URIs in order.
    enum Value: Equatable, CustomStringConvertible {
        case one(String?)
        case many(Set<String>)
        case ordered([String])

        /// Whether the exported JSON value is this one.
        func matches(_ exported: Any?) -> Bool {
            switch self {
            case .one(let uri): uri.map { exported as? String == $0 } ?? (exported is NSNull)
            case .many(let uris): (exported as? [String]).map { $0.count == uris.count && Set($0) == uris } ?? false
            case .ordered(let uris): exported as? [String] == uris
            }
        }

        var description: String {
            switch self {
            case .one(let uri): uri ?? "null"
            case .many(let uris): uris.sorted().description
            case .ordered(let uris): uris.description
            }
        }
    }

    /// By relationship name, then by the object's `Z_PK` (an object absent holds none: nil, or empty).
    private(set) var values: [String: [Int64: Value]] = [:]
    /// The relationships whose data could not be found, each with why.
    private(set) var problems: [String] = []
    /// Empty values by relationship name, for objects that hold no member or target.
    private var empty: [String: Value] = [:]

    private let model: ObjectModel
    private let schema: StoreSchema
    private let uuid: String
    private let names: [Int: String]

    init(entity: Entity, model: ObjectModel, schema: StoreSchema, uuid: String, db: Database) throws {
        self.model = model
        self.schema = schema
        self.uuid = uuid
        names = Dictionary(uniqueKeysWithValues: EntityNumbering(model: model).entities.map { ($0.number, $0.name) })
        let lineage = Set((model.ancestors(of: entity) + [entity]).map(\.name))
        guard let table = schema.table(for: entity.name) else {
            problems.append("\(entity.name): no table")
            return
        }
        for relationship in model.allRelationships(of: entity) where !relationship.isTransient {
            guard values[relationship.name] == nil else { continue }
            if relationship.isToMany {
                empty[relationship.name] = relationship.isOrdered ? .ordered([]) : .many([])
                try toMany(relationship, lineage: lineage, db: db)
            } else {
                empty[relationship.name] = .one(nil)
                try toOne(relationship, lineage: lineage, table: table, db: db)
            }
        }
    }

    /// The value object `key` must hold for `relationship`.
    func value(_ relationship: String, of key: Int64) -> Value? {
        values[relationship]?[key] ?? empty[relationship]
    }

    /// Every relationship checked.
    var relationships: [String] { values.keys.sorted() }

    /// Where exported objects (decoded JSON, matched by `_pk`) hold other relationship values than the store
    /// does: one line for each object and relationship.
    func mismatches(in objects: [[String: Any]]) -> [String] {
        objects.flatMap { object -> [String] in
            guard let key = (object["_pk"] as? NSNumber)?.int64Value else { return ["an object without _pk"] }
            return relationships.compactMap { name in
                let expected = value(name, of: key)
                guard expected?.matches(object[name]) != true else { return nil }
                return "p\(key) \(name): \(object[name] ?? "missing") vs \(expected?.description ?? "none")"
            }
        }
    }

    private func uri(_ number: Int?, _ key: Int64, otherwise entity: String) -> String {
        ObjectURI.make(store: uuid, entity: number.flatMap { names[$0] } ?? entity, primaryKey: key)
    }

    private func column(in table: SchemaTable, _ matches: (SchemaColumn.Role) -> Bool) -> String? {
        table.columns.first { matches($0.role) }?.name
    }

    private mutating func toOne(_ relationship: Relationship, lineage: Set<String>, table: SchemaTable, db: Database) throws {
        let name = relationship.name
        guard
            let key = column(in: table, { if case .foreignKey(let owner, name) = $0 { lineage.contains(owner) } else { false } })
        else { return problems.append("\(name): no key column in \(table.name)") }
        let entityColumn = column(in: table) {
            if case .foreignEntity(let owner, name) = $0 { lineage.contains(owner) } else { false }
        }
        let entitySQL: SQLFragment = entityColumn.map { "\(SQLIdentifier($0))" } ?? "NULL"
        let select: SQLFragment = "SELECT \"Z_PK\", \(SQLIdentifier(key)), \(entitySQL) FROM \(SQLIdentifier(table.name))"
        var found: [Int64: Value] = [:]
        for row in try Row.fetchAll(db, select.request) {
            guard let target = row[1] as Int64? else { continue }
            found[row[0]] = .one(uri(row[2], target, otherwise: relationship.destinationEntity))
        }
        values[name] = found
    }

    private mutating func toMany(_ relationship: Relationship, lineage: Set<String>, db: Database) throws {
        let name = relationship.name
        guard let destination = schema.table(for: relationship.destinationEntity) else {
            return problems.append("\(name): no table for \(relationship.destinationEntity)")
        }
        // Members as (owner key, order, member key, member entity number).
        let members: [(owner: Int64, order: Int64?, key: Int64, number: Int?)]
        let sides = lineage.map { JoinTable.Side(entity: $0, relationship: name) }
        if let side = sides.first(where: { schema.joinTable(entity: $0.entity, relationship: $0.relationship) != nil }),
            let join = schema.joinTable(entity: side.entity, relationship: side.relationship)
        {
            let (mine, other) = join.owner == side ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
            let order = relationship.isOrdered ? join.orderColumn(ordering: side) : nil
            if relationship.isOrdered, order == nil { problems.append("\(name): no order column in \(join.name)") }
            let numbers = try pairs(#"SELECT "Z_PK", "Z_ENT" FROM \#(SQLIdentifier(destination.name))"#, db)
            let orderSQL: SQLFragment = order.map { "\(SQLIdentifier($0))" } ?? "NULL"
            let select: SQLFragment =
                "SELECT \(SQLIdentifier(mine)), \(orderSQL), \(SQLIdentifier(other)) FROM \(SQLIdentifier(join.name))"
            // A join row naming no object of the destination names nothing Core Data can fault in.
            members = try Row.fetchAll(db, select.request).compactMap { row in
                let key: Int64 = row[2]
                return numbers[key].map { (row[0], row[1], key, $0) }
            }
        } else {
            let keyRole: (SchemaColumn.Role) -> Bool
            var orderRole: ((SchemaColumn.Role) -> Bool)? = nil
            if let inverse = model.inverse(of: relationship) {
                guard !inverse.isToMany else { return problems.append("\(name): many-to-many without a join table") }
                let owners = Set(
                    model.entity(named: relationship.inverseEntity ?? relationship.destinationEntity)
                        .map { (model.ancestors(of: $0) + [$0]).map(\.name) } ?? [])
                let inverseName = inverse.name
                keyRole = { if case .foreignKey(let owner, inverseName) = $0 { owners.contains(owner) } else { false } }
                if relationship.isOrdered {
                    orderRole = { if case .foreignOrder(let owner, inverseName) = $0 { owners.contains(owner) } else { false } }
                }
            } else {
                keyRole = { if case .toManyKey(let owner, name) = $0 { lineage.contains(owner) } else { false } }
            }
            guard let key = column(in: destination, keyRole) else {
                return problems.append("\(name): no key column in \(destination.name)")
            }
            let order = orderRole.flatMap { column(in: destination, $0) }
            if relationship.isOrdered, order == nil { problems.append("\(name): no order column in \(destination.name)") }
            let orderSQL: SQLFragment = order.map { "\(SQLIdentifier($0))" } ?? "NULL"
            let select: SQLFragment = """
                SELECT \(SQLIdentifier(key)), \(orderSQL), "Z_PK", "Z_ENT" FROM \(SQLIdentifier(destination.name)) \
                WHERE \(SQLIdentifier(key)) IS NOT NULL
                """
            members = try Row.fetchAll(db, select.request).map { row in
                (row[0], row[1], row[2], row[3])
            }
        }
        var found: [Int64: Value] = [:]
        for (owner, group) in Dictionary(grouping: members, by: \.owner) {
            let uris = group.sorted { ($0.order ?? 0, $0.key) < ($1.order ?? 0, $1.key) }.map {
                uri($0.number, $0.key, otherwise: relationship.destinationEntity)
            }
            found[owner] = relationship.isOrdered ? .ordered(uris) : .many(Set(uris))
        }
        values[name] = found
    }

    private func pairs(_ select: SQLFragment, _ db: Database) throws -> [Int64: Int] {
        var found: [Int64: Int] = [:]
        for row in try Row.fetchAll(db, select.request) { found[row[0]] = row[1] }
        return found
    }
}

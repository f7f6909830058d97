import Foundation
import GRDB

@testable import MigrationEngine

/// What a store holds in the model's terms, whatever its tables are named: the objects of each entity, each
/// object's attribute values, and each relationship's members (in order, for an ordered one), read through the
/// schema the model lays out. Facts are keyed `Entity.property` (`Entity.property#order` for positions), with
/// the entity that declares the property; a many-to-many is kept from both sides, so which side owns the join
/// table does not matter.
struct LogicalContents: Equatable {
    /// Fact → object key → value (text).
    var facts: [String: [Int64: String]] = [:]

    init() {}

    init(_ path: String, model: ObjectModel) throws {
        let schema = SchemaBuilder(model: model).build()
        let names = Dictionary(uniqueKeysWithValues: schema.entities.map { ($0.number, $0.name) })
        try DatabaseQueue(path: path).read { db in
            for table in schema.tables {
                let list = table.columns.map { SQLIdentifier($0.name).quoted }.joined(separator: ", ")
                var members: [String: [Int64: [(Int64, Int64)]]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT \(list) FROM \(SQLIdentifier(table.name).quoted)") {
                    let key: Int64 = row["Z_PK"]
                    let entity: Int = row["Z_ENT"]
                    facts[names[entity] ?? "?\(entity)", default: [:]][key] = ""
                    for column in table.columns {
                        let value: DatabaseValue = row[column.name]
                        guard !value.isNull else { continue }
                        switch column.role {
                        case .attribute(let entity, let name): facts["\(entity).\(name)", default: [:]][key] = value.description
                        case .foreignKey(let entity, let name):
                            facts["\(entity).\(name)", default: [:]][key] = value.description
                        case .toManyKey(let owner, let name):
                            members["\(owner).\(name)", default: [:]][Int64.fromDatabaseValue(value) ?? 0, default: []].append(
                                (key, key))
                        case .foreignOrder(let entity, let name):
                            guard
                                let owner = row[table.column(.foreignKey(entity: entity, relationship: name))?.name ?? ""]
                                    as Int64?
                            else { continue }
                            members["\(entity).\(name)#order", default: [:]][owner, default: []].append(
                                (Int64.fromDatabaseValue(value) ?? 0, key))
                        default: break
                        }
                    }
                }
                collect(members)
            }
            for join in schema.joinTables {
                var members: [String: [Int64: [(Int64, Int64)]]] = [:]
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(SQLIdentifier(join.name).quoted)")
                for row in rows {
                    let owner: Int64 = row[join.ownerColumn]
                    let target: Int64 = row[join.targetColumn]
                    members["\(join.owner.entity).\(join.owner.relationship)", default: [:]][owner, default: []].append(
                        (target, target))
                    members["\(join.inverse.entity).\(join.inverse.relationship)", default: [:]][target, default: []].append(
                        (owner, owner))
                    for (side, group, member) in [(join.owner, owner, target), (join.inverse, target, owner)] {
                        guard let order = join.orderColumn(ordering: side), let place = row[order] as Int64? else { continue }
                        members["\(side.entity).\(side.relationship)#order", default: [:]][group, default: []].append(
                            (place, member))
                    }
                }
                collect(members)
            }
        }
    }

    /// Members in order (by position, then key), as text.
    private mutating func collect(_ members: [String: [Int64: [(Int64, Int64)]]]) {
        for (fact, groups) in members {
            for (group, list) in groups {
                facts[fact, default: [:]][group] = list.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\($0.1)" }.joined(
                    separator: " ")
            }
        }
    }

    /// What the destination should hold after `pair`'s change: each kept fact under its new names, and the
    /// default for every object of an entity whose attribute gained one.
    func predicted(by pair: GeneratedModelPair) -> LogicalContents {
        var result = LogicalContents()
        for (fact, values) in facts {
            let (entity, rest) = (String(fact.prefix { $0 != "." }), fact.drop { $0 != "." }.dropFirst())
            guard let newEntity = pair.entityNames[entity] else { continue }
            if rest.isEmpty {
                result.facts[newEntity] = values
                continue
            }
            let property = String(rest.prefix { $0 != "#" })
            let suffix = String(rest.drop { $0 != "#" })
            guard let newProperty = pair.propertyNames["\(entity).\(property)"] else { continue }
            result.facts["\(newEntity).\(newProperty)\(suffix)"] = values
        }
        for (inverse, forward) in pair.inverted {
            var groups: [Int64: [Int64]] = [:]
            for (owner, member) in result.facts[forward] ?? [:] {
                guard let member = Int64(member) else { continue }
                groups[member, default: []].append(owner)
            }
            for (group, owners) in groups {
                result.facts[inverse, default: [:]][group] = owners.sorted().map { "\($0)" }.joined(separator: " ")
            }
        }
        for (fact, value) in pair.defaults {
            let entity = String(fact.prefix { $0 != "." })
            guard let declared = pair.destination.entity(named: entity) else { continue }
            for member in pair.destination.hierarchy(below: declared) {
                for key in result.facts[member.name]?.keys ?? [:].keys where result.facts[fact]?[key] == nil {
                    result.facts[fact, default: [:]][key] = value.description
                }
            }
        }
        result.facts = result.facts.filter { !$0.value.isEmpty }
        return result
    }
}

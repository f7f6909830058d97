import GRDB

@testable import MigrationEngine

/// Every object of a store as text that does not depend on `Z_PK`s: its entity, its attribute values, and for
/// each relationship the attribute values of the objects it points at. Apple's heavyweight migrations renumber
/// `Z_PK`s, so stores are compared object for object with these lines, never row for row.
enum StoreObjectGraph {
    struct Unsupported: Error { var message: String }

    /// One sorted line per object of the non-abstract entities of `model` in the store at `path`.
    static func lines(at path: String, model: ObjectModel) throws -> [String] {
        try DatabaseQueue(path: path).read { (db) throws -> [String] in
            let numbers = Dictionary(
                try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY").map {
                    ($0["Z_NAME"] as String, $0["Z_ENT"] as Int)
                },
                uniquingKeysWith: { a, _ in a })
            var values: [String: [Int64: String]] = [:]
            var rows: [(entity: Entity, row: Row)] = []
            for entity in model.entities where !entity.isAbstract {
                guard let number = numbers[entity.name] else { throw Unsupported(message: "no Z_ENT for \(entity.name)") }
                let attributes = model.allAttributes(of: entity).filter { !$0.isTransient }.map(\.name).sorted()
                let toOne = model.allRelationships(of: entity).filter { !$0.isToMany && !$0.isTransient }.map(\.name)
                let columns = (["Z_PK"] + (attributes + toOne).map { "Z" + $0.uppercased() }).map { "\"\($0)\"" }
                let table = "Z" + model.root(of: entity).name.uppercased()
                for row in try Row.fetchAll(
                    db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \"\(table)\" WHERE Z_ENT = ?", arguments: [number])
                {
                    let text = attributes.map { "\($0)=\(row["Z" + $0.uppercased()] as DatabaseValue)" }.joined(separator: " ")
                    values[table, default: [:]][row["Z_PK"]] = "\(entity.name)(\(text))"
                    rows.append((entity, row))
                }
            }
            return try rows.map { entity, row in
                var line = values["Z" + model.root(of: entity).name.uppercased()]![row["Z_PK"]]!
                for relationship in model.allRelationships(of: entity).filter({ !$0.isTransient }).sorted(by: {
                    $0.name < $1.name
                }) {
                    line +=
                        " \(relationship.name)→"
                        + (try targets(relationship, of: entity, row: row, model: model, values: values, db: db))
                }
                return line
            }.sorted()
        }
    }

    private static func targets(
        _ relationship: Relationship, of entity: Entity, row: Row, model: ObjectModel, values: [String: [Int64: String]],
        db: Database
    ) throws -> String {
        guard let target = model.entity(named: relationship.destinationEntity) else { return "?" }
        let targetTable = "Z" + model.root(of: target).name.uppercased()
        if !relationship.isToMany {
            guard let key = row["Z" + relationship.name.uppercased()] as Int64? else { return "∅" }
            return values[targetTable]?[key] ?? "dangling \(key)"
        }
        guard let inverse = model.inverse(of: relationship), !inverse.isToMany else {
            throw Unsupported(message: "\(entity.name).\(relationship.name) is many-to-many; compare its join table")
        }
        let keys = try Int64.fetchAll(
            db, sql: "SELECT Z_PK FROM \"\(targetTable)\" WHERE \"Z\(inverse.name.uppercased())\" = ?",
            arguments: [row["Z_PK"] as Int64])
        return "[" + keys.map { values[targetTable]?[$0] ?? "dangling \($0)" }.sorted().joined(separator: ", ") + "]"
    }
}

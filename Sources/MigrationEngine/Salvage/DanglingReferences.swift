import GRDB

/// Clears the references the new store's rows make to objects that were lost: an optional to-one key (with
/// its entity and order columns) becomes NULL, a many-to-many link is dropped, and an object whose
/// required to-one pointed at a lost object is left out (kept, it would fail Core Data's validation on
/// its next save, and with it the whole save). Leaving objects out can strand more references, so the
/// passes repeat until one changes nothing.
struct DanglingReferences {
    /// The version written (scoped to the store's entities).
    let model: ObjectModel
    /// Its schema.
    let schema: StoreSchema

    /// What the passes did: references cleared per relationship, and objects left out per entity.
    struct Outcome {
        var references: [DanglingReference] = []
        var dropped: [String: Int] = [:]

        mutating func add(_ entity: String, _ relationship: String, cleared: Int = 0, dropped: Int = 0) {
            guard cleared + dropped > 0 else { return }
            if let index = references.firstIndex(where: { $0.entity == entity && $0.relationship == relationship }) {
                references[index].cleared += cleared
                references[index].droppedObjects += dropped
            } else {
                references.append(
                    DanglingReference(entity: entity, relationship: relationship, cleared: cleared, droppedObjects: dropped))
            }
        }
    }

    /// Clears every dangling reference in `db`.
    func clear(_ db: Database) throws -> Outcome {
        var outcome = Outcome()
        var changed = true
        while changed {
            changed = false
            for table in schema.tables {
                for column in table.columns {
                    guard case .foreignKey(let entity, let name) = column.role,
                        let relationship = model.entity(named: entity)?.relationship(named: name),
                        let target = targetCheck(
                            relationship.destinationEntity, key: "\(quoted(table.name)).\(quoted(column.name))")
                    else { continue }
                    let dangling = "\(quoted(column.name)) IS NOT NULL AND \(target.sql)"
                    if relationship.isOptional {
                        try db.execute(
                            sql: "UPDATE \(quoted(table.name)) SET \(nulling(column, in: table, entity, name)) WHERE \(dangling)",
                            arguments: target.arguments)
                        outcome.add(entity, name, cleared: db.changesCount)
                    } else {
                        let rows = try Row.fetchAll(
                            db, sql: #"SELECT "Z_ENT", COUNT(*) FROM \#(quoted(table.name)) WHERE \#(dangling) GROUP BY "Z_ENT""#,
                            arguments: target.arguments)
                        for row in rows {
                            let number: Int = row[0] ?? 0
                            let owner = schema.entities.first { $0.number == number }?.name ?? entity
                            outcome.dropped[owner, default: 0] += row[1]
                            outcome.add(entity, name, dropped: row[1])
                        }
                        try db.execute(sql: "DELETE FROM \(quoted(table.name)) WHERE \(dangling)", arguments: target.arguments)
                    }
                    changed = changed || db.changesCount > 0
                }
            }
            for join in schema.joinTables {
                guard let relationship = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship),
                    let owner = targetCheck(join.owner.entity, key: "\(quoted(join.name)).\(quoted(join.ownerColumn))"),
                    let target = targetCheck(
                        relationship.destinationEntity, key: "\(quoted(join.name)).\(quoted(join.targetColumn))")
                else { continue }
                try db.execute(
                    sql: "DELETE FROM \(quoted(join.name)) WHERE \(owner.sql) OR \(target.sql)",
                    arguments: owner.arguments + target.arguments)
                outcome.add(join.owner.entity, join.owner.relationship, cleared: db.changesCount)
                changed = changed || db.changesCount > 0
            }
        }
        return outcome
    }

    /// `"ZKEY" = NULL` with the to-one's entity and order columns.
    private func nulling(_ column: SchemaColumn, in table: SchemaTable, _ entity: String, _ name: String) -> String {
        let related = table.columns.filter {
            $0.role == .foreignEntity(entity: entity, relationship: name)
                || $0.role == .foreignOrder(entity: entity, relationship: name)
        }
        return ([column] + related).map { "\(quoted($0.name)) = NULL" }.joined(separator: ", ")
    }

    /// `NOT EXISTS (…)`: no object of `entity` or below it has the key in `key` (a qualified column).
    private func targetCheck(_ entity: String, key: String) -> (sql: String, arguments: StatementArguments)? {
        guard let destination = model.entity(named: entity), let table = schema.table(for: entity) else { return nil }
        let names = Set(model.hierarchy(below: destination).map(\.name))
        let numbers = schema.entities.filter { names.contains($0.name) }.map(\.number)
        let list = Array(repeating: "?", count: numbers.count).joined(separator: ", ")
        let sql =
            #"NOT EXISTS (SELECT 1 FROM \#(quoted(table.name)) AS "target" WHERE "target"."Z_PK" = \#(key) AND "target"."Z_ENT" IN (\#(list)))"#
        return (sql, StatementArguments(numbers))
    }

    private func quoted(_ name: String) -> String { SQLIdentifier(name).quoted }
}

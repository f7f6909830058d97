import GRDB

/// Clears the references the new store's rows make to objects that were lost: to-one keys (with their
/// entity and order columns) become NULL, many-to-many links are dropped. A reference counts as dangling
/// when no row of the destination entity (or one of its sub-entities) has that key.
struct DanglingReferences {
    /// The version written (scoped to the store's entities).
    let model: ObjectModel
    /// Its schema.
    let schema: StoreSchema

    /// Clears every dangling reference in `db` and counts them per relationship (only those with any).
    func clear(_ db: Database) throws -> [DanglingReference] {
        var cleared: [DanglingReference] = []
        for table in schema.tables {
            for column in table.columns {
                guard case .foreignKey(let entity, let name) = column.role,
                    let relationship = model.entity(named: entity)?.relationship(named: name),
                    let target = targetCheck(relationship.destinationEntity, key: "\(quoted(table.name)).\(quoted(column.name))")
                else { continue }
                let related = table.columns.filter {
                    $0.role == .foreignEntity(entity: entity, relationship: name)
                        || $0.role == .foreignOrder(entity: entity, relationship: name)
                }
                let assignments = ([column] + related).map { "\(quoted($0.name)) = NULL" }.joined(separator: ", ")
                try db.execute(
                    sql: "UPDATE \(quoted(table.name)) SET \(assignments) WHERE \(quoted(column.name)) IS NOT NULL AND \(target.sql)",
                    arguments: target.arguments)
                if db.changesCount > 0 { cleared.append(DanglingReference(entity: entity, relationship: name, cleared: db.changesCount)) }
            }
        }
        for join in schema.joinTables {
            guard let relationship = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship),
                let owner = targetCheck(join.owner.entity, key: "\(quoted(join.name)).\(quoted(join.ownerColumn))"),
                let target = targetCheck(relationship.destinationEntity, key: "\(quoted(join.name)).\(quoted(join.targetColumn))")
            else { continue }
            try db.execute(
                sql: "DELETE FROM \(quoted(join.name)) WHERE \(owner.sql) OR \(target.sql)",
                arguments: owner.arguments + target.arguments)
            if db.changesCount > 0 {
                cleared.append(
                    DanglingReference(entity: join.owner.entity, relationship: join.owner.relationship, cleared: db.changesCount))
            }
        }
        return cleared
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

    private func quoted(_ name: String) -> String { SQLIdentifier.quoted(name) }
}

import GRDB

/// Clears the references the new store's rows make to objects the damage took (see ``SalvageDamage``): an
/// optional to-one key (with its entity and order columns) becomes NULL, a many-to-many link is dropped, so
/// is a membership in a lost object's to-many without an inverse (its key in the member's row becomes NULL),
/// and an object whose required to-one pointed at a lost object is left out (kept, it would fail Core Data's
/// validation on its next save, and with it the whole save). Leaving objects out can strand more references,
/// so the passes repeat until one changes nothing. A reference the damage does not explain is left as it is,
/// for ``BrokenObjects`` to refuse or repair.
struct DanglingReferences {
    /// The version written (scoped to the store's entities).
    let model: ObjectModel
    /// Its schema.
    let schema: StoreSchema
    /// Where the damage took objects.
    let damage: SalvageDamage

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
        try damage.install(db)
        var outcome = Outcome()
        var changed = true
        while changed {
            changed = false
            for table in schema.tables {
                let source = SQLIdentifier(table.name)
                for column in table.columns {
                    let key = SQLIdentifier(column.name)
                    if case .toManyKey(let owner, let name) = column.role,
                        let lost = targetCheck(owner, key: "\(source).\(key)", from: table.name)
                    {
                        try db.execute("UPDATE \(source) SET \(key) = NULL WHERE \(key) IS NOT NULL AND \(lost)" as SQLFragment)
                        outcome.add(owner, name, cleared: db.changesCount)
                        changed = changed || db.changesCount > 0
                        continue
                    }
                    guard case .foreignKey(let entity, let name) = column.role,
                        let relationship = model.entity(named: entity)?.relationship(named: name),
                        let target = targetCheck(relationship.destinationEntity, key: "\(source).\(key)", from: table.name)
                    else { continue }
                    let dangling: SQLFragment = "\(key) IS NOT NULL AND \(target)"
                    if relationship.isOptional {
                        try db.execute(
                            "UPDATE \(source) SET \(nulling(column, in: table, entity, name)) WHERE \(dangling)" as SQLFragment)
                        outcome.add(entity, name, cleared: db.changesCount)
                    } else {
                        let perEntity: SQLFragment = """
                            SELECT \(SQLIdentifier.entityNumber), COUNT(*) FROM \(source) WHERE \(dangling) \
                            GROUP BY \(SQLIdentifier.entityNumber)
                            """
                        for row in try Row.fetchAll(db, perEntity.request) {
                            let number: Int = row[0] ?? 0
                            let owner = schema.entities.first { $0.number == number }?.name ?? entity
                            outcome.dropped[owner, default: 0] += row[1]
                            outcome.add(entity, name, dropped: row[1])
                        }
                        try damage.recordTaken(db, table: table.name, where: dangling)
                        try db.execute("DELETE FROM \(source) WHERE \(dangling)" as SQLFragment)
                    }
                    changed = changed || db.changesCount > 0
                }
            }
            for join in schema.joinTables {
                let source = SQLIdentifier(join.name)
                guard let relationship = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship),
                    let owner = targetCheck(join.owner.entity, key: "\(source).\(SQLIdentifier(join.ownerColumn))", from: nil),
                    let target = targetCheck(
                        relationship.destinationEntity, key: "\(source).\(SQLIdentifier(join.targetColumn))", from: nil)
                else { continue }
                try db.execute("DELETE FROM \(source) WHERE \(owner) OR \(target)" as SQLFragment)
                outcome.add(join.owner.entity, join.owner.relationship, cleared: db.changesCount)
                changed = changed || db.changesCount > 0
            }
        }
        return outcome
    }

    /// `"ZKEY" = NULL` with the to-one's entity and order columns.
    private func nulling(_ column: SchemaColumn, in table: SchemaTable, _ entity: String, _ name: String) -> SQLFragment {
        let related = table.columns.filter {
            $0.role == .foreignEntity(entity: entity, relationship: name)
                || $0.role == .foreignOrder(entity: entity, relationship: name)
        }
        return SQLFragment.joined(([column] + related).map { "\(SQLIdentifier($0.name)) = NULL" })
    }

    /// `NOT EXISTS (…) AND …`: no object of `entity` or below it has the key in `key` (a qualified column; the
    /// entity numbers bound), and the damage explains it: the key lies where the damage took rows, or the row
    /// holding it (of entity table `from`, when given) was itself found where the damage struck.
    private func targetCheck(_ entity: String, key: SQLFragment, from referring: String?) -> SQLFragment? {
        guard let destination = model.entity(named: entity), let table = schema.table(for: entity) else { return nil }
        let names = Set(model.hierarchy(below: destination).map(\.name))
        let numbers = schema.entities.filter { names.contains($0.name) }.map(\.number)
        let alias = SQLIdentifier("target")
        return """
            NOT EXISTS (SELECT 1 FROM \(SQLIdentifier(table.name)) AS \(alias) \
            WHERE \(alias).\(SQLIdentifier.primaryKey) = \(key) \
            AND \(alias).\(SQLIdentifier.entityNumber) IN (\(values: numbers))) \
            AND (\(damage.explains(table.name, key: key))\(referringRow(referring)))
            """
    }

    /// ` OR …`: the referring row's own key lies where the damage struck (it was found on a loose page).
    private func referringRow(_ table: String?) -> SQLFragment {
        guard let table else { return "" }
        return " OR \(damage.explains(table, key: "\(SQLIdentifier(table)).\(SQLIdentifier.primaryKey)"))"
    }
}

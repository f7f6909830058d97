/// Lays out the join tables of a model's many-to-many relationships.
///
/// Each pair of inverse to-many relationships gets one table named after one side. Core Data's choice
/// of side is not visible from outside; a name already present in a store wins. For new tables the
/// prediction is the side whose relationship name sorts last (true of every real store seen so far).
struct ManyToManyLayout: Sendable {
    /// The join tables in the order their owners are numbered.
    let tables: [JoinTable]

    init(model: ObjectModel, numbering: EntityNumbering, existingTableNames: Set<String>) {
        var tables: [JoinTable] = []
        var seen: Set<JoinTable.Side> = []
        for numbered in numbering.entities {
            guard let entity = model.entity(named: numbered.name) else { continue }
            for relationship in entity.relationships.sorted(by: { SchemaBuilder.precedes($0.name, $1.name) })
            where relationship.isToMany && !relationship.isTransient {
                let side = JoinTable.Side(entity: entity.name, relationship: relationship.name)
                guard !seen.contains(side), let inverse = model.inverse(of: relationship), inverse.isToMany,
                    let inverseEntity = Self.declaringEntity(of: inverse, from: relationship, in: model)
                else { continue }
                let other = JoinTable.Side(entity: inverseEntity, relationship: inverse.name)
                seen.insert(side)
                seen.insert(other)
                let first = Self.layout(owner: side, inverse: other, numbering: numbering)
                let second = Self.layout(owner: other, inverse: side, numbering: numbering)
                if existingTableNames.contains(second.name) && !existingTableNames.contains(first.name) {
                    tables.append(second.ordered(model))
                } else if existingTableNames.contains(first.name) {
                    tables.append(first.ordered(model))
                } else {
                    let ownerFirst = !SchemaBuilder.precedes(relationship.name, inverse.name)
                    tables.append((ownerFirst ? first : second).ordered(model))
                }
            }
        }
        self.tables = tables
    }

    private static func declaringEntity(of inverse: Relationship, from relationship: Relationship, in model: ObjectModel) -> String? {
        guard let destination = model.entity(named: relationship.destinationEntity) else { return nil }
        let chain = [destination] + model.ancestors(of: destination)
        return chain.first { $0.relationship(named: inverse.name) != nil }?.name
    }

    private static func layout(owner: JoinTable.Side, inverse: JoinTable.Side, numbering: EntityNumbering) -> JoinTable {
        let ownerNumber = numbering.number(of: owner.entity) ?? 0
        let targetNumber = numbering.number(of: inverse.entity) ?? 0
        let name = "Z_\(ownerNumber)\(owner.relationship.uppercased())"
        let ownerColumn = "Z_\(ownerNumber)\(inverse.relationship.uppercased())"
        var targetColumn = "Z_\(targetNumber)\(owner.relationship.uppercased())"
        if targetColumn == ownerColumn { targetColumn = "REFLEXIVE" }
        return JoinTable(name: name, owner: owner, inverse: inverse, ownerColumn: ownerColumn, targetColumn: targetColumn)
    }
}

extension JoinTable {
    /// The table with `Z_FOK_` columns for whichever sides are ordered.
    fileprivate func ordered(_ model: ObjectModel) -> JoinTable {
        var copy = self
        func isOrdered(_ side: Side) -> Bool {
            model.entity(named: side.entity)?.relationship(named: side.relationship)?.isOrdered ?? false
        }
        if isOrdered(owner) { copy.orderColumns.append(Self.orderColumnName(for: targetColumn)) }
        if inverse != owner, isOrdered(inverse) { copy.orderColumns.append(Self.orderColumnName(for: ownerColumn)) }
        return copy
    }
}

/// Lays out the join tables of a model's many-to-many relationships (`docs/guide/store-schema.md`).
///
/// Each relationship `R` from `A` to `B` has a join column holding the primary keys of `R`'s targets,
/// `Z_<number of the entity declaring R's inverse><NAME>`, where `NAME` is `R`'s upper-cased name claimed
/// from the column pool of that entity's table (so it may carry a suffix: `Z_23USERS1`). The pools are
/// visited entity by entity in number order, each entity's to-many relationships by name.
///
/// The table is named `Z_<number><RELATIONSHIP>` after the side Core Data meets first: it visits entities in
/// code-unit name order, each entity's properties in ``PropertyHashOrder``. So between two entities the one
/// whose name sorts first names it; when both sides belong to one entity, the relationship whose column name
/// comes first in the entity's hash order. Its columns are the one holding that side's own keys, then the one
/// holding its targets, then a `Z_FOK_` column for each ordered side in the same order. A table name found in
/// an existing store wins over the prediction.
struct ManyToManyLayout: Sendable {
    /// The join tables in the order their owners are numbered.
    let tables: [JoinTable]

    init(
        model: ObjectModel, numbering: EntityNumbering, namespaces: inout [String: ColumnNamespace],
        existingTableNames: Set<String>
    ) {
        var pairs: [(JoinTable.Side, JoinTable.Side)] = []
        var columns: [JoinTable.Side: String] = [:]
        for numbered in numbering.entities {
            guard let entity = model.entity(named: numbered.name) else { continue }
            for relationship in entity.relationships.sorted(by: { SchemaBuilder.precedes($0.name, $1.name) }) {
                guard let inverse = Self.manyToManyInverse(of: relationship, in: model),
                    let inverseEntity = Self.declaringEntity(of: inverse, from: relationship, in: model)
                else { continue }
                let side = JoinTable.Side(entity: entity.name, relationship: relationship.name)
                let other = JoinTable.Side(entity: inverseEntity, relationship: inverse.name)
                // The column for `other` holds this entity's keys, so its name comes from this table's pool.
                if columns[other] == nil {
                    let claimed = namespaces[numbered.table, default: ColumnNamespace()].claim(
                        CoreDataName.column(for: inverse.name))
                    columns[other] = "Z_\(numbered.number)" + claimed.dropFirst()
                }
                if !pairs.contains(where: { $0 == (other, side) || $0 == (side, other) }) { pairs.append((side, other)) }
            }
        }
        tables = pairs.compactMap { pair in
            guard let first = Self.layout(owner: pair.0, inverse: pair.1, columns: columns, numbering: numbering),
                let second = Self.layout(owner: pair.1, inverse: pair.0, columns: columns, numbering: numbering)
            else { return nil }
            let predicted = Self.predictedOwner(pair.0, pair.1, model: model) == pair.0 ? first : second
            let alternative = predicted == first ? second : first
            let chosen =
                !existingTableNames.contains(predicted.name) && existingTableNames.contains(alternative.name)
                ? alternative : predicted
            return chosen.ordered(model)
        }
    }

    /// The inverse of a stored to-many relationship when it is a stored to-many too.
    private static func manyToManyInverse(of relationship: Relationship, in model: ObjectModel) -> Relationship? {
        guard relationship.isToMany, !relationship.isTransient, let inverse = model.inverse(of: relationship),
            inverse.isToMany, !inverse.isTransient
        else { return nil }
        return inverse
    }

    /// The side Core Data meets first: the entity whose name sorts first in code units; within one entity, the
    /// relationship whose column name comes first in the slot order of the entity's stored properties.
    private static func predictedOwner(_ lhs: JoinTable.Side, _ rhs: JoinTable.Side, model: ObjectModel) -> JoinTable.Side {
        if lhs.entity != rhs.entity { return SchemaBuilder.precedes(lhs.entity, rhs.entity) ? lhs : rhs }
        guard let entity = model.entity(named: lhs.entity) else { return lhs }
        let order = PropertyHashOrder.columnOrder(of: entity, in: model)
        let (left, right) = (CoreDataName.column(for: lhs.relationship), CoreDataName.column(for: rhs.relationship))
        return (order.firstIndex(of: left) ?? 0) <= (order.firstIndex(of: right) ?? 0) ? lhs : rhs
    }

    private static func declaringEntity(of inverse: Relationship, from relationship: Relationship, in model: ObjectModel)
        -> String?
    {
        guard let destination = model.entity(named: relationship.destinationEntity) else { return nil }
        let chain = [destination] + model.ancestors(of: destination)
        return chain.first { $0.relationship(named: inverse.name) != nil }?.name
    }

    private static func layout(
        owner: JoinTable.Side, inverse: JoinTable.Side, columns: [JoinTable.Side: String], numbering: EntityNumbering
    ) -> JoinTable? {
        guard let number = numbering.number(of: owner.entity), let ownerColumn = columns[inverse],
            let targetColumn = owner == inverse ? "REFLEXIVE" : columns[owner]
        else { return nil }
        return JoinTable(
            name: "Z_\(number)\(owner.relationship.uppercased())", owner: owner, inverse: inverse,
            ownerColumn: ownerColumn, targetColumn: targetColumn)
    }
}

extension JoinTable {
    /// The table with `Z_FOK_` columns for whichever sides are ordered, in the order of the columns they order.
    fileprivate func ordered(_ model: ObjectModel) -> JoinTable {
        var copy = self
        func isOrdered(_ side: Side) -> Bool {
            model.entity(named: side.entity)?.relationship(named: side.relationship)?.isOrdered ?? false
        }
        if inverse != owner, isOrdered(inverse) { copy.orderColumns.append(Self.orderColumnName(for: ownerColumn)) }
        if isOrdered(owner) { copy.orderColumns.append(Self.orderColumnName(for: targetColumn)) }
        return copy
    }
}

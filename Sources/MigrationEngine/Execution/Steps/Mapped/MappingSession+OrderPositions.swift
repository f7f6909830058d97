import GRDB

extension MappingSession {
    /// Gives every member of an ordered to-many that no link placed its position
    /// (``OrderPositions/fillMissing(_:in:sourcePositions:)``), in the source's order where it is known.
    ///
    /// A mapping that links only the to-one side of an ordered relationship (`Note.book`, with `Book.notes`
    /// left without a value) gives no positions. Where that to-one was read from a source to-one whose inverse
    /// is ordered (`$source.book`, or a lookup through it), each member's source object held a position among
    /// its owner's in the source, and the members are numbered in that order. Where it was not (a computed
    /// value, a relationship new in the destination, a policy linking its own relationships), no order is known
    /// and members are numbered by key, as Core Data appends them in the order it fetched them.
    func fillMissingPositions() throws {
        var positions: [OrderPositions.Column: [SQLFragment]] = [:]
        for mapping in mappings where policies[mapping.index]?.customizesRelationships != true {
            guard let sourceEntity = mapping.sourceEntity, let destinationEntity = mapping.destinationEntity,
                let read = source.entities[sourceEntity.name], let made = destination.entities[destinationEntity.name]
            else { continue }
            for (relationship, value) in mapping.relationships where !relationship.isToMany {
                guard let order = made.orderColumns[relationship.name], let key = made.columns[relationship.name],
                    let lookup = try lookup(mapping, value.expression),
                    case .key(let base, let name) = lookup.from.kind, base.kind == .variable("source"),
                    read.relationships[name]?.isToMany == false, let held = read.orderColumns[name],
                    try hasMissingPositions(made, key: key, order: order)
                else { continue }
                positions[OrderPositions.Column(table: made.name.name, column: order.name), default: []].append(
                    """
                    SELECT a."destination" AS d, s.\(held) AS p FROM \(AssociationTable.table) a
                    JOIN \(read.table) s ON s.Z_PK = a."source"
                    WHERE a."mapping" = \(value: mapping.index) AND a."destinationEntity" IN (\(values: made.familyNumbers))
                    """)
            }
        }
        if !positions.isEmpty { try association.materialize() }
        try OrderPositions.fillMissing(
            db, in: destination, sourcePositions: positions.mapValues { SQLFragment.joined($0, separator: " UNION ALL ") })
    }

    /// Whether a member of `table` has an owner (`key`) and no position (`order`).
    private func hasMissingPositions(_ table: MappedEntityTable, key: SQLIdentifier, order: SQLIdentifier) throws -> Bool {
        let query: SQLFragment = "SELECT 1 FROM \(table.table) WHERE \(key) IS NOT NULL AND \(order) IS NULL LIMIT 1"
        return try Int.fetchOne(db, query.request) != nil
    }
}

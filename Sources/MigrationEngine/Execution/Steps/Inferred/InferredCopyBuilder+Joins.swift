extension InferredCopyBuilder {
    /// Fills a join table from where the source kept the links (``LinkStorage``): its join table, the key
    /// that held them when the relationship was one-to-one or one-to-many (a to-one that becomes a to-many), or
    /// a to-many's own key column when it had no inverse. A side new in the destination takes the links its
    /// inverse's source held, read from that side.
    func joinCopy(_ join: JoinTable) -> (insert: SQLFragment, orderFills: [SQLFragment])? {
        if let copy = sideCopy(join) { return copy }
        return sideCopy(
            JoinTable(
                name: join.name, owner: join.inverse, inverse: join.owner, ownerColumn: join.targetColumn,
                targetColumn: join.ownerColumn, orderColumns: join.orderColumns))
    }

    /// ``joinCopy(_:)`` from the links of the source of `join`'s owner side.
    private func sideCopy(_ join: JoinTable) -> (insert: SQLFragment, orderFills: [SQLFragment])? {
        guard let ownerMapping = mapping.entity(join.owner.entity), let ownerSource = ownerMapping.source,
            let from = source.entity(named: ownerSource),
            let relationshipName = ownerMapping.relationship(join.owner.relationship)?.source,
            let relationship = source.allRelationships(of: from).first(where: { $0.name == relationshipName }),
            let ownerTable = sourceSchema.table(for: from.name),
            let targetTable = sourceSchema.table(for: relationship.destinationEntity)
        else { return nil }
        let side = JoinTable.Side(entity: owner(of: relationshipName, in: from, model: source), relationship: relationshipName)
        var ownerValue: SQLFragment
        var targetValue: SQLFragment
        var table: String
        var filter: SQLFragment = ""
        var orders: [(column: String, value: SQLFragment)] = []
        func sourceColumn(_ name: String) -> SQLFragment { "s.\(SQLIdentifier(name))" }
        if let old = sourceSchema.joinTable(entity: side.entity, relationship: side.relationship) {
            let sideIsOwner = old.owner == side
            ownerValue = sourceColumn(sideIsOwner ? old.ownerColumn : old.targetColumn)
            targetValue = sourceColumn(sideIsOwner ? old.targetColumn : old.ownerColumn)
            table = old.name
            let inverseSide = sideIsOwner ? old.inverse : old.owner
            for (newSide, oldSide) in [(join.owner, side), (join.inverse, inverseSide)] {
                if let newColumn = join.orderColumn(ordering: newSide), let oldColumn = old.orderColumn(ordering: oldSide) {
                    orders.append((newColumn, sourceColumn(oldColumn)))
                }
            }
        } else if let links = LinkStorage(relationship, of: from, in: source, schema: sourceSchema) {
            // Any other shape (a to-one's key, a to-many's inverse key or its own key column): one link per row
            // of the table holding the key, the row on the side the key does not name.
            ownerValue = sourceColumn(links.ownerColumn)
            targetValue = sourceColumn(links.memberColumn)
            table = links.table
            let keyed = links.keyedSide == .member ? targetValue : ownerValue
            filter = " WHERE \(keyed) IS NOT NULL"
            if let key = links.keyedSide, let sourceTable = sourceSchema.tables.first(where: { $0.name == links.table }),
                let keyColumn = sourceTable.columns.first(where: { $0.name == links.column(key) }),
                case .foreignKey(let declarer, let name) = keyColumn.role,
                let order = sourceTable.column(.foreignOrder(entity: declarer, relationship: name)),
                // A to-one's own key orders its owner among its member's (the inverse side's order); an inverse's key orders
                // the member among its owner's.
                let newColumn = join.orderColumn(ordering: key == .member ? join.inverse : join.owner)
            {
                orders.append((newColumn, sourceColumn(order.name)))
            }
        } else {
            return nil
        }
        let names = ([join.ownerColumn, join.targetColumn] + orders.map(\.column)).map(SQLIdentifier.init)
        let values =
            [
                keys.reference(ownerValue, targetTable: ownerTable.name),
                keys.reference(targetValue, targetTable: targetTable.name),
            ] + orders.map(\.value)
        let insert: SQLFragment = """
            INSERT INTO \(SQLIdentifier.main).\(SQLIdentifier(join.name)) (\(names)) \
            SELECT \(SQLFragment.joined(values)) FROM \(SQLIdentifier.source).\(SQLIdentifier(table)) s\(filter)
            """
        var fills: [SQLFragment] = []
        for (ordered, group, rank) in [
            (join.owner, join.ownerColumn, join.targetColumn), (join.inverse, join.targetColumn, join.ownerColumn),
        ] {
            guard let column = join.orderColumn(ordering: ordered), !orders.contains(where: { $0.column == column }) else {
                continue
            }
            fills.append(Self.rankFill(table: join.name, column: column, group: group, rank: rank))
        }
        return (insert, fills)
    }

    /// `Z_FOK_` columns of to-one keys whose inverse becomes ordered, or that take their links from it: nothing
    /// in the source to copy. A key that keeps its source order but also takes links from its new inverse
    /// (ProtonDrive's merge, ``InferredPropertyMapping/mergesMembershipsOf``) gives the members it took a
    /// position after its owner's others, in key order: Core Data keeps every member's position filled.
    func keyOrderFills() -> [SQLFragment] {
        var fills: [SQLFragment] = []
        for table in destinationSchema.tables {
            for column in table.columns {
                guard case .foreignOrder(let declaring, let name) = column.role,
                    let key = table.column(.foreignKey(entity: declaring, relationship: name)),
                    let entityMapping = mapping.entity(declaring), let sourceName = entityMapping.source,
                    let from = source.entity(named: sourceName), let property = entityMapping.relationship(name),
                    let sourceTable = sourceSchema.table(for: sourceName)
                else { continue }
                // A to-one new in the destination has an order only where it takes its inverse's links.
                if let sourceRelationship = property.source {
                    let order = SchemaColumn.Role.foreignOrder(
                        entity: owner(of: sourceRelationship, in: from, model: source), relationship: sourceRelationship)
                    if sourceTable.column(order) != nil {
                        if property.mergesMembershipsOf != nil {
                            fills.append(Self.missingFill(table: table.name, column: column.name, group: key.name))
                        }
                        continue
                    }
                } else if property.mergesMembershipsOf == nil {
                    continue
                }
                fills.append(Self.rankFill(table: table.name, column: column.name, group: key.name, rank: "Z_PK"))
            }
        }
        return fills
    }

    /// Sets `column` where it is NULL and `group` is not: after the group's greatest position, 1024 apart, in
    /// `Z_PK` order. The positions are computed before any is written (a window over the rows to fill).
    static func missingFill(table: String, column: String, group: String) -> SQLFragment {
        let (t, c, g) = (SQLIdentifier(table), SQLIdentifier(column), SQLIdentifier(group))
        return """
            UPDATE \(SQLIdentifier.main).\(t) SET \(c) = f.position FROM (SELECT n."Z_PK" AS k, \
            (SELECT COALESCE(MAX(o.\(c)), 0) FROM \(SQLIdentifier.main).\(t) o WHERE o.\(g) = n.\(g)) \
            + 1024 * ROW_NUMBER() OVER (PARTITION BY n.\(g) ORDER BY n."Z_PK") AS position \
            FROM \(SQLIdentifier.main).\(t) n WHERE n.\(g) IS NOT NULL AND n.\(c) IS NULL) f \
            WHERE \(t)."Z_PK" = f.k
            """
    }

    /// Sets `column` to 1024 × the row's rank by `rank` among rows with the same `group` value.
    static func rankFill(table: String, column: String, group: String, rank: String) -> SQLFragment {
        let (t, c, g, r) = (SQLIdentifier(table), SQLIdentifier(column), SQLIdentifier(group), SQLIdentifier(rank))
        return """
            UPDATE \(SQLIdentifier.main).\(t) SET \(c) = 1024 * (SELECT COUNT(*) FROM \(SQLIdentifier.main).\(t) o \
            WHERE o.\(g) = \(t).\(g) AND o.\(r) <= \(t).\(r)) WHERE \(g) IS NOT NULL
            """
    }
}

extension InferredCopyBuilder {
    /// Fills a join table from the source's join table, or from the foreign key that held the links
    /// when the relationship was one-to-one or one-to-many (a to-one that becomes a to-many).
    func joinCopy(_ join: JoinTable) -> (insert: SQLFragment, orderFills: [SQLFragment])? {
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
        } else if !relationship.isToMany,
            let key = ownerTable.column(.foreignKey(entity: side.entity, relationship: side.relationship))
        {
            ownerValue = "s.\"Z_PK\""
            targetValue = sourceColumn(key.name)
            table = ownerTable.name
            filter = " WHERE \(targetValue) IS NOT NULL"
            if let newColumn = join.orderColumn(ordering: join.inverse),
                let order = ownerTable.column(.foreignOrder(entity: side.entity, relationship: side.relationship))
            {
                orders.append((newColumn, sourceColumn(order.name)))
            }
        } else if let inverse = source.inverse(of: relationship), !inverse.isToMany,
            let target = source.entity(named: relationship.destinationEntity),
            case let declarer = owner(of: inverse.name, in: target, model: source),
            let key = targetTable.column(.foreignKey(entity: declarer, relationship: inverse.name))
        {
            ownerValue = sourceColumn(key.name)
            targetValue = "s.\"Z_PK\""
            table = targetTable.name
            filter = " WHERE \(ownerValue) IS NOT NULL"
            if let newColumn = join.orderColumn(ordering: join.owner),
                let order = targetTable.column(.foreignOrder(entity: declarer, relationship: inverse.name))
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

    /// `Z_FOK_` columns of to-one keys whose inverse becomes ordered: nothing in the source to copy.
    func keyOrderFills() -> [SQLFragment] {
        var fills: [SQLFragment] = []
        for table in destinationSchema.tables {
            for column in table.columns {
                guard case .foreignOrder(let declaring, let name) = column.role,
                    let key = table.column(.foreignKey(entity: declaring, relationship: name)),
                    let entityMapping = mapping.entity(declaring), let sourceName = entityMapping.source,
                    let from = source.entity(named: sourceName),
                    let sourceRelationship = entityMapping.relationship(name)?.source,
                    let sourceTable = sourceSchema.table(for: sourceName),
                    sourceTable.column(
                        .foreignOrder(
                            entity: owner(of: sourceRelationship, in: from, model: source),
                            relationship: sourceRelationship)) == nil
                else { continue }
                fills.append(Self.rankFill(table: table.name, column: column.name, group: key.name, rank: "Z_PK"))
            }
        }
        return fills
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

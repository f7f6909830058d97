import GRDB

extension SchemaConformance {
    /// Every member of an ordered to-many has its position: a to-one key set beside an empty `Z_FOK_` column,
    /// or a join-table row with one, is an object whose place in the order was lost (Core Data fills the
    /// column of every member it saves; every store in the corpus has them all).
    func checkPositions(_ db: Database, _ schema: StoreSchema) throws {
        for table in schema.tables {
            for column in table.columns {
                guard case .foreignOrder(let entity, let name) = column.role,
                    let key = table.column(.foreignKey(entity: entity, relationship: name))
                else { continue }
                let toOne = model.entity(named: entity)?.relationship(named: name)
                let ordered = toOne.flatMap { one in model.inverse(of: one).map { "\(one.destinationEntity).\($0.name)" } }
                try checkPositions(
                    db, table: table.name, member: key.name, order: column.name,
                    what: ordered ?? "\(entity).\(name)'s inverse")
            }
        }
        for join in schema.joinTables {
            let existing = Set(try db.columnNames(in: join.name))
            for (side, member) in [(join.owner, join.targetColumn), (join.inverse, join.ownerColumn)] {
                guard let order = join.orderColumn(ordering: side), existing.contains(order) else { continue }
                try checkPositions(
                    db, table: join.name, member: member, order: order, what: "\(side.entity).\(side.relationship)")
            }
        }
    }

    private func checkPositions(_ db: Database, table: String, member: String, order: String, what: String) throws {
        let count: SQLFragment = """
            SELECT COUNT(*) FROM \(SQLIdentifier(table)) WHERE \(SQLIdentifier(member)) IS NOT NULL \
            AND \(SQLIdentifier(order)) IS NULL
            """
        let unplaced = try Int.fetchOne(db, count.request) ?? 0
        if unplaced > 0 {
            try problems.report(
                problem("\(unplaced) member(s) of the ordered relationship \(what) have no position (\(table).\(order))"))
        }
    }
}

import GRDB

/// Stage 1 in SQL for mappings that only copy (every attribute `$source.<same type>`, a constant or the
/// default; no filter, merge key or policy; source keys kept): `INSERT … SELECT` by ranges of `Z_PK`,
/// recording the associations the same way, instead of evaluating one object at a time.
struct BulkEntityCopier {
    let session: MappingSession

    /// Copies `mapping`'s objects; `false` when the mapping needs the per-object path.
    func copy(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws -> Bool {
        guard session.policies[mapping.index] == nil, mapping.mapping.filter == nil, mapping.mapping.mergeKey == nil,
            session.keyPreserving.contains(mapping.index), let sourceEntity = mapping.sourceEntity,
            let destinationEntity = mapping.destinationEntity, let from = session.source.entities[sourceEntity.name],
            let to = session.destination.entities[destinationEntity.name],
            let values = try selections(mapping, from: from, to: to)
        else { return false }
        let columns =
            [SQLIdentifier.primaryKey, SQLIdentifier.entityNumber, SQLIdentifier.saveCounter]
            + to.storedAttributes.compactMap { to.columns[$0.name] }
        // The range is bound per batch, by name, after the statement's own values.
        let range: SQLFragment = "WHERE s.Z_ENT = \(value: from.number) AND s.Z_PK > :low AND s.Z_PK <= :high"
        let selected = ["s.Z_PK", "\(value: to.number)", "1"] + values
        let insertion: SQLFragment = """
            INSERT INTO \(to.table) (\(columns))
            SELECT \(SQLFragment.joined(selected)) FROM \(from.table) s \(range)
            """
        let association: SQLFragment = """
            INSERT INTO \(AssociationTable.table) SELECT \(value: mapping.index), s.Z_PK, s.Z_PK, \(value: to.number) \
            FROM \(from.table) s \(range)
            """
        let db = session.db
        let insert = try db.makeStatement(insertion)
        let associate = try db.makeStatement(association)
        let count: SQLFragment = "SELECT COUNT(*) FROM \(from.table) WHERE Z_ENT = \(value: from.number)"
        let total = try Int.fetchOne(db, count.request) ?? 0
        let maximum: SQLFragment = "SELECT IFNULL(MAX(Z_PK), 0) FROM \(from.table)"
        let highest = try Int64.fetchOne(db, maximum.request) ?? 0
        let step = Int64(max(batchSize, 1) * 25)
        var low: Int64 = Int64.min
        var done = 0
        context.report(.entityProgress(index: context.index, entity: mapping.mapping.name, done: 0, total: total))
        while low < highest {
            try context.checkCancelled()
            let high = low == Int64.min ? min(highest, step) : min(highest, low + step)
            try db.inTransaction {
                let bounds: StatementArguments = ["low": low, "high": high]
                try insert.execute(arguments: insertion.statementArguments + bounds)
                done += db.changesCount
                try associate.execute(arguments: association.statementArguments + bounds)
                return .commit
            }
            low = high
            context.report(.entityProgress(index: context.index, entity: mapping.mapping.name, done: done, total: total))
        }
        return true
    }

    /// The SQL giving each stored destination attribute (constants bound), or `nil` when one needs an
    /// expression evaluated.
    private func selections(_ mapping: ResolvedEntityMapping, from: MappedEntityTable, to: MappedEntityTable) throws
        -> [SQLFragment]?
    {
        var result: [SQLFragment] = []
        for attribute in to.storedAttributes {
            let value = mapping.attributes.first { $0.attribute.name == attribute.name }?.value
            switch value?.expression.kind {
            case .key(let base, let name)? where base.kind == .variable("source"):
                guard let source = from.attributes[name], let column = from.columns[name],
                    Self.sameStorage(source.type, attribute.type)
                else { return nil }
                result.append("s.\(column)")
            case .literal(let constant)?:
                result.append("\(value: ColumnValueCoding.write(try ValueCoercion.coerce(constant, to: attribute.type)))")
            case nil:
                result.append("\(value: to.defaults[attribute.name] ?? .null)")
            default:
                return nil
            }
        }
        return result
    }

    /// Whether a stored value of type `a` is already what an attribute of type `b` stores.
    static func sameStorage(_ a: AttributeType, _ b: AttributeType) -> Bool {
        let integers: Set<AttributeType> = [.integer16, .integer32, .integer64]
        let reals: Set<AttributeType> = [.double, .float]
        return a == b || (integers.contains(a) && integers.contains(b)) || (reals.contains(a) && reals.contains(b))
    }
}

import GRDB

/// Counts, in a store at a step's source version, the objects that break the step's ``StoreCondition``s.
package enum StoreConditionCounter {
    /// `conditions` with ``StoreCondition/count`` set from the store at `storePath` (opened read-only).
    package static func count(
        _ conditions: [StoreCondition], sourceModel: ObjectModel, storePath: String
    ) throws(StoreWriteError) -> [StoreCondition] {
        guard !conditions.isEmpty else { return [] }
        return try DataLossCounter.read(storePath, at: sourceModel, failure: "cannot check objects") { db, schema in
            try count(conditions, sourceModel: sourceModel, schema: schema, in: db)
        }
    }

    /// `conditions` with ``StoreCondition/count`` set from `db`, a store laid out as `schema`; a condition the
    /// schema has no table or column for keeps a `nil` count.
    package static func count(
        _ conditions: [StoreCondition], sourceModel: ObjectModel, schema: StoreSchema, in db: Database
    ) throws -> [StoreCondition] {
        try conditions.map { condition in
            var condition = condition
            if let query = query(condition, model: sourceModel, schema: schema) {
                condition.count = try Int.fetchOne(db, query.request) ?? 0
            }
            return condition
        }
    }

    /// The objects of the source entity itself (its sub-entities have conditions of their own), without a
    /// value where one must be.
    private static func query(_ condition: StoreCondition, model: ObjectModel, schema: StoreSchema) -> SQLFragment? {
        guard let entity = model.entity(named: condition.sourceEntity), let table = schema.table(for: entity.name),
            let number = schema.entity(named: entity.name)?.number
        else { return nil }
        let own: SQLFragment =
            "SELECT COUNT(*) FROM \(SQLIdentifier(table.name)) WHERE \(SQLIdentifier.entityNumber) = \(value: number)"
        switch condition.kind {
        case .noObjects:
            return own
        case .everyObjectHasValue:
            guard let property = condition.sourceProperty,
                let column = DataLossCounter.column(
                    of: property, declaredBy: model.declaringEntity(of: property, from: entity), in: table)
            else { return nil }
            return "\(own) AND \(SQLIdentifier(column.name)) IS NULL"
        }
    }
}

/// The set-based SQL that copies a source store's rows into a freshly created destination store
/// attached as `main`, with the source attached as `src`: one `INSERT … SELECT` per entity (run in
/// `Z_PK` ranges) and one per join table.
struct InferredCopyPlan: Sendable {
    /// Copies the objects of one source entity into one destination entity.
    struct EntityCopy: Sendable {
        /// The destination entity, for progress.
        var destinationEntity: String
        /// The source table read.
        var sourceTable: String
        /// The source entity number selected.
        var sourceNumber: Int
        /// The statement, with its own values (defaults, entity numbers) bound; `:low` and `:high` bound per
        /// batch give the `Z_PK` range (exclusive, inclusive).
        var sql: SQLFragment
    }

    let entityCopies: [EntityCopy]
    let joinCopies: [SQLFragment]
    /// Order keys (`Z_FOK_…`) for relationships that become ordered: rank in `Z_PK` order, times 1024.
    let orderFills: [SQLFragment]

    init(
        mapping: InferredMapping, source: ObjectModel, destination: ObjectModel,
        sourceSchema: StoreSchema, destinationSchema: StoreSchema, keys: KeyRemapping
    ) {
        let builder = InferredCopyBuilder(
            mapping: mapping, source: source, destination: destination,
            sourceSchema: sourceSchema, destinationSchema: destinationSchema, keys: keys)
        entityCopies = mapping.entities.compactMap(builder.entityCopy)
        var joins: [SQLFragment] = []
        var fills: [SQLFragment] = []
        for join in destinationSchema.joinTables {
            guard let copy = builder.joinCopy(join) else { continue }
            joins.append(copy.insert)
            fills += copy.orderFills
        }
        joinCopies = joins
        orderFills = builder.keyOrderFills() + fills
    }
}

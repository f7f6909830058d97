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
        /// The destination table written.
        var destinationTable: String
        /// The entity number every row written carries (a constant of the statement).
        var destinationNumber: Int
        /// Added to each row's `Z_PK` (0 when keys are kept; see ``KeyRemapping``).
        var keyShift: Int
        /// Destination columns the statement fills with a value that cannot be NULL: a default given as a
        /// constant, alone or as the fallback of `COALESCE`.
        var filledColumns: Set<String>
        /// The statement, with its own values (defaults, entity numbers) bound; `:low` and `:high` bound per
        /// batch give the `Z_PK` range (exclusive, inclusive).
        var sql: SQLFragment
    }

    let entityCopies: [EntityCopy]
    let joinCopies: [SQLFragment]
    /// Order keys (`Z_FOK_…`) for relationships that become ordered: rank in `Z_PK` order, times 1024.
    let orderFills: [SQLFragment]
    /// The check, once every row is written, that every kept relationship kept its links and orders.
    let links: InferredLinkCheck

    /// The tables of `written` (rows per table and entity number, as the entity copies inserted them) whose
    /// rows the copies alone make certain to hold only their table's entity numbers and every required column
    /// filled (see ``WrittenRows``): each copy writes its entity number as a constant, and each copy into the
    /// table fills every required column of its entity with a constant default. A table with a required
    /// column some copy takes from its source is left for validation to read, since the source may leave it
    /// empty; so is every table when derived attributes are filled after the copy.
    func certainTables(_ written: [String: [Int: Int]], model: ObjectModel, schema: StoreSchema) -> [String: [Int: Int]] {
        guard schema.derivedValueStatements.isEmpty else { return [:] }
        return written.filter { name, _ in
            guard let table = schema.tables.first(where: { $0.name == name }) else { return false }
            let required = SchemaConformance.requiredColumns(of: table, in: model)
            return entityCopies.filter { $0.destinationTable == name }.allSatisfy { copy in
                guard let entity = model.entity(named: copy.destinationEntity) else { return false }
                let chain = Set(([entity] + model.ancestors(of: entity)).map(\.name))
                return required.allSatisfy { !chain.contains($0.entity) || copy.filledColumns.contains($0.column) }
            }
        }
    }

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
        links = InferredLinkCheck(builder)
    }
}

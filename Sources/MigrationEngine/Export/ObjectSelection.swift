import GRDB

/// Which of an entity's objects are read, and in what order, for a ``RowQuery``: the browser's pages and the
/// export of what they show select by this one value, so an export writes the rows the screen matched, in
/// the screen's order.
///
/// SQLite applies the search, the keys and the part of a predicate it can answer (``RowPrefilter``); the
/// predicate itself is evaluated on each object as `rows --where` evaluates it, over every value whole.
struct ObjectSelection {
    /// The condition on the entity's table, nil for every object.
    let condition: SQLFragment?
    /// The `ORDER BY` terms, last `Z_PK`.
    let order: [SQLFragment]
    /// The predicate, evaluated per object.
    private let filter: RowFilter?
    private let related: RelatedObjectValues
    private let store: String

    /// Whether objects must be read with the values an expression sees (a predicate evaluates them).
    var needsExpressionValues: Bool { filter != nil }

    /// The selection `query` makes of `reader`'s objects in `source`; `order`, the `ORDER BY` terms of
    /// attributes named by the user (`rows`' order), replaces the query's sort column, `Z_PK` last.
    ///
    /// - Throws: ``ExportError`` for an invalid predicate or a sort column the entity's table does not have.
    init(
        _ query: RowQuery, reader: ObjectRowReader, source: StoreObjectSource, db: Database, order: [SQLFragment]? = nil
    ) throws {
        store = source.store
        let declared = try db.declaredColumns(in: reader.layout.table)
        if let sort = query.sortColumn, !declared.contains(where: { $0.name == sort }) {
            throw ExportError(
                store: store, message: "\(reader.layout.entity) has no column \(sort) to sort by", category: .invalidInput)
        }
        filter = try query.predicate.map { try RowFilter($0, store: source.store) }
        // The search looks in what the browser shows of the entity: its own columns, not its sub-entities'.
        let shown = try query.search.map { _ in
            try EntityColumns(
                source.reader(entity: reader.layout.entity, includingSubentities: false).layout)
        }
        let entities = reader.layout.numbers.map { (number: $0, name: source.names[$0] ?? reader.layout.entity) }
        var conditions = query.conditions(
            searching: declared, shown: shown, entity: reader.layout.entity, entities: entities, db: db)
        if let key = query.primaryKey { conditions.append("\(SQLIdentifier.primaryKey) = \(value: key)") }
        if let filter, let prefilter = RowPrefilter.condition(for: filter.expression.expression, layout: reader.layout) {
            conditions.append(prefilter)
        }
        condition = conditions.isEmpty ? nil : SQLFragment.joined(conditions, separator: " AND ")
        self.order = order.map { $0 + ["\(SQLIdentifier.primaryKey)"] } ?? query.orderTerms(descending: query.descending)
        related = RelatedObjectValues(source: source, db: db)
    }

    /// Whether `object`, read with `values` (as an expression sees them), is selected: SQLite already kept
    /// it, so only a predicate is left to decide.
    ///
    /// - Throws: ``ExportError`` when the predicate fails on the object.
    func keeps(_ object: ExportedObject, values: [String: ExpressionValue]) throws -> Bool {
        guard let filter else { return true }
        return try filter.matches(object, values: values, related: related, store: store)
    }
}

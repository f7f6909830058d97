import GRDB

extension MigrationProject {
    /// A page of one entity's objects (with its sub-entities'), rendered as `export` renders them; with
    /// `filter`, only those for which the query is true, in `order` (then primary-key order).
    ///
    /// The query is the mapping expression language with `NSPredicate`'s comparisons (`CONTAINS`,
    /// `BEGINSWITH`, `ENDSWITH`, `LIKE`, `IN`, `BETWEEN`, `[c]`/`[d]`/`[cd]`, `ANY`/`ALL`/`NONE`), bare names
    /// being keys of the object and key paths following relationships (`author.name`, `entries.@count`). It is
    /// evaluated in Swift, object by object, so only the page is held in memory; its top-level `AND` terms
    /// comparing a number, date or Boolean attribute with a constant are also given to SQLite
    /// (``RowPrefilter``), so rows that cannot match are not read.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file; only read.
    ///   - entity: The entity whose objects are listed, with its sub-entities'.
    ///   - filter: A query over the object's values; nil for every object.
    ///   - order: Attributes (or `_pk`) to order by, first key first; empty for primary-key order.
    ///   - columns: The fields to keep, in this order (`_uri`, `_entity`, `_pk` or property names); nil for all.
    ///   - offset: How many objects (matching `filter`) to skip first; negative counts as 0.
    ///   - limit: The most objects returned; 0 or less returns only the field names.
    ///   - rawValues: Whether Binary and Transformable values are base64 even when they hold a keyed archive
    ///     or a property list (which are otherwise decoded, as `export` decodes them).
    /// - Returns: The field names and up to `limit` objects.
    /// - Throws: ``ExportError`` for an unknown entity, order key or column, or an invalid or failing query
    ///   (naming the query and the position or object); ``StoreError`` for an unreadable store.
    public func rows(
        store: String, entity: String, where filter: String? = nil, order: [RowOrder] = [], columns: [String]? = nil,
        offset: Int = 0, limit: Int = 50, rawValues: Bool = false
    ) throws -> RowPage {
        let condition = try filter.map { try RowFilter($0, store: store) }
        return try StoreObjectSource.read(store, bundle: bundle) { source, db in
            let reader = try source.reader(entity: entity, includingSubentities: true, rawValues: rawValues)
            let sort = try order.map { try Self.orderTerm($0, layout: reader.layout, store: store) }
            let fields = reader.layout.fieldNames
            let chosen = try Self.columns(columns ?? fields, of: fields, entity: entity, store: store)
            var page: [ExportedObject] = []
            let keep = { (object: ExportedObject) in
                page.append(
                    ExportedObject(
                        entity: object.entity, primaryKey: object.primaryKey, fields: chosen.map { fields[$0] },
                        values: chosen.map { object.values[$0] }))
            }
            guard limit > 0 else { return RowPage(fields: chosen.map { fields[$0] }, objects: page) }
            guard let condition else {
                try reader.read(db, page: (limit, max(0, offset)), order: sort) { object, _ in
                    keep(object)
                    return true
                }
                return RowPage(fields: chosen.map { fields[$0] }, objects: page)
            }
            let related = RelatedObjectValues(source: source, db: db)
            var skipped = 0
            let prefilter = RowPrefilter.condition(for: condition.expression.expression, layout: reader.layout)
            try reader.read(db, where: prefilter, order: sort, expressionValues: true) { object, values in
                guard try condition.matches(object, values: values, related: related, store: store) else { return true }
                if skipped < max(0, offset) {
                    skipped += 1
                } else {
                    keep(object)
                }
                return page.count < limit
            }
            return RowPage(fields: chosen.map { fields[$0] }, objects: page)
        }
    }

    /// Whether `text` is a query rather than text to look for: it parses, says more than a bare name or a
    /// value, and reads the object (`mood > 3`, `title CONTAINS "x"`, not `swift`, `Entry 7`, nor a date as
    /// the browser shows it, `2016-02-21`, which parses as a subtraction of constants).
    ///
    /// - Parameter text: What was typed.
    /// - Returns: Whether `rows`' `where` should evaluate it.
    package static func isQuery(_ text: String) -> Bool {
        guard let expression = try? ExpressionParser.parse(text, bareKeysOf: "object") else { return false }
        switch expression.kind {
        case .literal, .variable, .key: return false
        default: return readsObject(expression)
        }
    }

    /// Whether `expression` names a key or a variable anywhere (its depth is bounded by the parser).
    private static func readsObject(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .key, .variable: true
        default: expression.kind.children.contains(where: readsObject)
        }
    }

    /// The `ORDER BY` term for `order`: the attribute's column, or `Z_PK`.
    static func orderTerm(_ order: RowOrder, layout: EntityExportLayout, store: String) throws(ExportError)
        -> SQLFragment
    {
        let direction: SQLFragment = order.descending ? " DESC" : ""
        if order.key == "_pk" { return "\(SQLIdentifier.primaryKey)\(direction)" }
        guard let column = layout.attributes.first(where: { $0.attribute.name == order.key }) else {
            let known = layout.attributes.map(\.attribute.name).joined(separator: ", ")
            throw ExportError(
                store: store,
                message: "cannot order \(layout.entity) by \"\(order.key)\": no such attribute (attributes: \(known))",
                category: .invalidInput)
        }
        return "\(SQLIdentifier(column.column))\(direction)"
    }

    /// The indices in `fields` of the `wanted` names, in the order wanted.
    private static func columns(_ wanted: [String], of fields: [String], entity: String, store: String) throws(ExportError)
        -> [Int]
    {
        var indices: [Int] = []
        for name in wanted {
            guard let index = fields.firstIndex(of: name) else {
                throw ExportError(
                    store: store,
                    message: "\(entity) has no field \"\(name)\" to show (fields: \(fields.joined(separator: ", ")))",
                    category: .invalidInput)
            }
            indices.append(index)
        }
        return indices
    }
}

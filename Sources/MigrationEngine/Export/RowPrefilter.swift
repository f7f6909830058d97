/// The part of a `rows` query SQLite can answer before a row is read into Swift: the query's top-level `AND`
/// terms that compare one of the object's own number, date or Boolean attributes with a constant
/// (`mood > 3`, `created < DATE("2024-01-01")`, `kind IN {1, 2}`, `mood BETWEEN {2, 4}`, `favorite == YES`),
/// and any attribute with `nil`.
///
/// Each term keeps exactly the rows the evaluator would find true: a row whose column holds another storage
/// class than the attribute's type gives (text in a number column) is let through, for the evaluator to
/// decide; `nil` is answered as the evaluator answers it. The whole query is still evaluated on every row
/// let through, so the prefilter only saves reading and rendering rows that cannot match. Constants are bound
/// values; the columns are the layout's, quoted.
enum RowPrefilter {
    /// The SQL condition, or nil when no term can be answered by SQLite.
    static func condition(for expression: Expression, layout: EntityExportLayout) -> SQLFragment? {
        let terms = conjuncts(expression).compactMap { term($0, layout) }
        return terms.isEmpty ? nil : SQLFragment.joined(terms, separator: " AND ")
    }

    /// The operands of top-level `&&`s, left to right; the parser bounds the depth.
    private static func conjuncts(_ expression: Expression) -> [Expression] {
        guard case .binary(.and, let lhs, let rhs) = expression.kind else { return [expression] }
        return conjuncts(lhs) + conjuncts(rhs)
    }

    private static func term(_ expression: Expression, _ layout: EntityExportLayout) -> SQLFragment? {
        switch expression.kind {
        case .binary(let op, let lhs, let rhs):
            if let column = attribute(lhs, layout), case .literal(let value) = rhs.kind {
                return compare(op, column, value)
            }
            if let column = attribute(rhs, layout), case .literal(let value) = lhs.kind, let flipped = op.flipped {
                return compare(flipped, column, value)
            }
            return nil
        case .comparison(let predicate, let lhs, let rhs)
        where predicate.quantifier == nil && !predicate.caseInsensitive && !predicate.diacriticInsensitive:
            guard let column = attribute(lhs, layout), case .list(let items) = rhs.kind else { return nil }
            let values = items.compactMap { item -> ExpressionValue? in
                guard case .literal(let value) = item.kind, column.accepts(value) else { return nil }
                return value
            }
            // A Boolean column holds any number the evaluator reads as true; only == and != say so exactly.
            guard values.count == items.count, !values.isEmpty, column.type != .boolean else { return nil }
            let bound = values.compactMap(number)
            switch predicate.op {
            case .in: return column.guarded("\(column.name) IN (\(values: bound))", whenNull: false)
            case .between where bound.count == 2:
                return column.guarded("\(column.name) BETWEEN \(value: bound[0]) AND \(value: bound[1])", whenNull: false)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func compare(_ op: BinaryOperator, _ column: Column, _ value: ExpressionValue) -> SQLFragment? {
        if value == .null {
            switch op {
            case .equal: return "\(column.name) IS NULL"
            case .notEqual: return "\(column.name) IS NOT NULL"
            default: return nil
            }
        }
        guard column.accepts(value), let number = number(value) else { return nil }
        if column.type == .boolean {
            // The evaluator reads any non-zero number as true.
            let truth: SQLFragment = number != 0 ? "\(column.name) <> 0" : "\(column.name) = 0"
            switch op {
            case .equal: return column.guarded(truth, whenNull: false)
            case .notEqual: return column.guarded("NOT (\(truth))", whenNull: true)
            default: return nil
            }
        }
        let symbol: SQLFragment
        switch op {
        case .equal: symbol = "="
        case .notEqual: symbol = "<>"
        case .less: symbol = "<"
        case .lessOrEqual: symbol = "<="
        case .greater: symbol = ">"
        case .greaterOrEqual: symbol = ">="
        default: return nil
        }
        return column.guarded("\(column.name) \(symbol) \(value: number)", whenNull: op == .notEqual)
    }

    /// A constant as SQLite compares it with the column: a number, or a date's seconds since 2001.
    private static func number(_ value: ExpressionValue) -> Double? {
        if case .date(let seconds) = value { return seconds }
        return value.numeric
    }

    /// `$object.<attribute>` (or a bare key) of a number, date or Boolean attribute, or of any attribute
    /// for a comparison with `nil`.
    private static func attribute(_ expression: Expression, _ layout: EntityExportLayout) -> Column? {
        guard case .key(let base, let name) = expression.kind,
            base.kind == .variable("object") || base.kind == .variable("source"),
            let found = layout.attributes.first(where: { $0.attribute.name == name })
        else { return nil }
        return Column(name: SQLIdentifier(found.column), type: found.attribute.type)
    }

    private struct Column {
        let name: SQLIdentifier
        let type: AttributeType

        /// Whether a constant compares with this column in SQL exactly as the evaluator compares it with
        /// the value read: numbers (within `Double`'s exact integers) with numbers, dates with dates,
        /// Booleans with Booleans or numbers.
        func accepts(_ value: ExpressionValue) -> Bool {
            switch (type, value) {
            case (.integer16, .integer(let n)), (.integer32, .integer(let n)), (.integer64, .integer(let n)),
                (.double, .integer(let n)), (.float, .integer(let n)):
                return n.magnitude < 1 << 53
            case (.integer16, .double(let d)), (.integer32, .double(let d)), (.integer64, .double(let d)),
                (.double, .double(let d)), (.float, .double(let d)):
                return d.isFinite && d.magnitude < 0x1p53
            case (.date, .date(let d)): return d.isFinite
            case (.boolean, .bool): return true
            case (.boolean, .integer(let n)): return n == 0 || n == 1
            default: return false
            }
        }

        /// `condition` where the column holds the storage class the attribute's type is read from, `whenNull`
        /// where it is NULL, and true (left to the evaluator) for any other storage class.
        func guarded(_ condition: SQLFragment, whenNull: Bool) -> SQLFragment {
            let expected: SQLFragment =
                type == .integer16 || type == .integer32 || type == .integer64
                ? "'integer'" : "'integer', 'real'"
            let null: SQLFragment = whenNull ? "1" : "0"
            return """
                (CASE WHEN typeof(\(name)) IN (\(expected)) THEN \(condition) WHEN \(name) IS NULL THEN \(null) ELSE 1 END)
                """
        }
    }
}

extension BinaryOperator {
    /// The operator with its operands swapped (`3 < x` is `x > 3`); nil for operators that are not comparisons.
    fileprivate var flipped: BinaryOperator? {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: nil
        }
    }
}

/// Compiles mapping expressions to SQL over one source row (`$source`), for the set-based mapped step.
///
/// A node is compiled natively only where SQLite gives exactly the evaluator's result for the node's kinds
/// (`IS NULL`, numeric comparisons, Boolean logic in the evaluator's order, `CASE`, string concatenation);
/// string functions, Swift string comparison, checked arithmetic, registered functions and coercions call
/// the evaluator's own code through ``ExpressionSQLBridge``. Stored values read with a kind other than the
/// one the attribute's type gives, and every error the evaluator would raise, stop the statement so that the
/// evaluator maps the rows instead. What cannot be compiled at all (relationships, `FUNCTION`, lists,
/// `NSPredicate` comparisons, variables other than `$source`) gives `nil`: the mapping then runs row by row.
struct ExpressionSQLCompiler {
    /// `$source.<key>` as a qualified column and the attribute's type; `nil` when `key` is no stored attribute.
    var sourceAttribute: (String) -> (column: SQLFragment, type: AttributeType)?
    /// The functions the mapping's expressions may call.
    var functions: ExpressionFunctions
    /// Where Swift call sites are registered.
    let bridge: ExpressionSQLBridge
    /// When set, stored columns are read without their inline storage-class guard and each one read is noted
    /// here: the statement then checks them all with one call per row (``ExpressionSQLBridge/rowGuard(_:)``),
    /// which costs less than a `CASE typeof(…)` per read.
    var reads: ColumnReads? = nil

    /// The stored columns an expression reads, each with the kind it is read as, in order of first read.
    final class ColumnReads {
        private(set) var columns: [(column: SQLFragment, kind: SQLValueKind)] = []
        private var seen: Set<String> = []

        func note(_ column: SQLFragment, as kind: SQLValueKind) {
            if seen.insert(column.sql).inserted { columns.append((column, kind)) }
        }
    }

    /// SQL giving the expression's value, with its kind, or `nil` when it cannot be compiled exactly.
    func compile(_ expression: Expression) -> CompiledExpression? {
        guard expression.height <= Expression.maximumDepth else { return nil }
        switch expression.kind {
        case .literal(let value):
            return literal(value)
        case .key(let base, let name):
            guard base.kind == .variable("source"), let found = sourceAttribute(name),
                let kind = SQLValueKind(reading: found.type)
            else { return nil }
            return CompiledExpression(sql: read(found.column, as: kind), kind: kind)
        case .unary(.not, let operand):
            return truth(operand).map { CompiledExpression(sql: "(NOT \($0))", kind: .bool) }
        case .unary(.negate, let operand):
            guard let value = compile(operand), [.null, .integer, .double].contains(value.kind) else { return nil }
            return bridged(
                [value], result: value.kind, { try ExpressionOperators.apply(.subtract, .integer(0), $0[0]) })
        case .binary(.and, let lhs, let rhs):
            // CASE keeps the evaluator's order: the right side is read only when the left is true.
            guard let a = truth(lhs), let b = truth(rhs) else { return nil }
            return CompiledExpression(sql: "(CASE WHEN \(a) THEN \(b) ELSE 0 END)", kind: .bool)
        case .binary(.or, let lhs, let rhs):
            guard let a = truth(lhs), let b = truth(rhs) else { return nil }
            return CompiledExpression(sql: "(CASE WHEN \(a) THEN 1 ELSE \(b) END)", kind: .bool)
        case .binary(let op, let lhs, let rhs):
            guard let a = compile(lhs), let b = compile(rhs) else { return nil }
            switch op {
            case .equal: return equality(a, b, lhs, rhs)
            case .notEqual: return equality(a, b, lhs, rhs).map { CompiledExpression(sql: "(NOT \($0.sql))", kind: .bool) }
            case .less, .lessOrEqual, .greater, .greaterOrEqual: return comparison(op, a, b)
            default: return arithmetic(op, a, b)
            }
        case .conditional(let condition, let whenTrue, let whenFalse):
            guard let test = truth(condition), let a = compile(whenTrue), let b = compile(whenFalse),
                let kind = Self.common([a.kind, b.kind])
            else { return nil }
            return CompiledExpression(sql: "(CASE WHEN \(test) THEN \(a.sql) ELSE \(b.sql) END)", kind: kind)
        case .call(let name, let arguments):
            guard let function = functions.function(named: name), function.arity.contains(arguments.count) else {
                return nil
            }
            let values = arguments.compactMap(compile)
            guard values.count == arguments.count,
                let kind = Self.resultKind(of: function.name.lowercased(), values.map(\.kind))
            else { return nil }
            return bridged(values, result: kind, keepsVisibleASCII: function.keepsVisibleASCII) {
                try ExpressionEvaluator.call(function, $0)
            }
        case .variable, .function, .list, .comparison:
            return nil
        }
    }

    /// SQL that is `1` where the evaluator finds the expression true (``ExpressionEvaluator/truth(_:_:)``)
    /// and `0` otherwise.
    func truth(_ expression: Expression) -> SQLFragment? {
        guard let value = compile(expression) else { return nil }
        switch value.kind {
        case .null, .bool, .integer, .double: return "COALESCE(\(value.sql) <> 0, 0)"
        case .string, .date, .uuid, .data: return nil
        }
    }

    /// SQL giving what the row-by-row insert stores for the expression's value in an attribute of `type`
    /// (``ValueCoercion`` then ``ColumnValueCoding/write(_:)``).
    func stored(_ expression: Expression, as type: AttributeType) -> SQLFragment? {
        guard let value = compile(expression) else { return nil }
        switch (value.kind, type) {
        case (.null, _): return value.sql
        case (.integer, .integer16), (.integer, .integer32), (.integer, .integer64), (.bool, .boolean),
            (.bool, .integer16), (.bool, .integer32), (.bool, .integer64), (.double, .double), (.double, .float),
            (.double, .decimal), (.string, .string), (.string, .uri), (.date, .date), (.uuid, .uuid), (.data, .binary),
            (.data, .transformable), (.data, .objectID), (.data, .composite), (.data, .undefined):
            return value.sql
        case (.integer, .double), (.integer, .float), (.integer, .decimal):
            return "CAST(\(value.sql) AS REAL)"
        case (.integer, .boolean):
            return "(\(value.sql) <> 0)"
        default:
            return bridged([value], result: nil) { try ValueCoercion.coerce($0[0], to: type) }?.sql
        }
    }

    /// SQL giving the merge-table key of the expression's value (``ColumnValueCoding/mergeKey(_:)``), `NULL`
    /// for `nil` (no merge).
    func mergeKey(_ expression: Expression) -> SQLFragment? {
        guard let value = compile(expression) else { return nil }
        switch value.kind {
        case .string: return "(\(value: "string:") || \(value.sql))"
        case .integer: return "(\(value: "integer:") || \(value.sql))"
        default:
            return bridged([value], result: .string) { $0[0].isNull ? .null : .string(ColumnValueCoding.mergeKey($0[0])) }?
                .sql
        }
    }
}

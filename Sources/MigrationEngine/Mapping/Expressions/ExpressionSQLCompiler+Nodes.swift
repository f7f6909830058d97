import GRDB

extension ExpressionSQLCompiler {
    /// A constant, bound.
    func literal(_ value: ExpressionValue) -> CompiledExpression? {
        switch value {
        case .null: return CompiledExpression(sql: "NULL", kind: .null)
        case .bool(let flag): return CompiledExpression(sql: "\(value: flag ? 1 : 0)", kind: .bool)
        case .integer(let number): return CompiledExpression(sql: "\(value: number)", kind: .integer)
        case .double(let number): return CompiledExpression(sql: "\(value: number)", kind: .double)
        case .string(let text) where !text.utf8.contains(0): return CompiledExpression(sql: "\(value: text)", kind: .string)
        case .date(let seconds): return CompiledExpression(sql: "\(value: seconds)", kind: .date)
        case .uuid: return CompiledExpression(sql: "\(value: ColumnValueCoding.write(value))", kind: .uuid)
        case .data(let bytes): return CompiledExpression(sql: "\(value: bytes)", kind: .data)
        default: return nil
        }
    }

    /// A stored column read as `kind`, as ``ColumnValueCoding/read(_:as:)`` reads it; any other storage
    /// (text in an integer column, a blob) leaves the rows to the evaluator. With ``reads`` set, the check is
    /// left to the statement's row guard, and the SQL is what the guarded form gives for every storage class
    /// the guard lets through (``ExpressionSQLBridge/reads(_:as:)``).
    func read(_ column: SQLFragment, as kind: SQLValueKind) -> SQLFragment {
        if let reads, kind != .null {
            reads.note(column, as: kind)
            switch kind {
            case .integer, .string, .uuid, .data, .null: return column
            case .double, .date: return "CAST(\(column) AS REAL)"
            case .bool: return "(\(column) <> 0)"
            }
        }
        let other: SQLFragment = "WHEN 'null' THEN NULL ELSE \(ExpressionSQLBridge.evaluator) END"
        switch kind {
        case .integer: return "(CASE typeof(\(column)) WHEN 'integer' THEN \(column) \(other))"
        case .double, .date:
            return "(CASE typeof(\(column)) WHEN 'real' THEN \(column) WHEN 'integer' THEN CAST(\(column) AS REAL) \(other))"
        case .bool: return "(CASE typeof(\(column)) WHEN 'integer' THEN \(column) <> 0 WHEN 'real' THEN \(column) <> 0 \(other))"
        case .string: return "(CASE typeof(\(column)) WHEN 'text' THEN \(column) \(other))"
        case .uuid:
            let ok: SQLFragment = "(CASE WHEN length(\(column)) = 16 THEN \(column) ELSE \(ExpressionSQLBridge.evaluator) END)"
            return "(CASE typeof(\(column)) WHEN 'blob' THEN \(ok) \(other))"
        case .data: return "(CASE typeof(\(column)) WHEN 'blob' THEN \(column) \(other))"
        case .null: return "\(ExpressionSQLBridge.evaluator)"
        }
    }

    /// `==` as ``ExpressionOperators/equal(_:_:)``: numbers by their `Double` values, `nil` equal only to
    /// `nil`, strings by Swift's (canonical) equality, through the bridge unless one side is `""`.
    func equality(_ a: CompiledExpression, _ b: CompiledExpression, _ lhs: Expression, _ rhs: Expression)
        -> CompiledExpression?
    {
        let sql: SQLFragment
        switch (a.kind, b.kind) {
        // Both sides are read, as the evaluator reads them (a bridged side may raise an error).
        case (.null, .null): sql = "(CASE WHEN \(a.sql) IS NULL THEN \(b.sql) IS NULL ELSE 0 END)"
        case (.null, _): sql = "(\(b.sql) IS NULL)"
        case (_, .null): sql = "(\(a.sql) IS NULL)"
        case (let x, let y) where x.isNumeric && y.isNumeric: sql = "(CAST(\(a.sql) AS REAL) IS CAST(\(b.sql) AS REAL))"
        case (.date, .date), (.uuid, .uuid), (.data, .data): sql = "(\(a.sql) IS \(b.sql))"
        case (.string, .string):
            // Only the empty string has no other canonically equivalent spelling.
            let empty = ExpressionValue.string("")
            guard lhs.kind == .literal(empty) || rhs.kind == .literal(empty) else {
                return bridged([a, b], result: .bool) { .bool(ExpressionOperators.equal($0[0], $0[1])) }
            }
            sql = "(\(a.sql) IS \(b.sql))"
        default: return nil
        }
        return CompiledExpression(sql: sql, kind: .bool)
    }

    /// `<`, `<=`, `>`, `>=`: numbers and dates natively (`nil` is never ordered), strings through the bridge.
    func comparison(_ op: BinaryOperator, _ a: CompiledExpression, _ b: CompiledExpression) -> CompiledExpression? {
        let symbol: SQLFragment
        switch op {
        case .less: symbol = "<"
        case .lessOrEqual: symbol = "<="
        case .greater: symbol = ">"
        default: symbol = ">="
        }
        switch (a.kind, b.kind) {
        case (let x, let y) where x.isNumeric && y.isNumeric:
            return CompiledExpression(
                sql: "COALESCE(CAST(\(a.sql) AS REAL) \(symbol) CAST(\(b.sql) AS REAL), 0)", kind: .bool)
        case (.date, .date):
            return CompiledExpression(sql: "COALESCE(\(a.sql) \(symbol) \(b.sql), 0)", kind: .bool)
        case (.string, .string):
            return bridged([a, b], result: .bool) { try ExpressionOperators.apply(op, $0[0], $0[1]) }
        default:
            return nil
        }
    }

    /// `+ - * / %` as ``ExpressionOperators/apply(_:_:_:)``: string concatenation natively, numbers through
    /// the bridge (checked integer arithmetic, division by zero).
    func arithmetic(_ op: BinaryOperator, _ a: CompiledExpression, _ b: CompiledExpression) -> CompiledExpression? {
        if op == .add, a.kind == .string, b.kind == .string {
            return CompiledExpression(sql: "(\(a.sql) || \(b.sql))", kind: .string)
        }
        let plain: Set<SQLValueKind> = [.integer, .double]
        let kind: SQLValueKind
        switch (op, a.kind, b.kind) {
        case (_, .null, _), (_, _, .null): kind = .null
        case (.add, .date, let x) where x.isNumeric, (.subtract, .date, let x) where x.isNumeric: kind = .date
        case (.subtract, .date, .date): kind = .double
        case (.divide, .integer, .integer): kind = .double
        case (_, .integer, .integer): kind = .integer
        case (_, let x, let y) where plain.contains(x) && plain.contains(y): kind = .double
        default: return nil
        }
        return bridged([a, b], result: kind) { try ExpressionOperators.apply(op, $0[0], $0[1]) }
    }

    /// A call of the evaluator's code on compiled arguments.
    func bridged(
        _ arguments: [CompiledExpression], result: SQLValueKind?, keepsVisibleASCII: Bool = false,
        _ body: @escaping @Sendable ([ExpressionValue]) throws -> ExpressionValue
    ) -> CompiledExpression? {
        let site = bridge.add(
            .init(
                arguments: arguments.map(\.kind), result: result,
                keepsVisibleASCII: keepsVisibleASCII && arguments.map(\.kind) == [.string] && result == .string,
                body: body))
        let sql: SQLFragment = "cdmigrate_call(\(SQLFragment.joined(["\(value: site)"] + arguments.map(\.sql))))"
        return CompiledExpression(sql: sql, kind: result ?? .null)
    }

    /// The one kind of several values, the `nil` literal fitting any; `nil` when they differ.
    static func common(_ kinds: [SQLValueKind]) -> SQLValueKind? {
        let given = Set(kinds).subtracting([.null])
        guard given.count <= 1 else { return nil }
        return given.first ?? .null
    }

    /// The kind of a built-in function's result for arguments of these kinds; `nil` for functions whose
    /// result kind is not known in advance. (A function an app registers under a built-in's name and that
    /// returns another kind stops the statement: the bridge checks every result.)
    static func resultKind(of name: String, _ arguments: [SQLValueKind]) -> SQLValueKind? {
        switch name {
        case "upper", "uppercase", "lower", "lowercase", "trim", "concat", "replace", "substring", "prefix", "suffix",
            "string":
            return .string
        case "length", "count", "integer": return .integer
        case "hasprefix", "hassuffix", "contains": return .bool
        case "double": return .double
        case "date", "now": return .date
        case "uuid": return .uuid
        case "abs", "round", "floor", "ceil":
            return [.integer, .double, .null].contains(arguments.first) ? arguments.first : nil
        case "min", "max":
            return common(arguments).flatMap { [.integer, .double, .null].contains($0) ? $0 : nil }
        case "coalesce": return common(arguments)
        default: return nil
        }
    }
}

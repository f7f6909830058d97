/// An expression compiled to SQL that gives, row by row, the value the evaluator would give.
struct CompiledExpression: Sendable {
    /// The SQL; every literal of the expression is a bound value.
    var sql: SQLFragment
    /// The kind of value it gives (or `NULL`).
    var kind: SQLValueKind
}

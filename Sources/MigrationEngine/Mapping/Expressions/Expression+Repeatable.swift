extension Expression {
    /// Whether the expression gives the same value each time it is evaluated over the same source object: it
    /// reads nothing but `$source` and calls only functions `functions` declares deterministic (not `uuid()`,
    /// `now()`, a registered function declared otherwise, nor an NSExpression `FUNCTION` call).
    /// - Parameter functions: The functions the expression's mapping calls.
    /// - Returns: `false` whenever a second evaluation might differ.
    func isRepeatable(with functions: ExpressionFunctions) -> Bool {
        switch kind {
        case .variable(let name) where name != "source": return false
        case .call(let name, _) where functions.function(named: name)?.isDeterministic != true: return false
        case .function: return false
        default: return kind.children.allSatisfy { $0.isRepeatable(with: functions) }
        }
    }
}

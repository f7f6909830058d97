/// Evaluates an ``Expression`` against an ``ExpressionEnvironment``.
///
/// `nil` flows through key paths, arithmetic and string functions (a missing value stays missing);
/// operators applied to values of the wrong kind, and division by zero, throw ``ExpressionEvaluationError``.
package enum ExpressionEvaluator {
    /// The value of `expression`.
    package static func evaluate(_ expression: Expression, in environment: some ExpressionEnvironment) throws
        -> ExpressionValue
    {
        guard expression.height <= Expression.maximumDepth else {
            throw ExpressionEvaluationError("the expression nests deeper than \(Expression.maximumDepth) levels")
        }
        switch expression.kind {
        case .literal(let value):
            return value
        case .variable(let name):
            guard let value = environment.variable(named: name) else {
                throw ExpressionEvaluationError("undefined variable $\(name)")
            }
            return value
        case .key(let base, let name):
            if case .key(let collection, let op) = base.kind, op.hasPrefix("@") {
                return try CollectionOperator.apply(op, key: name, to: evaluate(collection, in: environment), in: environment)
            }
            return try key(name, of: evaluate(base, in: environment), in: environment)
        case .unary(.not, let operand):
            return .bool(!(try truth(evaluate(operand, in: environment), "!")))
        case .unary(.negate, let operand):
            return try ExpressionOperators.apply(.subtract, .integer(0), evaluate(operand, in: environment))
        case .binary(.and, let lhs, let rhs):
            guard try truth(evaluate(lhs, in: environment), "&&") else { return .bool(false) }
            return .bool(try truth(evaluate(rhs, in: environment), "&&"))
        case .binary(.or, let lhs, let rhs):
            if try truth(evaluate(lhs, in: environment), "||") { return .bool(true) }
            return .bool(try truth(evaluate(rhs, in: environment), "||"))
        case .binary(let op, let lhs, let rhs):
            return try ExpressionOperators.apply(op, evaluate(lhs, in: environment), evaluate(rhs, in: environment))
        case .comparison(let predicate, let lhs, let rhs):
            return .bool(try predicate.evaluate(evaluate(lhs, in: environment), evaluate(rhs, in: environment)))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let chosen = try truth(evaluate(condition, in: environment), "?:") ? whenTrue : whenFalse
            return try evaluate(chosen, in: environment)
        case .list(let items):
            return .list(try items.map { try evaluate($0, in: environment) })
        case .call(let name, let arguments):
            guard let function = environment.functions.function(named: name) else {
                throw ExpressionEvaluationError("unknown function \(name)")
            }
            let values = try arguments.map { try evaluate($0, in: environment) }
            return try call(function, values)
        case .function(let target, let selector, let arguments):
            let values = try arguments.map { try evaluate($0, in: environment) }
            return try SelectorCall.perform(selector, target: target, arguments: values, in: environment)
        }
    }

    /// Whether `value` counts as true in a condition: Booleans and numbers by value, `nil` as false.
    static func truth(_ value: ExpressionValue, _ operation: String) throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .null: return false
        case .integer, .double: return value.numeric != 0
        default: throw ExpressionEvaluationError.typeMismatch(operation, value)
        }
    }

    static func call(_ function: ExpressionFunction, _ values: [ExpressionValue]) throws -> ExpressionValue {
        // A tree that did not come through the parser's checks may call a function with too few arguments.
        guard function.arity.contains(values.count) else {
            throw ExpressionEvaluationError(
                "\(function.name) takes \(function.arity.lowerBound)…\(function.arity.upperBound) arguments, not \(values.count)")
        }
        do {
            return try function.body(values)
        } catch let error as ExpressionEvaluationError {
            throw error
        } catch {
            throw ExpressionEvaluationError("\(function.name) failed: \(error)")
        }
    }

    static func key(_ name: String, of value: ExpressionValue, in environment: some ExpressionEnvironment) throws
        -> ExpressionValue
    {
        switch (value, name) {
        case (.null, _): return .null
        case (.object(let reference), _): return try environment.value(forKey: name, of: reference)
        case (.list(let items), "@count"), (.list(let items), "count"): return .integer(Int64(items.count))
        case (.list(let items), _): return .list(try items.map { try key(name, of: $0, in: environment) })
        case (.string(let text), "length"): return .integer(Int64(text.count))
        case (.string(let text), "uppercaseString"): return .string(text.uppercased())
        case (.string(let text), "lowercaseString"): return .string(text.lowercased())
        default: throw ExpressionEvaluationError("cannot read key \(name) of \(value.typeName) \(value)")
        }
    }
}

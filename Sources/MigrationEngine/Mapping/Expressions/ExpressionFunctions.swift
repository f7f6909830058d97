/// The functions expressions may call: the built-in set plus any an app registers.
///
/// ```swift
/// var functions = ExpressionFunctions.standard
/// functions.register(ExpressionFunction("slug", arity: 1...1) { arguments in
///     .string(arguments[0].text.lowercased().replacingOccurrences(of: " ", with: "-"))
/// })
/// ```
package struct ExpressionFunctions: Sendable {
    private var table: [String: ExpressionFunction] = [:]

    /// An empty registry.
    package init() {}

    /// The built-in functions (see docs/guide/mapping-files.md for the list).
    package static let standard: ExpressionFunctions = {
        var functions = ExpressionFunctions()
        for function in ExpressionBuiltins.all { functions.register(function) }
        return functions
    }()

    /// Adds or replaces a function.
    package mutating func register(_ function: ExpressionFunction) {
        table[function.name.lowercased()] = function
    }

    /// The function with this name, ignoring case.
    package func function(named name: String) -> ExpressionFunction? {
        table[name.lowercased()]
    }

    /// Every function name, sorted.
    package var names: [String] { table.values.map(\.name).sorted() }

    /// Checks that every call in `expression` names a known function with an acceptable number of arguments.
    package func check(_ expression: Expression) throws(ExpressionSyntaxError) {
        switch expression.kind {
        case .literal, .variable:
            return
        case .key(let base, _), .unary(_, let base):
            try check(base)
        case .binary(_, let lhs, let rhs), .comparison(_, let lhs, let rhs):
            try check(lhs)
            try check(rhs)
        case .conditional(let a, let b, let c):
            for part in [a, b, c] { try check(part) }
        case .list(let items):
            for item in items { try check(item) }
        case .function(let target, _, let arguments):
            try check(target)
            for argument in arguments { try check(argument) }
        case .call(let name, let arguments):
            guard let function = function(named: name) else {
                throw ExpressionSyntaxError(at: expression.position, "unknown function \"\(name)\"")
            }
            guard function.arity.contains(arguments.count) else {
                throw ExpressionSyntaxError(at: expression.position, function.signature)
            }
            for argument in arguments { try check(argument) }
        }
    }
}

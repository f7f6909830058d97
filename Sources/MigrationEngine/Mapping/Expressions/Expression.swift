/// A parsed value expression, as in Xcode's mapping editor (`$source.percentage / 100`).
///
/// Each node keeps the position it was written at, so that checks made after parsing (an unknown
/// function, a key that is not in the model) can still point at the line and column.
public struct Expression: Sendable, Hashable {
    /// What the node is.
    public indirect enum Kind: Sendable, Hashable {
        /// A constant.
        case literal(ExpressionValue)
        /// A variable such as `$source`, `$manager` or `$entityPolicy` (stored without the `$`).
        case variable(String)
        /// A key read from the value of `base` (`$source.post.title` is two nested key reads).
        case key(base: Expression, name: String)
        /// A prefix operator applied to an operand.
        case unary(UnaryOperator, Expression)
        /// An infix operator.
        case binary(BinaryOperator, Expression, Expression)
        /// `condition ? whenTrue : whenFalse`, also written `IF(condition, whenTrue, whenFalse)`.
        case conditional(Expression, Expression, Expression)
        /// A call of a built-in or registered function by name (`upper($source.name)`).
        case call(name: String, arguments: [Expression])
        /// NSExpression's `FUNCTION(target, "selector:", arguments…)`.
        case function(target: Expression, selector: String, arguments: [Expression])
        /// A list of values (`{1, 2, 3}`).
        case list([Expression])
    }

    /// What the node is.
    public var kind: Kind
    /// Where the node starts, relative to the start of the expression text.
    public var position: SourcePosition

    /// Creates a node.
    public init(_ kind: Kind, at position: SourcePosition = .start) {
        self.kind = kind
        self.position = position
    }

    /// `$source`.
    public static var source: Expression { Expression(.variable("source")) }

    /// `$source.<key>`: what Xcode generates for an attribute whose name did not change.
    public static func sourceKey(_ name: String) -> Expression {
        Expression(.key(base: .source, name: name))
    }
}

/// A prefix operator.
public enum UnaryOperator: String, Sendable, Hashable {
    /// Logical not.
    case not = "!"
    /// Arithmetic negation.
    case negate = "-"
}

/// An infix operator, from arithmetic, comparison and Boolean logic.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&", or = "||"

    /// Binding strength: higher binds tighter.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}

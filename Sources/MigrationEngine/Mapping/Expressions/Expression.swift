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
        /// An `NSPredicate` comparison beyond the plain operators (`title CONTAINS[c] "rain"`,
        /// `ANY entries.mood > 3`, `kind IN {1, 2}`).
        case comparison(ComparisonPredicate, Expression, Expression)

        /// The operands, arguments or base of this node.
        var children: [Expression] {
            switch self {
            case .literal, .variable: []
            case .key(let base, _): [base]
            case .unary(_, let operand): [operand]
            case .binary(_, let lhs, let rhs), .comparison(_, let lhs, let rhs): [lhs, rhs]
            case .conditional(let condition, let whenTrue, let whenFalse): [condition, whenTrue, whenFalse]
            case .call(_, let arguments), .list(let arguments): arguments
            case .function(let target, _, let arguments): [target] + arguments
            }
        }
    }

    /// What the node is.
    public var kind: Kind {
        didSet { height = 1 + kind.children.reduce(0) { Swift.max($0, $1.height) } }
    }
    /// Where the node starts, relative to the start of the expression text.
    public var position: SourcePosition
    /// Levels from this node to its deepest leaf (a leaf is 1); bounded by ``maximumDepth`` wherever text or
    /// an archive is parsed, so evaluating, printing or releasing a tree never overflows the stack.
    public private(set) var height: Int

    /// The deepest nesting the parser, the archive decoders and the evaluator accept.
    public static let maximumDepth = 128

    /// Creates a node.
    package init(_ kind: Kind, at position: SourcePosition = .start) {
        self.kind = kind
        self.position = position
        height = 1 + kind.children.reduce(0) { Swift.max($0, $1.height) }
    }

    /// `$source`.
    public static var source: Expression { Expression(.variable("source")) }

    /// `$source.<key>`: what Xcode generates for an attribute whose name did not change.
    package static func sourceKey(_ name: String) -> Expression {
        Expression(.key(base: .source, name: name))
    }

    /// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "<mapping>", <from>)`:
    /// the destination objects entity mapping `mapping` made from the source objects `from` gives.
    package static func mappingLookup(_ mapping: String, from: Expression, at position: SourcePosition = .start)
        -> Expression
    {
        Expression(
            .function(
                target: Expression(.variable("manager")), selector: SelectorCall.entityMappingLookup,
                arguments: [Expression(.literal(.string(mapping))), from]),
            at: position)
    }

    /// `FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "<name>",
    /// $source.<name>)`: the destination objects every mapping made from the members of source relationship
    /// `name` (what Core Data's inferred mapping models hold).
    package static func relationshipLookup(_ name: String) -> Expression {
        Expression(
            .function(
                target: Expression(.variable("manager")), selector: SelectorCall.relationshipLookup,
                arguments: [Expression(.literal(.string(name))), .sourceKey(name)]))
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
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

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

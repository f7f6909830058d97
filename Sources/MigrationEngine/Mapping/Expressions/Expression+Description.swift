extension Expression: CustomStringConvertible {
    /// The expression written back in the expression language, fully parenthesised where needed.
    public var description: String { render(parentPrecedence: 0) }

    private func render(parentPrecedence: Int) -> String {
        switch kind {
        case .literal(let value):
            return value.description
        case .variable(let name):
            return "$" + name
        case .key(let base, let name):
            return base.render(parentPrecedence: 10) + "." + name
        case .unary(let op, let operand):
            return op.rawValue + operand.render(parentPrecedence: 9)
        case .binary(let op, let lhs, let rhs):
            let text =
                lhs.render(parentPrecedence: op.precedence) + " \(op.rawValue) "
                + rhs.render(parentPrecedence: op.precedence + 1)
            return op.precedence < parentPrecedence ? "(\(text))" : text
        case .comparison(let predicate, let lhs, let rhs):
            let quantifier = predicate.quantifier.map { $0.rawValue + " " } ?? ""
            let text =
                quantifier + lhs.render(parentPrecedence: 4) + " \(predicate.op.rawValue)\(predicate.modifiers) "
                + rhs.render(parentPrecedence: 4)
            return parentPrecedence > 3 ? "(\(text))" : text
        case .conditional(let condition, let whenTrue, let whenFalse):
            let text = "\(condition.render(parentPrecedence: 1)) ? \(whenTrue) : \(whenFalse)"
            return parentPrecedence > 0 ? "(\(text))" : text
        case .call(let name, let arguments):
            return name + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .function(let target, let selector, let arguments):
            let parts =
                [target.description, ExpressionValue.string(selector).description]
                + arguments.map(\.description)
            return "FUNCTION(" + parts.joined(separator: ", ") + ")"
        case .list(let items):
            return "{" + items.map(\.description).joined(separator: ", ") + "}"
        }
    }
}

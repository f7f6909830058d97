/// Parses expression text into an ``Expression``.
///
/// Grammar, loosest first: `c ? a : b`; `||`/`OR`; `&&`/`AND`; `==` `!=` (`=` and `<>` too);
/// `<` `<=` `>` `>=`; `+` `-`; `*` `/` `%`; prefix `!`/`NOT` and `-`; `.key`; primaries
/// (numbers, strings, `true`/`false`/`YES`/`NO`, `nil`, `$variable`, `name(args)`, `IF(c, a, b)`,
/// `FUNCTION(target, "selector:", args)`, `{list}`, parentheses).
package struct ExpressionParser {
    private var tokens: [ExpressionToken]
    private var index = 0
    /// How deep the recursive descent is, bounded by ``Expression/maximumDepth`` so deep text cannot
    /// overflow the stack.
    private var nesting = 0

    /// Parses `text`, or throws an ``ExpressionSyntaxError`` whose position is relative to `text`.
    package static func parse(_ text: String) throws(ExpressionSyntaxError) -> Expression {
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens())
        let expression = try parser.conditional()
        guard case .end = parser.current.kind else {
            throw ExpressionSyntaxError(at: parser.current.position, "unexpected \(parser.current.display)")
        }
        return expression
    }

    private init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    private var current: ExpressionToken { tokens[index] }

    private mutating func take() -> ExpressionToken {
        defer { if index < tokens.count - 1 { index += 1 } }
        return tokens[index]
    }

    private func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    private mutating func expect(_ symbol: String) throws(ExpressionSyntaxError) {
        guard isSymbol(symbol) else {
            throw ExpressionSyntaxError(at: current.position, "expected \"\(symbol)\" but found \(current.display)")
        }
        _ = take()
    }

    /// Counts one level of nesting for `body`, refusing text nested deeper than ``Expression/maximumDepth``.
    private mutating func nested<T>(_ body: (inout ExpressionParser) throws(ExpressionSyntaxError) -> T)
        throws(ExpressionSyntaxError) -> T
    {
        guard nesting < Expression.maximumDepth else {
            throw ExpressionSyntaxError(
                at: current.position, "the expression nests deeper than \(Expression.maximumDepth) levels")
        }
        nesting += 1
        defer { nesting -= 1 }
        return try body(&self)
    }

    /// A node, refused when the tree under it would be deeper than ``Expression/maximumDepth``.
    private func node(_ kind: Expression.Kind, at position: SourcePosition) throws(ExpressionSyntaxError) -> Expression {
        let expression = Expression(kind, at: position)
        guard expression.height <= Expression.maximumDepth else {
            throw ExpressionSyntaxError(at: position, "the expression nests deeper than \(Expression.maximumDepth) levels")
        }
        return expression
    }

    private mutating func conditional() throws(ExpressionSyntaxError) -> Expression {
        try nested { parser throws(ExpressionSyntaxError) in try parser.conditionalBody() }
    }

    private mutating func conditionalBody() throws(ExpressionSyntaxError) -> Expression {
        let condition = try binary(minimumPrecedence: 1)
        guard isSymbol("?") else { return condition }
        _ = take()
        let whenTrue = try conditional()
        try expect(":")
        let whenFalse = try conditional()
        return try node(.conditional(condition, whenTrue, whenFalse), at: condition.position)
    }

    private func binaryOperator() -> BinaryOperator? {
        switch current.kind {
        case .symbol(let symbol): BinaryOperator(rawValue: symbol)
        case .identifier(let word):
            switch word.uppercased() {
            case "AND": .and
            case "OR": .or
            default: nil
            }
        default: nil
        }
    }

    private mutating func binary(minimumPrecedence: Int) throws(ExpressionSyntaxError) -> Expression {
        var lhs = try unary()
        while let op = binaryOperator(), op.precedence >= minimumPrecedence {
            _ = take()
            let rhs = try binary(minimumPrecedence: op.precedence + 1)
            lhs = try node(.binary(op, lhs, rhs), at: lhs.position)
        }
        return lhs
    }

    private mutating func unary() throws(ExpressionSyntaxError) -> Expression {
        let start = current.position
        if isSymbol("!") || current.kind == .identifier("NOT") || current.kind == .identifier("not") {
            _ = take()
            return try node(.unary(.not, try nested { parser throws(ExpressionSyntaxError) in try parser.unary() }), at: start)
        }
        if isSymbol("-") {
            _ = take()
            let operand = try nested { parser throws(ExpressionSyntaxError) in try parser.unary() }
            switch operand.kind {
            case .literal(.integer(let value)): return Expression(.literal(.integer(-value)), at: start)
            case .literal(.double(let value)): return Expression(.literal(.double(-value)), at: start)
            default: return try node(.unary(.negate, operand), at: start)
            }
        }
        return try postfix()
    }

    private mutating func postfix() throws(ExpressionSyntaxError) -> Expression {
        var expression = try primary()
        while isSymbol(".") {
            _ = take()
            let token = take()
            guard case .identifier(let name) = token.kind else {
                throw ExpressionSyntaxError(at: token.position, "expected a key after \".\" but found \(token.display)")
            }
            expression = try node(.key(base: expression, name: name), at: expression.position)
        }
        return expression
    }

    private mutating func primary() throws(ExpressionSyntaxError) -> Expression {
        let token = take()
        let at = token.position
        switch token.kind {
        case .integer(let value): return Expression(.literal(.integer(value)), at: at)
        case .double(let value): return Expression(.literal(.double(value)), at: at)
        case .string(let value): return Expression(.literal(.string(value)), at: at)
        case .variable(let name): return Expression(.variable(name), at: at)
        case .symbol("("):
            let inner = try conditional()
            try expect(")")
            return inner
        case .symbol("{"):
            return try node(.list(try arguments(closing: "}")), at: at)
        case .identifier(let name):
            if let constant = Self.constant(name) { return Expression(.literal(constant), at: at) }
            guard isSymbol("(") else {
                throw ExpressionSyntaxError(
                    at: at, "unknown name \"\(name)\"; attributes are read from a variable, as in $source.\(name)")
            }
            _ = take()
            return try call(name, arguments: try arguments(closing: ")"), at: at)
        default:
            throw ExpressionSyntaxError(at: at, "expected a value but found \(token.display)")
        }
    }

    private mutating func arguments(closing: String) throws(ExpressionSyntaxError) -> [Expression] {
        var result: [Expression] = []
        if isSymbol(closing) {
            _ = take()
            return result
        }
        while true {
            result.append(try conditional())
            if isSymbol(",") {
                _ = take()
                continue
            }
            try expect(closing)
            return result
        }
    }

    private static func constant(_ name: String) -> ExpressionValue? {
        switch name.lowercased() {
        case "true", "yes": .bool(true)
        case "false", "no": .bool(false)
        case "nil", "null": .null
        default: nil
        }
    }

    private func call(_ name: String, arguments: [Expression], at: SourcePosition) throws(ExpressionSyntaxError)
        -> Expression
    {
        switch name.uppercased() {
        case "IF", "TERNARY":
            guard arguments.count == 3 else {
                throw ExpressionSyntaxError(at: at, "\(name) takes 3 arguments (condition, then, else)")
            }
            return try node(.conditional(arguments[0], arguments[1], arguments[2]), at: at)
        case "FUNCTION":
            guard arguments.count >= 2, case .literal(.string(let selector)) = arguments[1].kind else {
                throw ExpressionSyntaxError(at: at, "FUNCTION takes a target, a selector string and its arguments")
            }
            return try node(.function(target: arguments[0], selector: selector, arguments: Array(arguments.dropFirst(2))), at: at)
        case "DATE":
            return try DateLiteral.expression(arguments, at: at)
        default:
            return try node(.call(name: name, arguments: arguments), at: at)
        }
    }
}

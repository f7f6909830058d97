/// Parses expression text into an ``Expression``.
///
/// Grammar, loosest first: `c ? a : b`; `||`/`OR`; `&&`/`AND`; prefix `NOT` (over a comparison); `==` `!=`
/// (`=` and `<>` too) and
/// `NSPredicate`'s comparisons (`CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE`, `IN`, `BETWEEN`, each comparison
/// optionally followed by `[c]`, `[d]` or `[cd]`, its left side optionally preceded by `ANY`, `ALL` or `NONE`);
/// `<` `<=` `>` `>=`; `+` `-`; `*` `/` `%`; prefix `!` and `-`; `.key`; primaries
/// (numbers, strings, `true`/`false`/`YES`/`NO`, `nil`, `$variable`, `name(args)`, `IF(c, a, b)`,
/// `FUNCTION(target, "selector:", args)`, `{list}`, parentheses).
package struct ExpressionParser {
    private var tokens: [ExpressionToken]
    private var index = 0
    /// How deep the recursive descent is, bounded by ``Expression/maximumDepth`` so deep text cannot
    /// overflow the stack.
    private var nesting = 0
    /// The variable a bare name reads a key of (`title` as `$object.title`), as `NSPredicate` reads keys of
    /// the evaluated object; nil where a bare name is an error (mappings, which read several objects).
    private let bareKeys: String?

    /// Parses `text`, or throws an ``ExpressionSyntaxError`` whose position is relative to `text`.
    ///
    /// - Parameters:
    ///   - text: The expression.
    ///   - variable: The variable bare names are keys of (`object` reads `title.length` as
    ///     `$object.title.length`, and `SELF` as `$object`); nil to refuse bare names.
    /// - Returns: The expression's tree.
    /// - Throws: ``ExpressionSyntaxError`` at the first problem.
    package static func parse(_ text: String, bareKeysOf variable: String? = nil) throws(ExpressionSyntaxError) -> Expression {
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens(), bareKeys: variable)
        let expression = try parser.conditional()
        guard case .end = parser.current.kind else {
            if case .identifier(let word) = parser.current.kind, word.uppercased() == "MATCHES" {
                throw ExpressionSyntaxError(
                    at: parser.current.position, "MATCHES (regular expressions) is not supported; LIKE matches * and ?")
            }
            throw ExpressionSyntaxError(at: parser.current.position, "unexpected \(parser.current.display)")
        }
        return expression
    }

    private init(tokens: [ExpressionToken], bareKeys: String?) {
        self.tokens = tokens
        self.bareKeys = bareKeys
    }

    var current: ExpressionToken { tokens[index] }

    /// The token after the current one (the end token at the end).
    var next: ExpressionToken { tokens[min(index + 1, tokens.count - 1)] }

    mutating func take() -> ExpressionToken {
        defer { if index < tokens.count - 1 { index += 1 } }
        return tokens[index]
    }

    func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    mutating func expect(_ symbol: String) throws(ExpressionSyntaxError) {
        guard isSymbol(symbol) else {
            throw ExpressionSyntaxError(at: current.position, "expected \"\(symbol)\" but found \(current.display)")
        }
        _ = take()
    }

    /// Counts one level of nesting for `body`, refusing text nested deeper than ``Expression/maximumDepth``.
    mutating func nested<T>(_ body: (inout ExpressionParser) throws(ExpressionSyntaxError) -> T)
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
    func node(_ kind: Expression.Kind, at position: SourcePosition) throws(ExpressionSyntaxError) -> Expression {
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

    mutating func binary(minimumPrecedence: Int) throws(ExpressionSyntaxError) -> Expression {
        var lhs: Expression
        if let quantified = try quantified() {
            lhs = quantified
        } else {
            lhs = try unary()
        }
        while let op = infixOperator(), op.precedence >= minimumPrecedence {
            _ = take()
            switch op {
            case .binary(let plain) where ComparisonPredicate.Operator(plain) == nil:
                let rhs = try binary(minimumPrecedence: plain.precedence + 1)
                lhs = try node(.binary(plain, lhs, rhs), at: lhs.position)
            default:
                lhs = try comparison(op, lhs, quantifier: nil, at: lhs.position)
            }
        }
        return lhs
    }

    mutating func unary() throws(ExpressionSyntaxError) -> Expression {
        let start = current.position
        if isSymbol("!") {
            _ = take()
            return try node(.unary(.not, try nested { parser throws(ExpressionSyntaxError) in try parser.unary() }), at: start)
        }
        if case .identifier(let word) = current.kind, word.uppercased() == "NOT" {
            // As in NSPredicate, NOT negates the whole comparison after it (`NOT mood BETWEEN {1, 2}`).
            _ = take()
            let operand = try nested { parser throws(ExpressionSyntaxError) in
                try parser.binary(minimumPrecedence: BinaryOperator.equal.precedence)
            }
            return try node(.unary(.not, operand), at: start)
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

    mutating func postfix() throws(ExpressionSyntaxError) -> Expression {
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
            if let bareKeys, !isSymbol("(") {
                let object = Expression(.variable(bareKeys), at: at)
                return name.uppercased() == "SELF" ? object : try node(.key(base: object, name: name), at: at)
            }
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

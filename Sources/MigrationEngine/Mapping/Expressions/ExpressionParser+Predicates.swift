/// `NSPredicate`'s comparisons: keyword operators, `[c]`/`[d]`/`[cd]` options and `ANY`/`ALL`/`NONE`.
extension ExpressionParser {
    /// An operator between two operands.
    enum Infix: Equatable {
        case binary(BinaryOperator)
        case predicate(ComparisonPredicate.Operator)

        /// Binding strength, as ``BinaryOperator/precedence``: keyword comparisons bind as `==` does.
        var precedence: Int {
            switch self {
            case .binary(let op): op.precedence
            case .predicate: BinaryOperator.equal.precedence
            }
        }

        /// The comparison it is, nil for arithmetic and Boolean operators.
        var comparison: ComparisonPredicate.Operator? {
            switch self {
            case .binary(let op): ComparisonPredicate.Operator(op)
            case .predicate(let op): op
            }
        }
    }

    /// Keyword operators, by their upper-case spelling (`NSPredicate` reads keywords in any case).
    private static let keywords: [String: Infix] = [
        "AND": .binary(.and), "OR": .binary(.or), "CONTAINS": .predicate(.contains), "BEGINSWITH": .predicate(.beginsWith),
        "ENDSWITH": .predicate(.endsWith), "LIKE": .predicate(.like), "IN": .predicate(.in), "BETWEEN": .predicate(.between),
    ]

    private static let quantifiers: [String: ComparisonPredicate.Quantifier] = [
        "ANY": .any, "SOME": .any, "ALL": .all, "NONE": .none,
    ]

    /// The operator at the current token, if it is one.
    func infixOperator() -> Infix? {
        switch current.kind {
        case .symbol(let symbol): BinaryOperator(rawValue: symbol).map(Infix.binary)
        case .identifier(let word): Self.keywords[word.uppercased()]
        default: nil
        }
    }

    /// `ANY collection op value` (also `SOME`, `ALL`, `NONE`) when the current token starts one; nil
    /// otherwise, leaving the token (a key named `any` is still a key).
    mutating func quantified() throws(ExpressionSyntaxError) -> Expression? {
        guard case .identifier(let word) = current.kind, let quantifier = Self.quantifiers[word.uppercased()] else {
            return nil
        }
        switch next.kind {
        case .identifier, .variable: break
        default: return nil
        }
        let start = take().position
        let collection = try nested { parser throws(ExpressionSyntaxError) in try parser.postfix() }
        guard let op = infixOperator(), op.comparison != nil else {
            throw ExpressionSyntaxError(
                at: current.position, "expected a comparison after \(word) \(collection) but found \(current.display)")
        }
        _ = take()
        return try comparison(op, collection, quantifier: quantifier, at: start)
    }

    /// The rest of a comparison whose operator was just taken: its options, then its right side. A plain
    /// `==`, `<`, … without options or quantifier stays a ``BinaryOperator`` node.
    mutating func comparison(
        _ op: Infix, _ lhs: Expression, quantifier: ComparisonPredicate.Quantifier?, at start: SourcePosition
    )
        throws(ExpressionSyntaxError) -> Expression
    {
        guard let compared = op.comparison else {
            throw ExpressionSyntaxError(at: start, "expected a comparison")
        }
        var predicate = ComparisonPredicate(compared, quantifier: quantifier)
        if isSymbol("[") {
            let open = take()
            let token = take()
            guard case .identifier(let letters) = token.kind, !letters.isEmpty, letters.allSatisfy({ "cdCD".contains($0) })
            else {
                throw ExpressionSyntaxError(at: open.position, "expected [c], [d] or [cd] after \(compared.rawValue)")
            }
            predicate.caseInsensitive = letters.lowercased().contains("c")
            predicate.diacriticInsensitive = letters.lowercased().contains("d")
            try expect("]")
        }
        let rhs = try binary(minimumPrecedence: op.precedence + 1)
        if case .binary(let plain) = op, predicate == ComparisonPredicate(compared) {
            return try node(.binary(plain, lhs, rhs), at: lhs.position)
        }
        return try node(.comparison(predicate, lhs, rhs), at: start)
    }
}

import Foundation

extension ComparisonPredicate {
    /// The comparison's truth for the two evaluated sides, as `NSPredicate` defines it: a quantifier tests
    /// each member of the left side's collection (`nil` counting as an empty one); string operators are false
    /// on `nil`; `[c]` and `[d]` fold case and accents on both sides first.
    ///
    /// - Throws: ``ExpressionEvaluationError`` for sides of the wrong kind (a number `CONTAINS` a string, a
    ///   `BETWEEN` whose right side is not two values, a quantifier before a single value).
    func evaluate(_ lhs: ExpressionValue, _ rhs: ExpressionValue) throws -> Bool {
        guard let quantifier else { return try compare(lhs, rhs) }
        let members: [ExpressionValue]
        switch lhs {
        case .list(let items): members = items
        case .null: members = []
        default:
            throw ExpressionEvaluationError("\(quantifier.rawValue) needs a collection, not \(lhs.typeName) \(lhs)")
        }
        switch quantifier {
        case .any: return try members.contains { try compare($0, rhs) }
        case .all: return try members.allSatisfy { try compare($0, rhs) }
        case .none: return try !members.contains { try compare($0, rhs) }
        }
    }

    private func compare(_ lhs: ExpressionValue, _ rhs: ExpressionValue) throws -> Bool {
        switch op {
        case .in: return try membership(lhs, in: rhs)
        case .contains:
            if case .list = lhs { return try membership(rhs, in: lhs) }
            return try strings(lhs, rhs) { $0.contains($1) }
        case .beginsWith: return try strings(lhs, rhs) { $0.hasPrefix($1) }
        case .endsWith: return try strings(lhs, rhs) { $0.hasSuffix($1) }
        case .like: return try strings(lhs, rhs) { try WildcardPattern($1).matches($0) }
        case .between:
            guard case .list(let bounds) = rhs, bounds.count == 2 else {
                throw ExpressionEvaluationError("BETWEEN needs two values, as in {1, 10}, not \(rhs.typeName) \(rhs)")
            }
            return try ordered(.greaterOrEqual, lhs, bounds[0]) && ordered(.lessOrEqual, lhs, bounds[1])
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return try ordered(op.binary ?? .equal, lhs, rhs)
        }
    }

    /// `==`, `!=`, `<`, … through the evaluator's own operators, on folded strings.
    private func ordered(_ binary: BinaryOperator, _ lhs: ExpressionValue, _ rhs: ExpressionValue) throws -> Bool {
        try ExpressionEvaluator.truth(ExpressionOperators.apply(binary, folded(lhs), folded(rhs)), binary.rawValue)
    }

    /// Whether `value` is a member of `collection` (a list), or a substring of it (a string).
    private func membership(_ value: ExpressionValue, in collection: ExpressionValue) throws -> Bool {
        switch collection {
        case .list(let items):
            let wanted = folded(value)
            return items.contains { ExpressionOperators.equal(folded($0), wanted) }
        case .string: return try strings(collection, value) { $0.contains($1) }
        case .null: return false
        default: throw ExpressionEvaluationError.typeMismatch(op.rawValue, value, collection)
        }
    }

    private func strings(_ lhs: ExpressionValue, _ rhs: ExpressionValue, _ test: (String, String) throws -> Bool) throws
        -> Bool
    {
        switch (folded(lhs), folded(rhs)) {
        case (.string(let text), .string(let other)): return try test(text, other)
        case (.null, _), (_, .null): return false
        default: throw ExpressionEvaluationError.typeMismatch(op.rawValue + modifiers, lhs, rhs)
        }
    }

    /// A string with case and accents folded as the options ask; any other value as it is.
    private func folded(_ value: ExpressionValue) -> ExpressionValue {
        guard case .string(let text) = value, caseInsensitive || diacriticInsensitive else { return value }
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        return .string(text.folding(options: options, locale: nil))
    }
}

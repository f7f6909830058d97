/// Turns an archived `NSPredicate` (the condition of a ternary `NSExpression`) into a Boolean ``Expression``.
enum ArchivedPredicateDecoder {
    /// `NSPredicateOperatorType` numbers for the comparisons the expression language has.
    static let comparisons: [Int64: BinaryOperator] = [
        0: .less, 1: .lessOrEqual, 2: .greater, 3: .greaterOrEqual, 4: .equal, 5: .notEqual,
    ]

    /// Decodes `object`, `depth` archived objects below the expression's root (see ``ArchivedExpressionDecoder``).
    static func decode(_ object: ArchivedObject, depth: Int) throws(ExpressionEvaluationError) -> Expression {
        guard depth < Expression.maximumDepth else {
            throw ArchivedExpressionDecoder.problem(
                "the archived objects nest deeper than \(Expression.maximumDepth) levels (or refer to themselves)")
        }
        let classes = object.classHierarchy
        let depth = depth + 1
        if classes.contains("NSTruePredicate") { return Expression(.literal(.bool(true))) }
        if classes.contains("NSFalsePredicate") { return Expression(.literal(.bool(false))) }
        if classes.contains("NSComparisonPredicate") {
            guard let left = object["NSLeftExpression"], let right = object["NSRightExpression"],
                let type = object["NSPredicateOperator"]?["NSOperatorType"]?.integer, let op = comparisons[type]
            else { throw ArchivedExpressionDecoder.problem("an unsupported comparison predicate") }
            return try ArchivedExpressionDecoder.node(
                .binary(
                    op, try ArchivedExpressionDecoder.decode(left, depth: depth),
                    try ArchivedExpressionDecoder.decode(right, depth: depth)))
        }
        if classes.contains("NSCompoundPredicate") {
            var parts: [Expression] = []
            for item in object["NSSubpredicates"]?.elements ?? [] { parts.append(try decode(item, depth: depth)) }
            switch object["NSCompoundPredicateType"]?.integer {
            case 0?:
                guard let only = parts.first else { throw ArchivedExpressionDecoder.problem("NOT without a predicate") }
                return try ArchivedExpressionDecoder.node(.unary(.not, only))
            case 1?, 2?:
                let op: BinaryOperator = object["NSCompoundPredicateType"]?.integer == 1 ? .and : .or
                guard let first = parts.first else { throw ArchivedExpressionDecoder.problem("an empty compound predicate") }
                var combined = first
                for part in parts.dropFirst() { combined = try ArchivedExpressionDecoder.node(.binary(op, combined, part)) }
                return combined
            default:
                throw ArchivedExpressionDecoder.problem("an unknown compound predicate type")
            }
        }
        throw ArchivedExpressionDecoder.problem("a predicate of class \(object.className ?? "unknown") is not supported")
    }
}

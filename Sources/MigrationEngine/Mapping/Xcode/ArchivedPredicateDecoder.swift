/// Turns an archived `NSPredicate` (the condition of a ternary `NSExpression`) into a Boolean ``Expression``.
enum ArchivedPredicateDecoder {
    /// `NSPredicateOperatorType` numbers for the comparisons the expression language has.
    static let comparisons: [Int64: BinaryOperator] = [
        0: .less, 1: .lessOrEqual, 2: .greater, 3: .greaterOrEqual, 4: .equal, 5: .notEqual,
    ]

    static func decode(_ object: ArchivedObject) throws(ExpressionEvaluationError) -> Expression {
        let classes = object.classHierarchy
        if classes.contains("NSTruePredicate") { return Expression(.literal(.bool(true))) }
        if classes.contains("NSFalsePredicate") { return Expression(.literal(.bool(false))) }
        if classes.contains("NSComparisonPredicate") {
            guard let left = object["NSLeftExpression"], let right = object["NSRightExpression"],
                let type = object["NSPredicateOperator"]?["NSOperatorType"]?.integer, let op = comparisons[type]
            else { throw ArchivedExpressionDecoder.problem("an unsupported comparison predicate") }
            return Expression(.binary(op, try ArchivedExpressionDecoder.decode(left), try ArchivedExpressionDecoder.decode(right)))
        }
        if classes.contains("NSCompoundPredicate") {
            var parts: [Expression] = []
            for item in object["NSSubpredicates"]?.elements ?? [] { parts.append(try decode(item)) }
            switch object["NSCompoundPredicateType"]?.integer {
            case 0?:
                guard let only = parts.first else { throw ArchivedExpressionDecoder.problem("NOT without a predicate") }
                return Expression(.unary(.not, only))
            case 1?, 2?:
                let op: BinaryOperator = object["NSCompoundPredicateType"]?.integer == 1 ? .and : .or
                guard let first = parts.first else { throw ArchivedExpressionDecoder.problem("an empty compound predicate") }
                return parts.dropFirst().reduce(first) { Expression(.binary(op, $0, $1)) }
            default:
                throw ArchivedExpressionDecoder.problem("an unknown compound predicate type")
            }
        }
        throw ArchivedExpressionDecoder.problem("a predicate of class \(object.className ?? "unknown") is not supported")
    }
}

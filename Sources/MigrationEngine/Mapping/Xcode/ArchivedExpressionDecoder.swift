/// Turns an `NSExpression` read from a keyed archive (as Xcode stores value expressions in
/// `xcmapping.xml`) into an ``Expression``.
///
/// Covers what the mapping editor produces: key paths on variables (`$source.color`), constants,
/// `FUNCTION(…)` calls (the mapping manager's lookups among them), NSExpression's arithmetic and string
/// functions, ternaries with comparison and compound predicates, and aggregates.
package enum ArchivedExpressionDecoder {
    /// NSExpression's built-in functions (`add:to:`) and the expression-language operator or function they are.
    static let builtins: [String: String] = [
        "add:to:": "+", "from:subtract:": "-", "multiply:by:": "*", "divide:by:": "/", "modulus:by:": "%",
        "uppercase:": "upper", "lowercase:": "lower", "abs:": "abs", "now": "now", "count:": "count",
        "max:": "max", "min:": "min", "floor:": "floor", "ceiling:": "ceil", "trunc:": "integer",
    ]

    /// Decodes `object`; `depth` counts the archived objects above it, so a cyclic or absurdly deep graph
    /// is refused instead of recursing without end.
    package static func decode(_ object: ArchivedObject, depth: Int = 0) throws(ExpressionEvaluationError) -> Expression {
        guard depth < Expression.maximumDepth else {
            throw problem("the archived objects nest deeper than \(Expression.maximumDepth) levels (or refer to themselves)")
        }
        let classes = object.classHierarchy
        let depth = depth + 1
        if classes.contains("NSVariableExpression") {
            guard let name = object["NSVariable"]?.string else { throw problem("a variable expression without a name") }
            return try node(.variable(name))
        }
        if classes.contains("NSConstantValueExpression") {
            return try node(.literal(constant(object["NSConstantValue"], depth: depth)))
        }
        if classes.contains("NSKeyPathSpecifierExpression") {
            guard let path = object["NSKeyPath"]?.string else { throw problem("a key path without a path") }
            return try node(XcodeKeyPath.keys(path, on: Expression(.variable("source"))).kind)
        }
        if classes.contains("NSTernaryExpression") {
            guard let predicate = object["NSPredicate"], let yes = object["NSTrueExpression"],
                let no = object["NSFalseExpression"]
            else { throw problem("a ternary expression without its parts") }
            return try node(
                .conditional(
                    try ArchivedPredicateDecoder.decode(predicate, depth: depth), try decode(yes, depth: depth),
                    try decode(no, depth: depth)))
        }
        if classes.contains("NSAggregateExpression") {
            return try node(
                .list(
                    try (object["NSCollection"]?.elements ?? []).map { (item) throws(ExpressionEvaluationError) in
                        try decode(item, depth: depth)
                    }))
        }
        if classes.contains("NSFunctionExpression") {
            return try function(object, depth: depth)
        }
        throw problem("an expression of class \(object.className ?? "unknown") is not supported")
    }

    private static func function(_ object: ArchivedObject, depth: Int) throws(ExpressionEvaluationError) -> Expression {
        guard let selector = object["NSSelectorName"]?.string else { throw problem("a function expression without a selector") }
        var arguments: [Expression] = []
        for item in object["NSArguments"]?.elements ?? [] { arguments.append(try decode(item, depth: depth)) }
        if selector == "valueForKeyPath:" || selector == "valueForKey:" {
            guard let operand = object["NSOperand"], let specifier = object["NSArguments"]?.elements?.first,
                let path = specifier["NSKeyPath"]?.string ?? specifier["NSConstantValue"]?.string
            else { throw problem("a key path expression without its key path") }
            return try node(XcodeKeyPath.keys(path, on: try decode(operand, depth: depth)).kind)
        }
        if let mapped = builtins[selector] {
            if let op = BinaryOperator(rawValue: mapped), arguments.count == 2 {
                return try node(.binary(op, arguments[0], arguments[1]))
            }
            return try node(.call(name: mapped, arguments: arguments))
        }
        guard let operand = object["NSOperand"] else { throw problem("FUNCTION \(selector) without a target") }
        return try node(.function(target: try decode(operand, depth: depth), selector: selector, arguments: arguments))
    }

    /// A node, refused when the tree under it is deeper than ``Expression/maximumDepth``.
    static func node(_ kind: Expression.Kind) throws(ExpressionEvaluationError) -> Expression {
        let expression = Expression(kind)
        guard expression.height <= Expression.maximumDepth else {
            throw problem("the expression nests deeper than \(Expression.maximumDepth) levels")
        }
        return expression
    }

    /// A constant's value; an archived array nested deeper than ``Expression/maximumDepth`` (a cycle
    /// among them) is refused.
    static func constant(_ object: ArchivedObject?, depth: Int = 0) throws(ExpressionEvaluationError) -> ExpressionValue {
        guard let object else { return .null }
        guard depth < Expression.maximumDepth else {
            throw problem("a constant's arrays nest deeper than \(Expression.maximumDepth) levels (or contain themselves)")
        }
        if let text = object.string { return .string(text) }
        if let date = object.date { return .date(date.timeIntervalSinceReferenceDate) }
        if let uuid = object.uuid { return .uuid(uuid) }
        if let flag = object.value.boolean { return .bool(flag) }
        if let number = object.value.integer { return .integer(number) }
        if let number = object.value.real { return .double(number) }
        if let data = object.data { return .data(data) }
        if let items = object.elements {
            var values: [ExpressionValue] = []
            for item in items { values.append(try constant(item, depth: depth + 1)) }
            return .list(values)
        }
        return .null
    }

    static func problem(_ message: String) -> ExpressionEvaluationError {
        ExpressionEvaluationError("cannot decode the archived NSExpression: \(message)")
    }
}

/// Turns an `NSExpression` read from a keyed archive (as Xcode stores value expressions in
/// `xcmapping.xml`) into an ``Expression``.
///
/// Covers what the mapping editor produces: key paths on variables (`$source.color`), constants,
/// `FUNCTION(…)` calls (the mapping manager's lookups among them), NSExpression's arithmetic and string
/// functions, ternaries with comparison and compound predicates, and aggregates.
enum ArchivedExpressionDecoder {
    /// NSExpression's built-in functions (`add:to:`) and the expression-language operator or function they are.
    static let builtins: [String: String] = [
        "add:to:": "+", "from:subtract:": "-", "multiply:by:": "*", "divide:by:": "/", "modulus:by:": "%",
        "uppercase:": "upper", "lowercase:": "lower", "abs:": "abs", "now": "now", "count:": "count",
        "max:": "max", "min:": "min", "floor:": "floor", "ceiling:": "ceil", "trunc:": "integer",
    ]

    static func decode(_ object: ArchivedObject) throws(ExpressionEvaluationError) -> Expression {
        let classes = object.classHierarchy
        if classes.contains("NSVariableExpression") {
            guard let name = object["NSVariable"]?.string else { throw problem("a variable expression without a name") }
            return Expression(.variable(name))
        }
        if classes.contains("NSConstantValueExpression") {
            return Expression(.literal(constant(object["NSConstantValue"])))
        }
        if classes.contains("NSKeyPathSpecifierExpression") {
            guard let path = object["NSKeyPath"]?.string else { throw problem("a key path without a path") }
            return XcodeKeyPath.keys(path, on: Expression(.variable("source")))
        }
        if classes.contains("NSTernaryExpression") {
            guard let predicate = object["NSPredicate"], let yes = object["NSTrueExpression"],
                let no = object["NSFalseExpression"]
            else { throw problem("a ternary expression without its parts") }
            return Expression(.conditional(try ArchivedPredicateDecoder.decode(predicate), try decode(yes), try decode(no)))
        }
        if classes.contains("NSAggregateExpression") {
            return Expression(.list(try (object["NSCollection"]?.elements ?? []).map { (item) throws(ExpressionEvaluationError) in try decode(item) }))
        }
        if classes.contains("NSFunctionExpression") {
            return try function(object)
        }
        throw problem("an expression of class \(object.className ?? "unknown") is not supported")
    }

    private static func function(_ object: ArchivedObject) throws(ExpressionEvaluationError) -> Expression {
        guard let selector = object["NSSelectorName"]?.string else { throw problem("a function expression without a selector") }
        var arguments: [Expression] = []
        for item in object["NSArguments"]?.elements ?? [] { arguments.append(try decode(item)) }
        if selector == "valueForKeyPath:" || selector == "valueForKey:" {
            guard let operand = object["NSOperand"], let specifier = object["NSArguments"]?.elements?.first,
                let path = specifier["NSKeyPath"]?.string ?? specifier["NSConstantValue"]?.string
            else { throw problem("a key path expression without its key path") }
            return XcodeKeyPath.keys(path, on: try decode(operand))
        }
        if let mapped = builtins[selector] {
            if let op = BinaryOperator(rawValue: mapped), arguments.count == 2 {
                return Expression(.binary(op, arguments[0], arguments[1]))
            }
            return Expression(.call(name: mapped, arguments: arguments))
        }
        guard let operand = object["NSOperand"] else { throw problem("FUNCTION \(selector) without a target") }
        return Expression(.function(target: try decode(operand), selector: selector, arguments: arguments))
    }

    static func constant(_ object: ArchivedObject?) -> ExpressionValue {
        guard let object else { return .null }
        if let text = object.string { return .string(text) }
        if let date = object.date { return .date(date.timeIntervalSinceReferenceDate) }
        if let uuid = object.uuid { return .uuid(uuid) }
        if let flag = object.value.boolean { return .bool(flag) }
        if let number = object.value.integer { return .integer(number) }
        if let number = object.value.real { return .double(number) }
        if let data = object.data { return .data(data) }
        if let items = object.elements { return .list(items.map(constant)) }
        return .null
    }

    static func problem(_ message: String) -> ExpressionEvaluationError {
        ExpressionEvaluationError("cannot decode the archived NSExpression: \(message)")
    }
}

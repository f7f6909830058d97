/// NSExpression's `FUNCTION(target, "selector:", …)`: the mapping manager's lookups, a few NSString
/// methods, and otherwise a registered function named after the selector's first part
/// (`FUNCTION($entityPolicy, "slug:", $source.title)` calls the function `slug`).
enum SelectorCall {
    static let entityMappingLookup = "destinationInstancesForEntityMappingNamed:sourceInstances:"
    static let relationshipLookup = "destinationInstancesForSourceRelationshipNamed:sourceInstances:"

    static func perform(
        _ selector: String, target: Expression, arguments: [ExpressionValue], in environment: some ExpressionEnvironment
    ) throws -> ExpressionValue {
        let isVariable = { (name: String) in target.kind == .variable(name) }
        if isVariable("manager"), selector == entityMappingLookup || selector == relationshipLookup {
            guard arguments.count == 2, case .string(let name) = arguments[0] else {
                throw ExpressionEvaluationError("\(selector) takes a name string and source objects")
            }
            let sources = arguments[1].objects
            let found =
                selector == entityMappingLookup
                ? try environment.destinationInstances(mapping: name, sources: sources)
                : try environment.destinationInstances(sourceRelationship: name, sources: sources)
            return .list(found.map(ExpressionValue.object))
        }
        let targetValue = isVariable("entityPolicy") ? nil : try ExpressionEvaluator.evaluate(target, in: environment)
        if case .string(let text)? = targetValue, let result = try stringMethod(selector, text, arguments) {
            return result
        }
        let name = String(selector.prefix { $0 != ":" })
        guard let function = environment.functions.function(named: name) else {
            throw ExpressionEvaluationError("no function is registered for selector \(selector)")
        }
        return try ExpressionEvaluator.call(function, (targetValue.map { [$0] } ?? []) + arguments)
    }

    private static func stringMethod(_ selector: String, _ text: String, _ arguments: [ExpressionValue]) throws
        -> ExpressionValue?
    {
        switch (selector, arguments.count) {
        case ("uppercaseString", 0): return .string(text.uppercased())
        case ("lowercaseString", 0): return .string(text.lowercased())
        case ("length", 0): return .integer(Int64(text.count))
        case ("stringByAppendingString:", 1): return .string(text + arguments[0].text)
        case ("substringToIndex:", 1): return .string(String(text.prefix(try index(arguments[0]))))
        case ("substringFromIndex:", 1): return .string(String(text.dropFirst(try index(arguments[0]))))
        case ("stringByReplacingOccurrencesOfString:withString:", 2):
            return .string(text.replacingOccurrences(of: arguments[0].text, with: arguments[1].text))
        default: return nil
        }
    }

    private static func index(_ value: ExpressionValue) throws -> Int {
        max(0, try ExpressionBuiltins.integer(value, "index"))
    }
}

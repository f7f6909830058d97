/// Key-value coding's collection operators in key paths (`$source.countries.@distinctUnionOfSets.moods`):
/// the operator applies the key after it to each member of the collection before it and combines the results.
enum CollectionOperator {
    /// `op` (with its `@`) applied with `key` to `collection`; `nil` stays `nil`.
    static func apply(_ op: String, key: String, to collection: ExpressionValue, in environment: some ExpressionEnvironment)
        throws -> ExpressionValue
    {
        guard case .list(let items) = collection else {
            if collection == .null { return .null }
            throw ExpressionEvaluationError("\(op) needs a collection, not \(collection.typeName) \(collection)")
        }
        if op == "@count" { return .integer(Int64(items.count)) }
        let values = try items.map { try ExpressionEvaluator.key(key, of: $0, in: environment) }
        switch op {
        case "@unionOfObjects": return .list(values)
        case "@distinctUnionOfObjects": return .list(distinct(values))
        case "@unionOfArrays": return .list(try flattened(values, op))
        case "@unionOfSets", "@distinctUnionOfSets", "@distinctUnionOfArrays": return .list(distinct(try flattened(values, op)))
        case "@sum": return try values.filter { $0 != .null }.reduce(.integer(0)) { try ExpressionOperators.apply(.add, $0, $1) }
        case "@avg":
            let present = values.filter { $0 != .null }
            guard !present.isEmpty else { return .null }
            let sum = try present.reduce(ExpressionValue.double(0)) { try ExpressionOperators.apply(.add, $0, $1) }
            return try ExpressionOperators.apply(.divide, sum, .double(Double(present.count)))
        case "@max", "@min":
            let wanted: BinaryOperator = op == "@max" ? .greater : .less
            return try values.filter { $0 != .null }.reduce(ExpressionValue.null) { best, value in
                guard best != .null else { return value }
                return try ExpressionOperators.apply(wanted, value, best) == .bool(true) ? value : best
            }
        default:
            throw ExpressionEvaluationError("unknown collection operator \(op)")
        }
    }

    private static func flattened(_ values: [ExpressionValue], _ op: String) throws -> [ExpressionValue] {
        try values.flatMap { (value) throws -> [ExpressionValue] in
            switch value {
            case .list(let members): return members
            case .null: return []
            default: throw ExpressionEvaluationError("\(op) needs collections, not \(value.typeName) \(value)")
            }
        }
    }

    private static func distinct(_ values: [ExpressionValue]) -> [ExpressionValue] {
        var seen: Set<ExpressionValue> = []
        return values.filter { seen.insert($0).inserted }
    }
}

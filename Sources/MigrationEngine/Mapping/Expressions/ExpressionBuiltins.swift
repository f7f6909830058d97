import Foundation

/// The functions every expression can call. String functions give `nil` for a `nil` argument, so an
/// optional attribute that is empty stays empty.
enum ExpressionBuiltins {
    static let all: [ExpressionFunction] =
        strings + conversions + numbers + [
            ExpressionFunction("uuid", arity: 0...0, isDeterministic: false) { _ in .uuid(UUID()) },
            ExpressionFunction("now", arity: 0...0, isDeterministic: false) { _ in
                .date(Date().timeIntervalSinceReferenceDate)
            },
            ExpressionFunction("date", arity: 1...1) { arguments in
                guard case .string(let text) = arguments[0] else { return try nullOr(arguments[0], "date") }
                guard let seconds = DateLiteral.parse(text) else {
                    throw ExpressionEvaluationError("\"\(text)\" is not an ISO 8601 date")
                }
                return .date(seconds)
            },
            ExpressionFunction("coalesce", arity: 1...16) { arguments in
                arguments.first { !$0.isNull } ?? .null
            },
            ExpressionFunction("count", arity: 1...1) { arguments in
                switch arguments[0] {
                case .null: .integer(0)
                case .list(let items): .integer(Int64(items.count))
                case .string(let text): .integer(Int64(text.count))
                default: .integer(1)
                }
            },
        ]

    static let strings: [ExpressionFunction] = [
        text("upper") { $0.uppercased() }, text("uppercase") { $0.uppercased() },
        text("lower") { $0.lowercased() }, text("lowercase") { $0.lowercased() },
        trim,
        ExpressionFunction("length", arity: 1...1) { arguments in
            arguments[0].isNull ? .null : .integer(Int64(arguments[0].text.count))
        },
        ExpressionFunction("concat", arity: 1...16) { arguments in
            .string(arguments.filter { !$0.isNull }.map(\.text).joined())
        },
        ExpressionFunction("replace", arity: 3...3) { arguments in
            guard !arguments[0].isNull else { return .null }
            return .string(arguments[0].text.replacingOccurrences(of: arguments[1].text, with: arguments[2].text))
        },
        ExpressionFunction("substring", arity: 2...3) { arguments in
            guard !arguments[0].isNull else { return .null }
            let characters = Array(arguments[0].text)
            let start = min(max(0, try integer(arguments[1], "substring")), characters.count)
            let length = arguments.count == 3 ? max(0, try integer(arguments[2], "substring")) : characters.count
            return .string(String(characters[start..<(start + min(characters.count - start, length))]))
        },
        ExpressionFunction("prefix", arity: 2...2) { arguments in
            guard !arguments[0].isNull else { return .null }
            return .string(String(arguments[0].text.prefix(max(0, try integer(arguments[1], "prefix")))))
        },
        ExpressionFunction("suffix", arity: 2...2) { arguments in
            guard !arguments[0].isNull else { return .null }
            return .string(String(arguments[0].text.suffix(max(0, try integer(arguments[1], "suffix")))))
        },
        predicate("hasPrefix") { $0.hasPrefix($1) }, predicate("hasSuffix") { $0.hasSuffix($1) },
        predicate("contains") { $0.contains($1) },
    ]

    static let conversions: [ExpressionFunction] = [
        ExpressionFunction("string", arity: 1...1) { $0[0].isNull ? .null : .string($0[0].text) },
        ExpressionFunction("integer", arity: 1...1) { arguments in
            try ValueCoercion.coerce(arguments[0], to: .integer64)
        },
        ExpressionFunction("double", arity: 1...1) { arguments in
            try ValueCoercion.coerce(arguments[0], to: .double)
        },
    ]

    static let numbers: [ExpressionFunction] = [
        number("abs", integer: { $0 == .min ? nil : abs($0) }, double: { abs($0) }), number("round") { $0.rounded() },
        number("floor") { $0.rounded(.down) }, number("ceil") { $0.rounded(.up) },
        ExpressionFunction("min", arity: 1...16) { try extreme($0, "min", <) },
        ExpressionFunction("max", arity: 1...16) { try extreme($0, "max", >) },
    ]

    /// `trim`: text that starts and ends with visible ASCII has nothing to trim (no such byte is whitespace),
    /// checked first because Foundation's trimming is slow and mapped steps call it once a row.
    private static let trim: ExpressionFunction = {
        var function = text("trim") { text in
            if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
                (0x21...0x7E).contains(last)
            {
                return text
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        function.keepsVisibleASCII = true
        return function
    }()

    private static func text(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> ExpressionFunction {
        ExpressionFunction(name, arity: 1...1) { $0[0].isNull ? .null : .string(transform($0[0].text)) }
    }

    private static func predicate(_ name: String, _ test: @escaping @Sendable (String, String) -> Bool)
        -> ExpressionFunction
    {
        ExpressionFunction(name, arity: 2...2) { $0[0].isNull ? .bool(false) : .bool(test($0[0].text, $0[1].text)) }
    }

    /// A numeric function; `integer` is its exact form on integers (an integer is already rounded), `nil`
    /// when the result does not fit 64 bits.
    private static func number(
        _ name: String, integer: @escaping @Sendable (Int64) -> Int64? = { $0 },
        double transform: @escaping @Sendable (Double) -> Double
    ) -> ExpressionFunction {
        ExpressionFunction(name, arity: 1...1) { arguments in
            switch arguments[0] {
            case .null: return .null
            case .integer(let value):
                guard let result = integer(value) else {
                    throw ExpressionEvaluationError("\(name)(\(value)) does not fit a 64-bit integer")
                }
                return .integer(result)
            case .double(let value): return .double(transform(value))
            default: throw ExpressionEvaluationError.typeMismatch(name, arguments[0])
            }
        }
    }

    private static func extreme(_ values: [ExpressionValue], _ name: String, _ better: (Double, Double) -> Bool)
        throws -> ExpressionValue
    {
        var best: (value: ExpressionValue, number: Double)?
        for value in values where !value.isNull {
            guard let number = value.numeric else { throw ExpressionEvaluationError.typeMismatch(name, value) }
            if best == nil || better(number, best!.number) { best = (value, number) }
        }
        return best?.value ?? .null
    }

    /// A count or position argument: any finite number, truncated and clamped to ±2⁵³ so that arithmetic on it
    /// cannot overflow (no string is that long).
    static func integer(_ value: ExpressionValue, _ name: String) throws -> Int {
        guard let number = value.numeric, number.isFinite else { throw ExpressionEvaluationError.typeMismatch(name, value) }
        let limit = Double(1 << 53)
        return Int(Swift.min(Swift.max(number, -limit), limit))
    }

    private static func nullOr(_ value: ExpressionValue, _ name: String) throws -> ExpressionValue {
        switch value {
        case .null, .date: value
        default: throw ExpressionEvaluationError.typeMismatch(name, value)
        }
    }
}

import GRDB

/// SQL text built only from the engine's own source literals (keywords, punctuation, placeholders), quoted
/// ``SQLIdentifier``s and other fragments, with every value it names bound as an argument.
///
/// Text read from a store, a model or a mapping file reaches a fragment only as an identifier, which it
/// quotes, or as a bound value, never as SQL: there is no way to splice a `String` in. A fragment's own
/// values are positional `?`s; a parameter bound later, each time a prepared statement runs, is written
/// as a named parameter (`:low`) when the fragment also holds values, so the two never mix up.
///
/// ```swift
/// let count: SQLFragment = "SELECT COUNT(*) FROM \(table) WHERE \(SQLIdentifier.entityNumber) IN (\(values: numbers))"
/// let total = try Int.fetchOne(db, count.request)
/// ```
struct SQLFragment: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The SQL text: identifiers quoted, each bound value a `?`.
    private(set) var sql: String
    /// The values of the fragment's `?`s, in order.
    private(set) var arguments: [DatabaseValue]

    /// A fragment of source text alone (only a literal converts implicitly; never pass text read from a file).
    init(stringLiteral value: String) {
        sql = value
        arguments = []
    }

    /// A fragment written with interpolations (see ``StringInterpolation``).
    init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        arguments = stringInterpolation.arguments
    }

    /// The fragments one after another, `separator` between them.
    static func joined(_ parts: [SQLFragment], separator: StaticString = ", ") -> SQLFragment {
        var result: SQLFragment = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { result.sql += separator.description }
            result.append(part)
        }
        return result
    }

    /// `lhs` followed by `rhs`.
    static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The fragment's values as GRDB statement arguments.
    var statementArguments: StatementArguments {
        StatementArguments(arguments)
    }

    /// The fragment as a GRDB request, its values bound: `try Int.fetchOne(db, fragment.request)`.
    var request: SQLRequest<Row> {
        SQLRequest(sql: sql, arguments: statementArguments)
    }

    /// The SQL text, for error messages.
    var description: String { sql }

    private mutating func append(_ other: SQLFragment) {
        sql += other.sql
        arguments += other.arguments
    }
}

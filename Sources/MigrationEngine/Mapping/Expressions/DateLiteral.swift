import Foundation

/// Date literals: `date("2024-03-01")`, `date("2024-03-01T12:30:00Z")`, checked while parsing.
enum DateLiteral {
    /// A literal date node for `date("…")` with a constant string, or a call node for a computed one.
    static func expression(_ arguments: [Expression], at position: SourcePosition) throws(ExpressionSyntaxError)
        -> Expression
    {
        guard arguments.count == 1 else {
            throw ExpressionSyntaxError(at: position, "date takes one argument, an ISO 8601 date such as \"2024-03-01\"")
        }
        guard case .literal(.string(let text)) = arguments[0].kind else {
            return Expression(.call(name: "date", arguments: arguments), at: position)
        }
        guard let seconds = parse(text) else {
            throw ExpressionSyntaxError(
                at: arguments[0].position, "\"\(text)\" is not an ISO 8601 date (2024-03-01 or 2024-03-01T12:30:00Z)")
        }
        return Expression(.literal(.date(seconds)), at: position)
    }

    /// Seconds since 2001-01-01 UTC for ISO 8601 text, or `nil`.
    static func parse(_ text: String) -> Double? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date.timeIntervalSinceReferenceDate }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date.timeIntervalSinceReferenceDate }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)?.timeIntervalSinceReferenceDate
    }
}

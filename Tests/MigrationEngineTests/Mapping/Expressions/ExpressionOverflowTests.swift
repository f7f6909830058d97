import Foundation
import MigrationEngine
import Testing

/// Integer edge cases that trapped (killed the process) instead of answering: each now gives a value or an
/// evaluation error.
@Suite("Expression arithmetic at the edges")
struct ExpressionOverflowTests {
    static func evaluate(_ text: String) throws -> ExpressionValue {
        try ExpressionEvaluator.evaluate(ExpressionParser.parse(text), in: StaticExpressionEnvironment())
    }

    @Test(
        "Results that fit are exact",
        arguments: [
            ("floor(9223372036854775807)", ExpressionValue.integer(.max)),
            ("abs(-9223372036854775807)", .integer(.max)),
            ("abs(-9007199254740993)", .integer(9_007_199_254_740_993)),
            ("substring(\"abc\", 1, 9223372036854775807)", .string("bc")),
            ("substring(\"abc\", 1e300)", .string("")),
            ("substring(\"abc\", 0, 1e300)", .string("abc")),
            ("FUNCTION(\"abc\", \"substringToIndex:\", 1e300)", .string("abc")),
            ("FUNCTION(\"abc\", \"substringFromIndex:\", -1e300)", .string("abc")),
        ])
    func exact(text: String, expected: ExpressionValue) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test(
        "Results that do not fit, and non-finite positions, are evaluation errors",
        arguments: [
            "abs(-9223372036854775807 - 1)",
            "(-9223372036854775807 - 1) % -1",
            "substring(\"abc\", 1e300 * 1e300 - 1e300 * 1e300)",
        ])
    func refused(text: String) {
        #expect(throws: ExpressionEvaluationError.self) { try Self.evaluate(text) }
    }
}

import Foundation
import Testing

@testable import MigrationEngine

@Suite("Expression evaluator")
struct ExpressionEvaluatorTests {
    private func evaluate(
        _ text: String, _ variables: [String: ExpressionValue] = [:],
        functions: ExpressionFunctions = .standard
    ) throws -> ExpressionValue {
        let expression = try ExpressionParser.parse(text)
        try functions.check(expression)
        return try ExpressionEvaluator.evaluate(
            expression, in: StaticExpressionEnvironment(variables: variables, functions: functions))
    }

    @Test("arithmetic keeps integers whole and divides into numbers")
    func arithmetic() throws {
        #expect(try evaluate("7 + 3 * 2") == .integer(13))
        #expect(try evaluate("7 % 4") == .integer(3))
        #expect(try evaluate("$p / 100", ["p": .integer(45)]) == .double(0.45))
        #expect(try evaluate("-(2 - 5)") == .integer(3))
        #expect(try evaluate("1.5 * 2") == .double(3))
        #expect(try evaluate("$missing + 1", ["missing": .null]) == .null)
    }

    @Test("comparison and Boolean logic")
    func logic() throws {
        #expect(try evaluate("3 > 2 && 'a' < 'b' || false") == .bool(true))
        #expect(try evaluate("1 == 1.0 AND NOT (2 <> 2)") == .bool(true))
        #expect(try evaluate("$x == nil ? 'none' : 'some'", ["x": .null]) == .string("none"))
        #expect(try evaluate("IF(5 >= 5, 'yes', 1 / 0)") == .string("yes"))
    }

    @Test("string functions")
    func strings() throws {
        let content: [String: ExpressionValue] = ["c": .string("We diminution preference")]
        #expect(try evaluate("substring($c, 0, 4) + '...'", content) == .string("We d..."))
        #expect(try evaluate("prefix($c, 2) + suffix($c, 3)", content) == .string("Wence"))
        #expect(try evaluate("upper('abc') + lower('DEF')") == .string("ABCdef"))
        #expect(try evaluate("trim('  x  ')") == .string("x"))
        #expect(try evaluate("replace('a-b-c', '-', '+')") == .string("a+b+c"))
        #expect(try evaluate("concat('n', 1, nil, true)") == .string("n1true"))
        #expect(try evaluate("length('héllo')") == .integer(5))
        #expect(try evaluate("upper($n)", ["n": .null]) == .null)
        #expect(try evaluate(#"FUNCTION('abc', "uppercaseString")"#) == .string("ABC"))
        #expect(try evaluate(#"FUNCTION($c, "substringToIndex:", 2)"#, content) == .string("We"))
    }

    @Test("uuid, now and dates")
    func generated() throws {
        guard case .uuid(let first) = try evaluate("uuid()"), case .uuid(let second) = try evaluate("uuid()") else {
            Issue.record("uuid() is not a UUID")
            return
        }
        #expect(first != second)
        guard case .date(let seconds) = try evaluate("now()") else {
            Issue.record("now() is not a date")
            return
        }
        #expect(abs(seconds - Date().timeIntervalSinceReferenceDate) < 60)
        #expect(try evaluate(#"date("2001-01-01T00:01:00Z") + 60"#) == .date(120))
        #expect(try ValueCoercion.coerce(.uuid(first), to: .string) == .string(first.uuidString))
    }

    @Test("registered Swift functions are called by name or through FUNCTION")
    func registered() throws {
        var functions = ExpressionFunctions.standard
        functions.register(
            ExpressionFunction("initials", arity: 1...1) { arguments in
                .string(arguments[0].text.split(separator: " ").compactMap(\.first).map(String.init).joined())
            })
        #expect(try evaluate("initials('Ada Lovelace')", functions: functions) == .string("AL"))
        #expect(
            try evaluate(
                #"FUNCTION($entityPolicy, "initials:", 'Grace Hopper')"#, ["entityPolicy": .null],
                functions: functions) == .string("GH"))
    }

    @Test(
        "runtime errors say what went wrong",
        arguments: [
            ("1 / 0", "division by zero: 1 / 0"),
            ("1 % 0", "division by zero: 1 % 0"),
            ("'a' * 2", "type mismatch: * cannot take string \"a\" and integer 2"),
            ("'a' < 2", "type mismatch: < cannot take string \"a\" and integer 2"),
            ("'a' ? 1 : 2", "type mismatch: ?: cannot take string \"a\""),
            ("9223372036854775807 + 1", "overflow: 9223372036854775807 + 1"),
            ("$undefined", "undefined variable $undefined"),
        ])
    func runtimeErrors(text: String, message: String) {
        #expect(throws: ExpressionEvaluationError(message)) { try evaluate(text) }
    }

    @Test("values are coerced to the destination attribute's type")
    func coercion() throws {
        #expect(try ValueCoercion.coerce(.double(2.9), to: .integer16) == .integer(2))
        #expect(try ValueCoercion.coerce(.string("NO"), to: .boolean) == .bool(false))
        #expect(try ValueCoercion.coerce(.integer(3), to: .string) == .string("3"))
        #expect(throws: ExpressionEvaluationError.self) { try ValueCoercion.coerce(.string("abc"), to: .integer32) }
    }
}

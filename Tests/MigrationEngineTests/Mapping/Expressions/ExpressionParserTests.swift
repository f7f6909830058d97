import Foundation
import Testing

@testable import MigrationEngine

@Suite("Expression parser")
struct ExpressionParserTests {
    @Test("key paths, arithmetic and precedence read like Xcode's mapping editor")
    func precedence() throws {
        let expression = try ExpressionParser.parse("$source.percentage / 100 + 1 * 2")
        #expect(expression.description == "$source.percentage / 100 + 1 * 2")
        guard case .binary(.add, let lhs, _) = expression.kind else {
            Issue.record("not an addition")
            return
        }
        #expect(lhs.description == "$source.percentage / 100")
        #expect(try ExpressionParser.parse("($source.a + 1) * 2").description == "($source.a + 1) * 2")
    }

    @Test("Boolean words, conditionals and IF are the same tree")
    func conditionals() throws {
        let ternary = try ExpressionParser.parse("$source.count > 3 AND NOT $source.hidden ? 'many' : \"few\"")
        let function = try ExpressionParser.parse("IF($source.count > 3 && !$source.hidden, 'many', 'few')")
        #expect(ternary.description == function.description)
        #expect(ternary.description == "$source.count > 3 && !$source.hidden ? \"many\" : \"few\"")
    }

    @Test("FUNCTION with the mapping manager parses into a selector call")
    func managerFunction() throws {
        let text =
            #"FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "PostToPost", $source.post)"#
        let expression = try ExpressionParser.parse(text)
        guard case .function(let target, let selector, let arguments) = expression.kind else {
            Issue.record("not a FUNCTION node")
            return
        }
        #expect(target.kind == .variable("manager"))
        #expect(selector == "destinationInstancesForEntityMappingNamed:sourceInstances:")
        #expect(arguments.map(\.description) == ["\"PostToPost\"", "$source.post"])
        #expect(expression.description == text)
    }

    @Test("date literals are checked while parsing")
    func dates() throws {
        let expression = try ExpressionParser.parse(#"date("2001-01-02")"#)
        #expect(expression.kind == .literal(.date(86_400)))
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(#"date("yesterday")"#) }
    }

    @Test(
        "syntax errors point at line and column",
        arguments: [
            ("$source.a +", 1, 12, "expected a value but found end of expression"),
            ("$source.a\n  + * 2", 2, 5, "expected a value but found *"),
            ("color", 1, 1, "unknown name \"color\"; attributes are read from a variable, as in $source.color"),
            ("'open", 1, 1, "unterminated string"),
            ("$source.a # 1", 1, 11, "unexpected character \"#\""),
            ("upper($source.a", 1, 16, "expected \")\" but found end of expression"),
        ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect {
            try ExpressionParser.parse(text)
        } throws: { error in
            let syntax = error as? ExpressionSyntaxError
            return syntax?.position == SourcePosition(line: line, column: column) && syntax?.message == message
        }
    }

    @Test("unknown functions and wrong argument counts are found before anything runs")
    func functionCheck() throws {
        let unknown = try ExpressionParser.parse("1 + shout($source.a)")
        #expect(throws: ExpressionSyntaxError(at: SourcePosition(line: 1, column: 5), "unknown function \"shout\"")) {
            try ExpressionFunctions.standard.check(unknown)
        }
        let arity = try ExpressionParser.parse("replace($source.a, 'x')")
        #expect(throws: ExpressionSyntaxError(at: .start, "replace takes 3 arguments")) {
            try ExpressionFunctions.standard.check(arity)
        }
    }

    @Test("positions inside an expression shift to the file")
    func offsets() {
        let origin = SourcePosition(line: 10, column: 15)
        #expect(SourcePosition(line: 1, column: 3).offset(by: origin) == SourcePosition(line: 10, column: 17))
        #expect(SourcePosition(line: 2, column: 3).offset(by: origin) == SourcePosition(line: 11, column: 3))
    }
}

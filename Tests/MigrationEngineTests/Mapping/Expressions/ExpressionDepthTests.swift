import Foundation
import MigrationEngine
import Testing

/// Expressions come from mapping files a user may not have written; however deep they nest, the process
/// must answer with an error at a position, never overflow its stack.
@Suite("Expression depth limits")
struct ExpressionDepthTests {
    static let limit = Expression.maximumDepth

    @Test(
        "20,000 nested parentheses, 20,000 prefix operators and 10,000 '+' terms are syntax errors",
        arguments: [
            String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000),
            String(repeating: "!", count: 20_000) + "true",
            String(repeating: "-", count: 20_000) + "1",
            (1...10_000).map(String.init).joined(separator: " + "),
            String(repeating: "upper(", count: 20_000) + "'a'" + String(repeating: ")", count: 20_000),
            String(repeating: "{", count: 20_000) + String(repeating: "}", count: 20_000),
            String(repeating: "true ? 1 : ", count: 20_000) + "2",
            "$source" + String(repeating: ".a", count: 10_000),
        ])
    func deepText(text: String) {
        let error = #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(text) }
        #expect(error?.message == "the expression nests deeper than \(Self.limit) levels")
    }

    @Test("Nesting up to the limit still parses and evaluates")
    func withinLimit() throws {
        let nested = String(repeating: "(", count: Self.limit - 2) + "1" + String(repeating: ")", count: Self.limit - 2)
        #expect(
            try ExpressionEvaluator.evaluate(ExpressionParser.parse(nested), in: StaticExpressionEnvironment()) == .integer(1))
        let sum = Array(repeating: "1", count: Self.limit).joined(separator: " + ")
        #expect(
            try ExpressionEvaluator.evaluate(ExpressionParser.parse(sum), in: StaticExpressionEnvironment())
                == .integer(Int64(Self.limit)))
    }

    @Test("The mapping file reader reports a deep expression at its line and column")
    func inMappingFile() {
        let deep = (1...5_000).map { _ in "1" }.joined(separator: " + ")
        let text = "from: A\nto: B\nmappings:\n  - source: Post\n    destination: Post\n    attributes:\n      title: \(deep)\n"
        let error = #expect(throws: MappingFileError.self) { try MappingFileReader.read(text, path: "m.yaml") }
        #expect(error?.description.hasPrefix("m.yaml:7:") == true)
        #expect(error?.description.contains("nests deeper than \(Self.limit) levels") == true)
    }

    @Test("A tree built in code deeper than the limit is refused by the evaluator")
    func evaluatorLimit() {
        var expression = Expression(.literal(.integer(1)))
        for _ in 0..<(Self.limit + 5) { expression = Expression(.unary(.negate, expression)) }
        #expect(expression.height == Self.limit + 6)
        let error = #expect(throws: ExpressionEvaluationError.self) {
            try ExpressionEvaluator.evaluate(expression, in: StaticExpressionEnvironment())
        }
        #expect(error?.message == "the expression nests deeper than \(Self.limit) levels")
    }
}

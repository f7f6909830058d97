import Foundation
import Testing

@testable import MigrationEngine

/// `NSPredicate`'s comparisons in the expression language, one operator at a time, evaluated as Core Data's
/// in-memory predicates evaluate them; hostile input (huge values, many wildcards, deep text) ends in an error.
@Suite("NSPredicate comparisons")
struct ComparisonPredicateTests {
    private let values: [String: ExpressionValue] = [
        "title": .string("Crème Brûlée Recipes"), "mood": .integer(3), "none": .null,
        "moods": .list([.integer(1), .integer(4), .integer(5)]), "names": .list([.string("Ada"), .string("Grace")]),
    ]

    private func evaluate(_ text: String) throws -> ExpressionValue {
        let expression = try ExpressionParser.parse(text)
        return try ExpressionEvaluator.evaluate(expression, in: StaticExpressionEnvironment(variables: values))
    }

    private func truth(_ text: String) throws -> Bool {
        try evaluate(text) == .bool(true)
    }

    @Test("CONTAINS, BEGINSWITH and ENDSWITH match case and accents exactly without options")
    func stringOperators() throws {
        #expect(try truth(#"$title CONTAINS "Brûlée""#))
        #expect(try !truth(#"$title CONTAINS "brûlée""#))
        #expect(try truth(#"$title BEGINSWITH "Crème""#))
        #expect(try !truth(#"$title BEGINSWITH "Creme""#))
        #expect(try truth(#"$title ENDSWITH "Recipes""#))
        #expect(try truth(#"$title contains "Rec""#), "keywords are read in any case")
        #expect(try !truth(#"$none CONTAINS "x""#), "nil matches no string operator")
    }

    @Test("[c] folds case, [d] folds accents, [cd] both")
    func options() throws {
        #expect(try truth(#"$title CONTAINS[c] "BRÛLÉE""#))
        #expect(try !truth(#"$title CONTAINS[c] "brulee""#))
        #expect(try truth(#"$title CONTAINS[d] "Brulee""#))
        #expect(try !truth(#"$title CONTAINS[d] "brulee""#))
        #expect(try truth(#"$title BEGINSWITH[cd] "CREME""#))
        #expect(try truth(#"$title ==[cd] "creme brulee recipes""#))
        #expect(try !truth(#"$title == "creme brulee recipes""#))
        #expect(try truth(#"$title !=[c] "x""#))
    }

    @Test("LIKE: * any run, ? one character, \\ literal, the whole text")
    func like() throws {
        #expect(try truth(#"$title LIKE "Crème*""#))
        #expect(try truth(#"$title LIKE "*Brûl?e*""#))
        #expect(try !truth(#"$title LIKE "Brûlée""#), "LIKE matches the whole text")
        #expect(try truth(#"$title LIKE[cd] "creme*recipes""#))
        #expect(try truth(#""a*b" LIKE "a\\*b""#))
        #expect(try !truth(#""axb" LIKE "a\\*b""#))
        #expect(try truth(#""" LIKE "*""#))
        #expect(try !truth(#""" LIKE "?""#))
    }

    @Test("IN a list or a string, CONTAINS on a collection is membership")
    func membership() throws {
        #expect(try truth("$mood IN {1, 2, 3}"))
        #expect(try !truth("$mood IN {1, 2}"))
        #expect(try truth("$mood IN {3.0}"), "numbers compare by value")
        #expect(try truth(#""ada" IN[c] $names"#))
        #expect(try truth(#"$names CONTAINS "Grace""#))
        #expect(try !truth(#"$names CONTAINS "grace""#))
        #expect(try truth(#""Brûl" IN $title"#))
        #expect(try !truth("$none IN {1}"))
    }

    @Test("BETWEEN {low, high} includes both ends")
    func between() throws {
        #expect(try truth("$mood BETWEEN {3, 5}"))
        #expect(try truth("$mood BETWEEN {1, 3}"))
        #expect(try !truth("$mood BETWEEN {4, 5}"))
        #expect(try truth(#""b" BETWEEN {"a", "c"}"#))
        #expect(throws: ExpressionEvaluationError.self) { try evaluate("$mood BETWEEN {1}") }
    }

    @Test("ANY, SOME, ALL and NONE test each member; nil is an empty collection")
    func quantifiers() throws {
        #expect(try truth("ANY $moods > 4"))
        #expect(try truth("SOME $moods == 1"))
        #expect(try !truth("ALL $moods > 1"))
        #expect(try truth("ALL $moods >= 1"))
        #expect(try truth("NONE $moods > 5"))
        #expect(try truth(#"ANY $names BEGINSWITH[c] "g""#))
        #expect(try !truth("ANY $none == 1"))
        #expect(try truth("ALL $none == 1"))
        #expect(throws: ExpressionEvaluationError.self) { try evaluate("ANY $mood == 1") }
        #expect(try !truth("$moods == 1"), "without a quantifier the collection itself is compared")
        #expect(throws: ExpressionEvaluationError.self) { try evaluate("$moods < 1") }
    }

    @Test("AND/OR/NOT and &&/||/! combine comparisons at NSPredicate's precedence")
    func logic() throws {
        #expect(try truth(#"$mood IN {3} AND $title CONTAINS "Rec" OR $mood == 9"#))
        #expect(try truth(#"!($title BEGINSWITH "x") && NOT $mood BETWEEN {4, 9}"#), "NOT negates the comparison")
        #expect(try truth(#"NOT $mood == 1 AND $mood == 3"#), "NOT stops at AND")
        #expect(try truth(#"$mood + 1 IN {4} || false"#), "arithmetic binds tighter than a comparison")
    }

    @Test("A comparison is written back as it parses, options and quantifier included")
    func description() throws {
        for text in [
            #"ANY $moods BETWEEN {1, 2} && $title CONTAINS[cd] "x""#, #"$title LIKE[c] "a*""#, "NONE $moods IN {1, 2}",
            #"$title ==[d] "e""#, "($mood IN {1}) == true",
        ] {
            let parsed = try ExpressionParser.parse(text)
            let again = try ExpressionParser.parse(parsed.description)
            #expect(again.description == parsed.description && again.height == parsed.height, "\(text) → \(parsed.description)")
        }
        guard case .binary(.equal, _, _) = try ExpressionParser.parse("$a == $b").kind else {
            Issue.record("a plain == stays the binary operator mappings compile to SQL")
            return
        }
    }

    @Test("Bare names are keys of the query's object only when asked; SELF is the object")
    func bareKeys() throws {
        let parsed = try ExpressionParser.parse("author.name == SELF", bareKeysOf: "object")
        #expect(parsed.description == "$object.author.name == $object")
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse("author.name == 1") }
        #expect(try ExpressionParser.parse("any == 1", bareKeysOf: "object").description == "$object.any == 1")
    }

    @Test(
        "Syntax errors point at the problem",
        arguments: [
            (#"$t CONTAINS[x] "a""#, 12, "expected [c], [d] or [cd] after CONTAINS"),
            (#"$t MATCHES "a.*""#, 4, "MATCHES (regular expressions) is not supported; LIKE matches * and ?"),
            ("ANY $moods + 1", 12, "expected a comparison after ANY $moods but found +"),
            (#"$t CONTAINS"#, 12, "expected a value but found end of expression"),
        ])
    func syntaxErrors(text: String, column: Int, message: String) {
        let error = #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(text) }
        #expect(error?.position == SourcePosition(line: 1, column: column))
        #expect(error?.message == message)
    }

    @Test("Wrong kinds are errors naming the operator, never a silent false")
    func kinds() {
        #expect(throws: ExpressionEvaluationError.self) { try evaluate(#"$mood CONTAINS "3""#) }
        #expect(throws: ExpressionEvaluationError.self) { try evaluate(#"$title BEGINSWITH 3"#) }
        #expect(throws: ExpressionEvaluationError.self) { try evaluate(#"$title IN 3"#) }
    }

    @Test("Hostile input: a 1 MB value against many wildcards gives up with an error; deep text is refused")
    func hostile() throws {
        let huge = ExpressionValue.string(String(repeating: "a", count: 1_000_000))
        let environment = StaticExpressionEnvironment(variables: ["v": huge])
        let starved = try ExpressionParser.parse(#"$v LIKE "*"# + String(repeating: "a", count: 30) + #"b""#)
        let error = #expect(throws: ExpressionEvaluationError.self) {
            try ExpressionEvaluator.evaluate(starved, in: environment)
        }
        #expect(error?.message.hasPrefix("LIKE gave up after") == true)
        #expect(try ExpressionEvaluator.evaluate(try ExpressionParser.parse(#"$v LIKE "a*a""#), in: environment) == .bool(true))
        let folded = try ExpressionParser.parse(#"$v CONTAINS[cd] "B""#)
        #expect(try ExpressionEvaluator.evaluate(folded, in: environment) == .bool(false))
        let chained = (1...5_000).map { _ in #"$v CONTAINS "a""# }.joined(separator: " CONTAINS ")
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(chained) }
        let quantified = String(repeating: "ANY ", count: 5_000) + "$v == 1"
        #expect(throws: ExpressionSyntaxError.self) { try ExpressionParser.parse(quantified) }
    }
}

import Foundation
import Testing

@testable import MigrationEngine

/// Key paths as Xcode writes them in mapping models, read into expressions.
@Suite("Xcode key paths")
struct XcodeKeyPathTests {
    @Test("KVC collection operators in key paths: distinct union, union, sum and count")
    func collectionOperators() throws {
        let environment = StaticExpressionEnvironment(variables: [
            "names": .list([.string("ab"), .string("cd"), .string("AB"), .null])
        ])
        let value = { (path: String) in
            try ExpressionEvaluator.evaluate(try #require(XcodeKeyPath.expression(path)), in: environment)
        }
        #expect(try value("$names.@distinctUnionOfObjects.uppercaseString") == .list([.string("AB"), .string("CD"), .null]))
        #expect(try value("$names.@unionOfObjects.length") == .list([.integer(2), .integer(2), .integer(2), .null]))
        #expect(try value("$names.@sum.length") == .integer(6))
        #expect(try value("$names.@count") == .integer(4))
        #expect(XcodeKeyPath.expression("$source..name") == nil)
    }
}

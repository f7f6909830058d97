import Foundation
import MigrationEngine
import Testing

/// Archived `NSExpression`s come from files too: an object graph that refers to itself or nests absurdly
/// deep must be refused, not followed until the stack runs out.
@Suite("Archived expression depth limits")
struct ArchivedExpressionDepthTests {
    static func classInfo(_ name: String) -> PropertyListValue {
        .dictionary([
            "$classname": .string(name), "$classes": .array([.string(name), .string("NSExpression"), .string("NSObject")]),
        ])
    }

    static func archive(_ objects: [PropertyListValue]) throws -> ArchivedObject {
        let plist = PropertyListValue.dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
            "$top": .dictionary(["root": .uid(1)]), "$objects": .array([.string("$null")] + objects),
        ])
        return try KeyedArchive(data: BinaryPropertyListWriter.write(plist)).root()
    }

    @Test("A function expression whose operand is itself is refused")
    func cycle() throws {
        let root = try Self.archive([
            .dictionary(["$class": .uid(2), "NSOperand": .uid(1), "NSSelectorName": .uid(3)]),
            Self.classInfo("NSFunctionExpression"),
            .string("description"),
        ])
        let error = #expect(throws: ExpressionEvaluationError.self) { try ArchivedExpressionDecoder.decode(root) }
        #expect(error?.message.contains("nest deeper than \(Expression.maximumDepth) levels (or refer to themselves)") == true)
    }

    @Test("A constant array that contains itself is refused")
    func constantCycle() throws {
        let root = try Self.archive([
            .dictionary(["$class": .uid(2), "NSConstantValue": .uid(3)]),
            Self.classInfo("NSConstantValueExpression"),
            .dictionary(["$class": .uid(4), "NS.objects": .array([.uid(3)])]),
            .dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")])]),
        ])
        let error = #expect(throws: ExpressionEvaluationError.self) { try ArchivedExpressionDecoder.decode(root) }
        #expect(error?.message.contains("contain themselves") == true)
    }

    @Test("A key path of 10,000 components is refused")
    func longKeyPath() throws {
        let root = try Self.archive([
            .dictionary(["$class": .uid(2), "NSKeyPath": .uid(3)]),
            Self.classInfo("NSKeyPathSpecifierExpression"),
            .string(Array(repeating: "a", count: 10_000).joined(separator: ".")),
        ])
        let error = #expect(throws: ExpressionEvaluationError.self) { try ArchivedExpressionDecoder.decode(root) }
        #expect(error?.message.contains("nests deeper than \(Expression.maximumDepth) levels") == true)
    }
}

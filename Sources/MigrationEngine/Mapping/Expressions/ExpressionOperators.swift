/// The arithmetic and comparison operators on ``ExpressionValue``s.
enum ExpressionOperators {
    static func apply(_ op: BinaryOperator, _ lhs: ExpressionValue, _ rhs: ExpressionValue) throws -> ExpressionValue {
        switch op {
        case .equal: return .bool(equal(lhs, rhs))
        case .notEqual: return .bool(!equal(lhs, rhs))
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool(try compare(op, lhs, rhs))
        default: break
        }
        if lhs.isNull || rhs.isNull { return .null }
        switch (op, lhs, rhs) {
        case (.add, .string(let a), .string(let b)): return .string(a + b)
        case (.add, .date(let a), _) where rhs.numeric != nil: return .date(a + rhs.numeric!)
        case (.subtract, .date(let a), .date(let b)): return .double(a - b)
        case (.subtract, .date(let a), _) where rhs.numeric != nil: return .date(a - rhs.numeric!)
        case (.add, .integer(let a), .integer(let b)): return try exact(a.addingReportingOverflow(b), op, lhs, rhs)
        case (.subtract, .integer(let a), .integer(let b)):
            return try exact(a.subtractingReportingOverflow(b), op, lhs, rhs)
        case (.multiply, .integer(let a), .integer(let b)):
            return try exact(a.multipliedReportingOverflow(by: b), op, lhs, rhs)
        case (.remainder, .integer(let a), .integer(let b)):
            guard b != 0 else { throw ExpressionEvaluationError("division by zero: \(lhs) % \(rhs)") }
            return try exact(a.remainderReportingOverflow(dividingBy: b), op, lhs, rhs)
        default: break
        }
        guard let a = lhs.numeric, let b = rhs.numeric, !isBool(lhs), !isBool(rhs) else {
            throw ExpressionEvaluationError.typeMismatch(op.rawValue, lhs, rhs)
        }
        switch op {
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide, .remainder:
            guard b != 0 else { throw ExpressionEvaluationError("division by zero: \(lhs) \(op.rawValue) \(rhs)") }
            return .double(op == .divide ? a / b : a.truncatingRemainder(dividingBy: b))
        default: throw ExpressionEvaluationError.typeMismatch(op.rawValue, lhs, rhs)
        }
    }

    private static func isBool(_ value: ExpressionValue) -> Bool {
        if case .bool = value { return true }
        return false
    }

    private static func exact(
        _ result: (partialValue: Int64, overflow: Bool), _ op: BinaryOperator,
        _ lhs: ExpressionValue, _ rhs: ExpressionValue
    ) throws -> ExpressionValue {
        guard !result.overflow else { throw ExpressionEvaluationError("overflow: \(lhs) \(op.rawValue) \(rhs)") }
        return .integer(result.partialValue)
    }

    static func equal(_ lhs: ExpressionValue, _ rhs: ExpressionValue) -> Bool {
        if let a = lhs.numeric, let b = rhs.numeric { return a == b }
        switch (lhs, rhs) {
        case (.uuid(let a), .string(let b)), (.string(let b), .uuid(let a)): return a.uuidString == b.uppercased()
        case (.list(let items), .object) where items.count == 1: return items[0] == rhs
        case (.object, .list(let items)) where items.count == 1: return items[0] == lhs
        default: return lhs == rhs
        }
    }

    private static func compare(_ op: BinaryOperator, _ lhs: ExpressionValue, _ rhs: ExpressionValue) throws -> Bool {
        if lhs.isNull || rhs.isNull { return false }
        let ordered: Bool?
        let same: Bool
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): (ordered, same) = (a < b, a == b)
        case (.date(let a), .date(let b)): (ordered, same) = (a < b, a == b)
        default:
            guard let a = lhs.numeric, let b = rhs.numeric else {
                throw ExpressionEvaluationError.typeMismatch(op.rawValue, lhs, rhs)
            }
            (ordered, same) = (a < b, a == b)
        }
        let less = ordered ?? false
        switch op {
        case .less: return less
        case .lessOrEqual: return less || same
        case .greater: return !less && !same
        default: return !less
        }
    }
}

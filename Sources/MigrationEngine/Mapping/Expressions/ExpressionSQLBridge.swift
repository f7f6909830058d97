import GRDB

/// The Swift side of compiled expressions: the SQL functions through which a statement calls the
/// evaluator's own code for what SQLite cannot compute the same way (string functions on Unicode,
/// checked integer arithmetic, Swift string equality, registered functions, value coercions).
///
/// Each call site gets a number, bound into the SQL as a value; the site keeps the evaluator's function
/// and the kinds of its arguments and result, so the values cross in both directions exactly. When a
/// value is not what the site expects, or the evaluator raises an error (division by zero, overflow, a
/// type mismatch), the call fails the statement and sets ``needsEvaluator``: the caller rolls back and
/// maps the same objects with the evaluator, which raises the error with its file, line and `Z_PK`.
///
/// Only the connection that registered it calls it, one statement step at a time, hence `@unchecked`.
final class ExpressionSQLBridge: @unchecked Sendable {
    /// One place in a compiled expression where SQL calls Swift.
    struct Site {
        /// The kinds the arguments arrive in.
        var arguments: [SQLValueKind]
        /// The kind of the result, or `nil` when the site returns what a column stores (a coercion).
        var result: SQLValueKind?
        /// The evaluator's code.
        var body: @Sendable ([ExpressionValue]) throws -> ExpressionValue
    }

    /// Raised inside SQLite when a row needs the evaluator.
    struct NeedsEvaluator: Error, CustomStringConvertible {
        var description: String { "cdmigrate: a compiled expression needs the evaluator" }
    }

    /// The SQL function calling a site: `cdmigrate_call(site, arguments…)`.
    static let callName = "cdmigrate_call"
    /// The SQL function that fails the statement so that the evaluator maps the rows: `cdmigrate_evaluator()`.
    static let evaluatorName = "cdmigrate_evaluator"

    private(set) var sites: [Site] = []
    /// Whether a statement failed because a row needs the evaluator.
    private(set) var needsEvaluator = false

    /// Adds a call site; the result is the number SQL passes as the first argument.
    func add(_ site: Site) -> Int {
        sites.append(site)
        return sites.count - 1
    }

    /// Forgets that a statement needed the evaluator (before the next attempt).
    func reset() { needsEvaluator = false }

    /// Registers the two SQL functions on `db`.
    func register(in db: Database) {
        db.add(
            function: DatabaseFunction(Self.callName, argumentCount: nil, pure: false) { [unowned self] values in
                try self.call(values)
            })
        db.add(
            function: DatabaseFunction(Self.evaluatorName, argumentCount: 0, pure: false) { [unowned self] _ in
                self.needsEvaluator = true
                throw NeedsEvaluator()
            })
    }

    private func call(_ values: [DatabaseValue]) throws -> DatabaseValue {
        guard let number = values.first.flatMap(Int.fromDatabaseValue), sites.indices.contains(number) else {
            return try fail()
        }
        let site = sites[number]
        guard values.count == site.arguments.count + 1 else { return try fail() }
        var arguments: [ExpressionValue] = []
        arguments.reserveCapacity(site.arguments.count)
        for (kind, value) in zip(site.arguments, values.dropFirst()) {
            guard let argument = kind.value(value) else { return try fail() }
            arguments.append(argument)
        }
        let result: ExpressionValue
        do {
            result = try site.body(arguments)
        } catch {
            return try fail()
        }
        guard let kind = site.result else {
            // A coercion site: the stored form, as the row-by-row insert writes it.
            if case .string(let text) = result, text.utf8.contains(0) { return try fail() }
            if case .double(let number) = result, number.isNaN { return try fail() }
            return ColumnValueCoding.write(result)
        }
        guard let stored = kind.stored(result) else { return try fail() }
        return stored
    }

    private func fail() throws -> DatabaseValue {
        needsEvaluator = true
        throw NeedsEvaluator()
    }
}

extension ExpressionSQLBridge {
    /// `cdmigrate_evaluator()`: stops the statement so that the evaluator maps the rows.
    static let evaluator: SQLFragment = "cdmigrate_evaluator()"
}

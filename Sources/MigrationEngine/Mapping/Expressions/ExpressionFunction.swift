/// A function callable by name from expressions: built in (`upper`, `uuid`, …) or registered by an app.
public struct ExpressionFunction: Sendable {
    /// The name it is called by (matched without regard to case).
    public var name: String
    /// How many arguments it takes.
    public var arity: ClosedRange<Int>
    /// Whether every call gives the same result for the same arguments (`uuid()` and `now()` do not).
    public var isDeterministic: Bool
    /// Computes the result; throw ``ExpressionEvaluationError`` for bad arguments.
    public var body: @Sendable ([ExpressionValue]) throws -> ExpressionValue {
        // Another body may not keep such text: only the built-in's own body is known to.
        didSet { keepsVisibleASCII = false }
    }
    /// Whether the function returns its one text argument unchanged when that text is ASCII, without NUL,
    /// starting and ending with a visible character (the built-in `trim`); compiled SQL then skips the call
    /// for such text (``ExpressionSQLBridge``).
    var keepsVisibleASCII = false

    /// Creates a function.
    ///
    /// - Parameters:
    ///   - name: The name it is called by (matched without regard to case).
    ///   - arity: How many arguments it takes; a call with another number is an error before `body` runs.
    ///   - isDeterministic: Whether every call gives the same result for the same arguments.
    ///   - body: Computes the result; throw ``ExpressionEvaluationError`` for bad arguments.
    public init(
        _ name: String, arity: ClosedRange<Int>, isDeterministic: Bool = true,
        body: @escaping @Sendable ([ExpressionValue]) throws -> ExpressionValue
    ) {
        self.name = name
        self.arity = arity
        self.isDeterministic = isDeterministic
        self.body = body
    }

    /// `name(a, b)` or `name(a, b[, c])`, for messages.
    var signature: String {
        arity.lowerBound == arity.upperBound
            ? "\(name) takes \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
            : "\(name) takes \(arity.lowerBound) to \(arity.upperBound) arguments"
    }
}

/// One comparison of `NSPredicate`'s syntax beyond the plain operators: string operators (`CONTAINS`,
/// `BEGINSWITH`, `ENDSWITH`, `LIKE`), membership (`IN`), ranges (`BETWEEN`), the `[c]`/`[d]`/`[cd]` options
/// and the `ANY`/`ALL`/`NONE` quantifiers over a collection.
///
/// A plain `a == b` without options or quantifier stays a ``BinaryOperator``, so mapping expressions keep
/// the compiled forms they had; a comparison is evaluated by the evaluator only.
public struct ComparisonPredicate: Sendable, Hashable {
    /// What is compared.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case contains = "CONTAINS"
        case beginsWith = "BEGINSWITH"
        case endsWith = "ENDSWITH"
        case like = "LIKE"
        case `in` = "IN"
        case between = "BETWEEN"

        /// The operator a plain ``BinaryOperator`` comparison is, if it is one.
        init?(_ op: BinaryOperator) {
            switch op {
            case .equal: self = .equal
            case .notEqual: self = .notEqual
            case .less: self = .less
            case .lessOrEqual: self = .lessOrEqual
            case .greater: self = .greater
            case .greaterOrEqual: self = .greaterOrEqual
            default: return nil
            }
        }

        /// The plain binary operator for the six ordering and equality comparisons.
        var binary: BinaryOperator? { BinaryOperator(rawValue: rawValue) }
    }

    /// How a collection on the left is compared: whether any, every or no member must match.
    public enum Quantifier: String, Sendable, Hashable {
        case any = "ANY"
        case all = "ALL"
        case none = "NONE"
    }

    /// What is compared.
    public var op: Operator
    /// `[c]`: letters compare regardless of case.
    public var caseInsensitive: Bool
    /// `[d]`: letters compare regardless of accents (`é` as `e`).
    public var diacriticInsensitive: Bool
    /// `ANY`, `ALL` or `NONE` before the left side; nil for a comparison of one value.
    public var quantifier: Quantifier?

    /// Creates a comparison.
    package init(_ op: Operator, caseInsensitive: Bool = false, diacriticInsensitive: Bool = false, quantifier: Quantifier? = nil)
    {
        self.op = op
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.quantifier = quantifier
    }

    /// The options as written after the operator: `""`, `"[c]"`, `"[d]"` or `"[cd]"`.
    var modifiers: String {
        let letters = (caseInsensitive ? "c" : "") + (diacriticInsensitive ? "d" : "")
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}

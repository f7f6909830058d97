/// One lexical token of an expression, with where it starts.
struct ExpressionToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case integer(Int64)
        case double(Double)
        case string(String)
        case identifier(String)
        case variable(String)
        /// Operators and punctuation: `+ - * / % == != < <= > >= && || ! ? : . , ( ) { } [ ]`.
        case symbol(String)
        case end
    }

    var kind: Kind
    var position: SourcePosition

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .integer(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .identifier(let name): name
        case .variable(let name): "$" + name
        case .symbol(let symbol): symbol
        case .end: "end of expression"
        }
    }
}

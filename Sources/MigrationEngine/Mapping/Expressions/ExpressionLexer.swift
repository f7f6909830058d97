/// Splits expression text into tokens, tracking line and column.
struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<=", ">=", "&&", "||", "<>"]
    private static let oneCharacterSymbols: Set<Unicode.Scalar> = [
        "+", "-", "*", "/", "%", "<", ">", "!", "?", ":", ".", ",", "(", ")", "{", "}", "[", "]", "=",
    ]

    /// Every token, ending with `.end`.
    mutating func tokens() throws(ExpressionSyntaxError) -> [ExpressionToken] {
        var result: [ExpressionToken] = []
        while true {
            skipWhitespace()
            let start = SourcePosition(line: line, column: column)
            guard let scalar = peek() else {
                result.append(ExpressionToken(kind: .end, position: start))
                return result
            }
            let kind: ExpressionToken.Kind
            if scalar.properties.numericType != nil, scalar.isASCII {
                kind = try number(start)
            } else if scalar == "\"" || scalar == "'" {
                kind = .string(try string(quote: scalar, start: start))
            } else if scalar == "$" {
                advance()
                let name = identifier()
                guard !name.isEmpty else { throw ExpressionSyntaxError(at: start, "expected a variable name after $") }
                kind = .variable(name)
            } else if Self.isIdentifierStart(scalar) {
                kind = .identifier(identifier())
            } else if let next = peek(1), Self.twoCharacterSymbols.contains(String(scalar) + String(next)) {
                advance()
                advance()
                let symbol = String(scalar) + String(next)
                kind = .symbol(symbol == "<>" ? "!=" : symbol)
            } else if Self.oneCharacterSymbols.contains(scalar) {
                advance()
                kind = .symbol(scalar == "=" ? "==" : String(scalar))
            } else {
                throw ExpressionSyntaxError(at: start, "unexpected character \"\(scalar)\"")
            }
            result.append(ExpressionToken(kind: kind, position: start))
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let scalar = peek(), scalar.properties.isWhitespace { advance() }
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "@" || scalar.properties.isAlphabetic
    }

    private mutating func identifier() -> String {
        var name = ""
        while let scalar = peek(), Self.isIdentifierStart(scalar) || (scalar.isASCII && scalar.properties.numericType != nil) {
            name.unicodeScalars.append(scalar)
            advance()
        }
        return name
    }

    private mutating func number(_ start: SourcePosition) throws(ExpressionSyntaxError) -> ExpressionToken.Kind {
        var text = ""
        var isDouble = false
        while let scalar = peek() {
            if scalar.isASCII, scalar.properties.numericType != nil {
                text.unicodeScalars.append(scalar)
            } else if scalar == ".", !isDouble, let next = peek(1), next.isASCII, next.properties.numericType != nil {
                isDouble = true
                text.append(".")
            } else if scalar == "e" || scalar == "E", !text.isEmpty {
                isDouble = true
                text.append("e")
                if let sign = peek(1), sign == "-" || sign == "+" {
                    advance()
                    text.unicodeScalars.append(sign)
                }
            } else {
                break
            }
            advance()
        }
        if isDouble, let value = Double(text) { return .double(value) }
        if !isDouble, let value = Int64(text) { return .integer(value) }
        throw ExpressionSyntaxError(at: start, "invalid number \(text)")
    }

    private mutating func string(quote: Unicode.Scalar, start: SourcePosition) throws(ExpressionSyntaxError) -> String {
        advance()
        var value = ""
        while let scalar = peek() {
            advance()
            if scalar == quote { return value }
            guard scalar == "\\" else {
                value.unicodeScalars.append(scalar)
                continue
            }
            guard let escaped = peek() else { break }
            advance()
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            default: value.unicodeScalars.append(escaped)
            }
        }
        throw ExpressionSyntaxError(at: start, "unterminated string")
    }
}

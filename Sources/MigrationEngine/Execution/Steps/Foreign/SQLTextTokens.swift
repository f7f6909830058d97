/// Splits SQL text into tokens for reading only: identifiers (bare or quoted, dequoted), string literals
/// (dequoted), numbers and single punctuation characters; whitespace and comments are dropped. Used to read
/// a virtual table's module arguments out of its stored `CREATE` text, which is then never run.
struct SQLTextTokens: Sendable {
    enum Token: Sendable, Hashable {
        /// A bare word (keyword or identifier) or a number.
        case word(String)
        /// A `"…"`, `[…]` or `` `…` `` identifier, dequoted.
        case quotedName(String)
        /// A `'…'` string, dequoted.
        case string(String)
        case symbol(Character)
    }

    let tokens: [Token]

    /// Throws nothing: unterminated quotes and comments end the text, which the caller's checks then refuse.
    init(_ text: String) {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func quoted(_ close: Character) -> String {
            var value = ""
            index += 1
            while index < characters.count {
                if characters[index] == close {
                    if close != "]", index + 1 < characters.count, characters[index + 1] == close {
                        value.append(close)
                        index += 2
                        continue
                    }
                    index += 1
                    return value
                }
                value.append(characters[index])
                index += 1
            }
            return value
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "-", index + 1 < characters.count, characters[index + 1] == "-" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                index += 2
                while index < characters.count,
                    !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/")
                { index += 1 }
                index += 2
            } else if character == "'" {
                tokens.append(.string(quoted("'")))
            } else if character == "\"" || character == "`" || character == "[" {
                tokens.append(.quotedName(quoted(character == "[" ? "]" : character)))
            } else if character.isLetter || character.isNumber || character == "_" || character == "$" {
                var word = ""
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || "_$.".contains(characters[index])
                {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(.word(word))
            } else {
                tokens.append(.symbol(character))
                index += 1
            }
        }
        self.tokens = tokens
    }
}

import Foundation

/// The column names of a `CREATE TABLE` text found on a damaged store's pages, in their order, read without
/// running it: only the plain shape Core Data and SQLite's `ALTER TABLE` write is understood (a bare or
/// double-quoted name, a parenthesised list of `name TYPE …` columns and table constraints); anything else
/// gives nil, and the column order the model predicts is used instead.
struct CreateTableColumns: Equatable {
    /// The table's name, unquoted.
    let table: String
    /// Its columns in declaration order.
    let columns: [String]
    /// Each column's declared type: its first word, upper-cased (empty when it has none).
    let types: [String]
    /// The column declared `INTEGER PRIMARY KEY` (SQLite's alias of the row id, `Z_PK` in Core Data's tables),
    /// when one is.
    let rowIDAlias: Int?

    /// Reads `sql`; nil when it is not a plain `CREATE TABLE` of the shape above.
    init?(_ sql: String) {
        let text = Substring(sql)
        guard let head = text.range(of: "CREATE TABLE ", options: [.anchored, .caseInsensitive]),
            let open = text.firstIndex(of: "("), text.hasSuffix(")")
        else { return nil }
        guard let name = Self.identifier(text[head.upperBound..<open]) else { return nil }
        let body = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var parts: [Substring] = []
        var depth = 0
        var start = body.startIndex
        for index in body.indices {
            switch body[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append(body[start..<index])
                start = body.index(after: index)
            case "'", "`", "[", ";": return nil
            default: break
            }
            guard depth >= 0 else { return nil }
        }
        parts.append(body[start...])
        var columns: [String] = []
        var types: [String] = []
        var alias: Int?
        for part in parts {
            let words = part.split(whereSeparator: \.isWhitespace).map { $0.uppercased() }
            guard let first = part.split(whereSeparator: \.isWhitespace).first else { return nil }
            if ["PRIMARY", "CONSTRAINT", "UNIQUE", "CHECK", "FOREIGN"].contains(first.uppercased()) { continue }
            guard let column = Self.identifier(first) else { return nil }
            let type = words.count > 1 && !Self.constraintWords.contains(words[1]) ? words[1] : ""
            if type == "INTEGER", words.count > 3, words[2] == "PRIMARY", words[3] == "KEY",
                words.count == 4 || words[4] != "DESC"
            {
                alias = columns.count
            }
            columns.append(column)
            types.append(type)
        }
        // SQLite's names are case-insensitive: `a` and `A` are one column, and SQLite never wrote such a table.
        guard !columns.isEmpty, Set(columns.map { $0.lowercased() }).count == columns.count else { return nil }
        table = name
        self.columns = columns
        self.types = types
        rowIDAlias = alias
    }

    /// Whether the table can be created beside the tables named `taken` (lower-cased) and filled by row id: a
    /// name differing from a taken one only in case is that table (its `CREATE` would fail, and with it a whole
    /// salvage), and a column named `rowid` hides the row id its rows are inserted by.
    func canBeRebuilt(beside taken: Set<String>) -> Bool {
        !taken.contains(table.lowercased()) && !table.lowercased().hasPrefix("sqlite_")
            && !columns.contains { $0.lowercased() == "rowid" }
    }

    /// The words that start a column constraint rather than a type.
    private static let constraintWords: Set<String> = [
        "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS", "CONSTRAINT",
    ]

    /// A name of letters, digits and underscores, bare or in double quotes.
    private static func identifier(_ text: Substring) -> String? {
        var name = text.trimmingCharacters(in: .whitespaces)[...]
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count > 2 { name = name.dropFirst().dropLast() }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        return String(name)
    }
}

import Foundation

/// One column of a table outside the model, read from `PRAGMA table_xinfo` and SQLite's column metadata,
/// never from the store's `CREATE` text. Its DDL is rebuilt from checked parts: the declared type must be
/// plain words (with an optional size), the default a single literal and the collation a built-in one.
struct ForeignColumn: Sendable, Hashable {
    var name: String
    var type: String
    var notNull: Bool
    var defaultValue: String?
    var collation: String
    /// Position in the primary key (1-based), 0 when not part of it.
    var primaryKeyIndex: Int
    var autoincrement: Bool

    static let collations: Set<String> = ["BINARY", "NOCASE", "RTRIM"]

    /// Checks every part against what an ordinary table uses; throws naming the column otherwise.
    func validate(table: String, path: String) throws(ForeignTableError) {
        let object = "column \(table).\(name)"
        guard Self.isPlainType(type) else {
            throw ForeignTableError(path: path, object: object, "declared type \(type.debugDescription) is not plain type words")
        }
        if let defaultValue, !Self.isLiteral(defaultValue) {
            throw ForeignTableError(
                path: path, object: object,
                "default \(defaultValue.debugDescription) is not a literal; cdmigrate does not run expressions from a store")
        }
        guard Self.collations.contains(collation.uppercased()) else {
            throw ForeignTableError(
                path: path, object: object, "collation \(collation.debugDescription) is not built into SQLite")
        }
    }

    /// The column's definition; `inlineKey` makes it the table's `INTEGER PRIMARY KEY`.
    func definition(inlineKey: Bool) -> String {
        var parts = [SQLIdentifier(name).ddl]
        if !type.isEmpty { parts.append(type) }
        if inlineKey { parts.append(autoincrement ? "PRIMARY KEY AUTOINCREMENT" : "PRIMARY KEY") }
        if notNull { parts.append("NOT NULL") }
        if let defaultValue { parts.append("DEFAULT \(defaultValue)") }
        if collation.uppercased() != "BINARY" { parts.append("COLLATE \(collation.uppercased())") }
        return parts.joined(separator: " ")
    }

    /// Words that are not SQL keywords, optionally followed by `(n)` or `(n, m)`.
    static func isPlainType(_ type: String) -> Bool {
        let pattern = #"^([A-Za-z_][A-Za-z0-9_]*( +[A-Za-z_][A-Za-z0-9_]*)*( *\( *[+-]?[0-9]+( *, *[+-]?[0-9]+)? *\))?)?$"#
        guard type.range(of: pattern, options: .regularExpression) != nil else { return false }
        let words = type.split(whereSeparator: { !($0.isLetter || $0 == "_" || $0.isNumber) })
        return !words.contains { SQLiteKeywords.all.contains($0.uppercased()) }
    }

    /// `NULL`, `TRUE`, `FALSE`, `CURRENT_TIME`/`DATE`/`TIMESTAMP`, a signed number, a string or a blob literal.
    static func isLiteral(_ text: String) -> Bool {
        let keywords: Set<String> = ["NULL", "TRUE", "FALSE", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"]
        if keywords.contains(text.uppercased()) { return true }
        let patterns = [
            #"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$"#, #"^[+-]?0[xX][0-9A-Fa-f]+$"#,
            #"^'([^']|'')*'$"#, #"^[xX]'([0-9A-Fa-f]{2})*'$"#,
        ]
        return patterns.contains { text.range(of: $0, options: .regularExpression) != nil }
    }
}

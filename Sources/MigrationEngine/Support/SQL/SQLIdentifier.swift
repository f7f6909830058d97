/// A table, column, index, trigger or schema name, kept apart from SQL text so that whether a string is a
/// name or SQL shows in its type: a ``SQLFragment`` takes it only quoted, DDL only in Core Data's form.
///
/// Two needs meet here. Every statement cdmigrate runs must be safe whatever a model's entity and property
/// names or a store's table names contain, and the DDL it writes must read exactly like Core Data's, which
/// leaves plain names bare (`CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, … )`). So DML always quotes,
/// while DDL leaves a name bare only when it is a plain ASCII identifier that is not an SQLite keyword (Core
/// Data writes fetch-index names such as `Z_GenericAlbum_byUuidIndex` bare, so lower case counts as plain).
///
/// GRDB's `quotedDatabaseIdentifier` (and its `\(identifier:)` interpolation) wraps a name in quotes
/// without doubling the quotes inside it, so a name holding `"` would end the identifier early; the
/// quoting here is the one used for every statement.
package struct SQLIdentifier: Sendable, Hashable {
    /// The name itself, unquoted.
    package let name: String

    /// The identifier for a name as it is (no quotes).
    package init(_ name: String) {
        self.name = name
    }

    /// The name in double quotes, inner quotes doubled: always safe in any statement.
    package var quoted: String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The name as Core Data's DDL writes it: bare when ``isPlain``, otherwise quoted.
    package var ddl: String {
        isPlain ? name : quoted
    }

    /// Whether the name matches `[A-Za-z_][A-Za-z0-9_]*` and is not an SQLite keyword (in any case),
    /// so it needs no quotes.
    package var isPlain: Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || Self.isLetter(first) else { return false }
        guard name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || Self.isLetter($0) || Self.isDigit($0) }) else { return false }
        return !SQLiteKeywords.all.contains(name.uppercased())
    }

    /// `Z_PK`, the primary key of every entity table.
    package static let primaryKey = SQLIdentifier("Z_PK")
    /// `Z_ENT`, the entity number of every entity-table row.
    package static let entityNumber = SQLIdentifier("Z_ENT")
    /// `Z_OPT`, the save counter of every entity-table row.
    package static let saveCounter = SQLIdentifier("Z_OPT")
    /// `main`, the schema of the database a connection opened.
    package static let main = SQLIdentifier("main")
    /// `src`, the schema under which a migration step attaches its source store.
    package static let source = SQLIdentifier("src")

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

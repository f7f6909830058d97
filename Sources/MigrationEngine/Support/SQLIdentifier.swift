/// Quoting of SQL identifiers (table, column and index names).
///
/// Two needs meet here. Every statement cdmigrate runs must be safe whatever a model's entity and
/// property names contain, and the DDL it writes must read exactly like Core Data's, which leaves
/// plain names bare (`CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, … )`). So DML always quotes, while
/// DDL leaves a name bare only when it is a plain ASCII identifier that is not an SQLite keyword (Core Data
/// writes fetch-index names such as `Z_GenericAlbum_byUuidIndex` bare, so lower case counts as plain).
public enum SQLIdentifier {
    /// The name in double quotes, inner quotes doubled: always safe in any statement.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The name as Core Data's DDL writes it: bare when ``isPlain(_:)``, otherwise quoted.
    public static func ddl(_ name: String) -> String {
        isPlain(name) ? name : quoted(name)
    }

    /// Whether the name matches `[A-Za-z_][A-Za-z0-9_]*` and is not an SQLite keyword (in any case),
    /// so it needs no quotes.
    public static func isPlain(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        guard name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }) else { return false }
        return !SQLiteKeywords.all.contains(name.uppercased())
    }

    /// Quoted names joined with `, ` (for column lists in generated DML).
    public static func quotedList(_ names: [String]) -> String {
        names.map(quoted).joined(separator: ", ")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension SQLIdentifier {
    /// The name in double quotes, inner quotes doubled.
    public static func quoted(_ name: String) -> String { SQLIdentifier(name).quoted }

    /// The name as Core Data's DDL writes it.
    public static func ddl(_ name: String) -> String { SQLIdentifier(name).ddl }

    /// Whether the name needs no quotes.
    public static func isPlain(_ name: String) -> Bool { SQLIdentifier(name).isPlain }

    /// Quoted names joined with `, `.
    public static func quotedList(_ names: [String]) -> String { names.map(quoted).joined(separator: ", ") }
}

/// One column of a table as SQLite's parsed schema declares it: its name and declared type.
struct DeclaredColumn: Sendable, Hashable {
    /// The column's name.
    let name: String
    /// Its declared type as written in `CREATE TABLE` (`INTEGER`, `VARCHAR`, `BLOB`…), empty when none.
    let type: String
}

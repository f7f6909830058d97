import Testing

@testable import MigrationEngine

/// A table outside the model is rebuilt from its `CREATE TABLE` text on a damaged page (``CreateTableColumns``):
/// that text is hostile, and a table SQLite cannot create beside the others would fail the whole salvage.
@Suite("Salvage rebuilds a table from its text only where SQLite can create it")
struct CreateTableColumnsTests {
    @Test("A plain table of an app reads as its columns, types and row-id alias, and can be rebuilt")
    func plain() throws {
        let declared = try #require(CreateTableColumns("CREATE TABLE log (id INTEGER PRIMARY KEY, message TEXT)"))
        #expect(declared.columns == ["id", "message"])
        #expect(declared.types == ["INTEGER", "TEXT"])
        #expect(declared.rowIDAlias == 0)
        #expect(declared.canBeRebuilt(beside: ["zentry", "z_primarykey"]))
    }

    @Test("Two columns alike but for case are one to SQLite: the text is no table it wrote")
    func columnsAlikeButForCase() {
        #expect(CreateTableColumns("CREATE TABLE log (a INTEGER, A TEXT)") == nil)
    }

    @Test("A name taken by a model table in another case, SQLite's own, or a column named rowid: not rebuilt")
    func clashes() throws {
        let taken: Set<String> = ["zentry", "z_primarykey"]
        #expect(
            try #require(CreateTableColumns("CREATE TABLE zEntry (Z_PK INTEGER PRIMARY KEY)")).canBeRebuilt(beside: taken)
                == false)
        #expect(try #require(CreateTableColumns("CREATE TABLE sqlite_stat9 (x INTEGER)")).canBeRebuilt(beside: taken) == false)
        #expect(try #require(CreateTableColumns("CREATE TABLE log (rowid INTEGER, x TEXT)")).canBeRebuilt(beside: taken) == false)
    }
}

import MigrationEngine
import Testing

@Suite("SQL identifiers")
struct SQLIdentifierTests {
    @Test("Quoting doubles inner quotes")
    func quoting() {
        #expect(SQLIdentifier("ZPOST").quoted == "\"ZPOST\"")
        #expect(SQLIdentifier("ZNA\"ME").quoted == "\"ZNA\"\"ME\"")
        #expect(SQLIdentifier("x\"); DROP TABLE Z_METADATA; --").quoted == "\"x\"\"); DROP TABLE Z_METADATA; --\"")
    }

    @Test(
        "DDL leaves plain names bare and quotes the rest",
        arguments: [
            ("ZPOST", "ZPOST"), ("Z_PK", "Z_PK"), ("Z_1TAGS", "Z_1TAGS"), ("ORDER", "\"ORDER\""),
            ("GROUP", "\"GROUP\""), ("ZNA\"ME", "\"ZNA\"\"ME\""), ("ZÉTÉ", "\"ZÉTÉ\""), ("1ABC", "\"1ABC\""),
            ("Z_Post_byDate", "Z_Post_byDate"), ("order", "\"order\""), ("Z NAME", "\"Z NAME\""), ("", "\"\""),
        ])
    func ddlForm(_ name: String, _ expected: String) {
        #expect(SQLIdentifier(name).ddl == expected)
        #expect(SQLIdentifier(name).isPlain == (expected == name))
    }
}

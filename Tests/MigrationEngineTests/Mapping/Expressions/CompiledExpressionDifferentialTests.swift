import Foundation
import GRDB
import Synchronization
import Testing

@testable import MigrationEngine

/// Runs each expression form through the SQL compiler and through the evaluator on the same rows: wherever
/// SQL gives a value it is the value the row-by-row path stores, and SQL gives none (the rows go to the
/// evaluator) exactly where the evaluator raises an error.
@Suite("Compiled expressions give the evaluator's values")
struct CompiledExpressionDifferentialTests {
    /// Column name, attribute type and the column's declared SQL type (its affinity).
    static let columns: [(String, AttributeType, String)] = [
        ("i", .integer64, "INTEGER"), ("d", .double, "FLOAT"), ("s", .string, "VARCHAR"), ("b", .boolean, "INTEGER"),
        ("dt", .date, "TIMESTAMP"), ("big", .integer64, "INTEGER"), ("u", .uuid, "BLOB"),
    ]

    static let rows: [[DatabaseValue]] = [
        row(1, 2.5, "  héllo wörld ", 1, 0.0, Int64.max, uuid(1)),
        row(nil, nil, nil, nil, nil, nil, nil),
        row(0, 0.0, "", 0, -1.5, Int64.min, uuid(2)),
        row(-7, -0.0, "Straße ẞ \u{212A}elvin", 2, 1e9, 9_007_199_254_740_993, uuid(3)),
        row(3, 1e308, "e\u{301}", 0, 86400.25, 9_007_199_254_740_992, uuid(1)),
        row(2, Double.infinity, "\t\u{3000}ok\n", 1, -86400.0, 42, uuid(4)),
        row(-1, 0.1, "\u{E9}", 0, 1.0, -42, uuid(5)),
        row(Int64(1) << 62, -2.5, "K", 1, 2.0, 3, nil),
        // Text `trim` answers in C (visible ASCII at both ends, ASCII within) and text that only looks so.
        row(5, 1.5, "Ada Lovelace", 1, 3.0, 7, nil), row(6, 2.0, "Ad\u{E9}le", 0, 4.0, 8, nil),
        row(7, 3.0, "\tAda", 1, 5.0, 9, nil), row(8, 4.0, "Ada\u{7F}", 0, 6.0, 10, nil),
        // NULs, which a store's text may hold: both sides read and write text by its byte count.
        row(9, 5.0, "a\u{0}b c", 1, 7.0, 11, nil), row(10, 6.0, " \u{0}Zoë\u{0} ", 0, 8.0, 12, nil),
    ]

    static func row(_ values: (any DatabaseValueConvertible)?...) -> [DatabaseValue] {
        values.map { $0?.databaseValue ?? .null }
    }

    static func uuid(_ seed: UInt8) -> Data { Data((0..<16).map { $0 &+ seed }) }

    static let forms = [
        "$source.i", "$source.d", "$source.s", "$source.b", "$source.dt", "$source.u", "nil", "1", "2.5", "'text'",
        "true", "$source.i + 1", "$source.i * $source.big", "$source.big + 1", "$source.big - $source.i",
        "$source.i / 0", "$source.i % 0", "$source.i % 2", "$source.i / 2", "$source.d * 2", "$source.d % 2",
        "$source.i + $source.d", "-$source.big", "-$source.d", "$source.d - $source.d", "nil / 0",
        "$source.s + '!'", "trim($source.s)", "upper($source.s)", "lower($source.s)", "length($source.s)",
        "substring($source.s, 1, 3)", "prefix(trim($source.s), 1)", "upper(prefix(trim($source.s), 1))",
        "replace($source.s, 'l', 'L')", "contains($source.s, 'ö')", "hasPrefix($source.s, ' ')",
        "concat($source.s, $source.i)", "string($source.d)", "count($source.s)",
        "$source.s == ''", "$source.s != ''", "$source.s == 'é'", "$source.s == 'K'", "$source.s < 'm'",
        "$source.s >= $source.s", "$source.s == nil", "$source.i == nil", "nil == nil", "$source.u == $source.u",
        "$source.i == 1.0", "$source.big == 9007199254740992", "$source.i <= 0", "$source.d > $source.i",
        "$source.dt < date('2001-01-01T00:00:01Z')", "nil + 1 / 0", "(nil + 1 / 0) == nil", "$source.dt == $source.dt",
        "$source.b == 1", "$source.b != true",
        "$source.b && $source.i > 0", "$source.b || $source.s == ''", "!$source.b", "!$source.i",
        "$source.i > 0 AND 10 / $source.i > 1", "$source.s != nil AND trim($source.s) != ''",
        "$source.i == nil ? nil : $source.i <= 0 ? 'awful' : $source.i == 1 ? 'bad' : 'great'",
        "IF($source.i > 0, $source.d, 1 / 0)", "$source.b ? $source.s : nil",
        "abs($source.big)", "abs($source.d)", "round($source.d)", "floor($source.d)", "max($source.i, 3)",
        "min($source.d, 0.5)", "coalesce($source.s, 'none')", "integer($source.d)", "double($source.i)",
        "integer($source.s)", "date('2020-01-01T00:00:00Z')", "$source.dt + 60", "$source.dt - $source.dt",
        "$source.dt - 1.5", "uuid() == uuid()",
    ]

    /// Forms that give NaN on some row (∞ − ∞, fmod(∞, 2)).
    static let notANumber: Set<String> = ["$source.d - $source.d", "$source.d % 2"]

    /// Every attribute type a compiled value is stored as.
    static let stores: [AttributeType] = [.string, .integer16, .integer64, .double, .boolean, .date, .uuid, .binary]

    /// `$source` reading the test table's row `id`, as the mapped step's environment reads a source row.
    struct SourceRow: ExpressionEnvironment {
        var values: [String: (DatabaseValue, AttributeType)]
        var functions: ExpressionFunctions { .standard }
        func variable(named name: String) -> ExpressionValue? {
            name == "source" ? .object(ObjectReference(side: .source, entity: "T", primaryKey: 1)) : nil
        }
        func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
            guard let (value, type) = values[key] else { throw ExpressionEvaluationError("no \(key)") }
            return ColumnValueCoding.read(value, as: type)
        }
        func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] { [] }
        func destinationInstances(sourceRelationship: String, sources: [ObjectReference]) throws -> [ObjectReference] {
            []
        }
    }

    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            let declarations = Self.columns.map { "\($0.0) \($0.2)" }.joined(separator: ", ")
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, \(declarations))")
            let insert = try db.makeStatement(
                sql: "INSERT INTO t VALUES (?\(String(repeating: ", ?", count: Self.columns.count)))")
            for (index, row) in Self.rows.enumerated() {
                try insert.run(binding: [(index + 1).databaseValue] + row)
            }
        }
        return queue
    }

    private func compiler(_ bridge: ExpressionSQLBridge) -> ExpressionSQLCompiler {
        ExpressionSQLCompiler(
            sourceAttribute: { name in
                Self.columns.first { $0.0 == name }.map { ("t.\(SQLIdentifier($0.0))", $0.1) }
            }, functions: .standard, bridge: bridge)
    }

    /// What SQLite keeps of a value the row-by-row path binds (a NaN becomes `NULL`).
    private func kept(_ value: DatabaseValue, _ db: Database) throws -> DatabaseValue {
        let select: SQLFragment = "SELECT \(value: value)"
        return try first(db.makeStatement(select), select.statementArguments)
    }

    /// The first value of the first row, read by byte count as the mapped step reads rows.
    private func first(_ statement: Statement, _ arguments: StatementArguments) throws -> DatabaseValue {
        try SQLiteValueReader.rows(statement, arguments: arguments).first?.first ?? .null
    }

    /// Compares, row by row, SQL's result with the evaluator's; `swift` gives the value the row path stores.
    private func compare(
        _ form: String, _ sql: SQLFragment, _ bridge: ExpressionSQLBridge, _ db: Database,
        swift: (ExpressionValue) throws -> DatabaseValue
    ) throws -> Int {
        let expression = try ExpressionParser.parse(form)
        let statement = try db.makeStatement(sql: "SELECT \(sql.sql) FROM t WHERE id = :id")
        var fellBack = 0
        // The evaluator reads the values back from SQLite, as the row-by-row path does (-0.0 comes back 0.0).
        let stored = try SQLiteValueReader.rows(db.makeStatement(sql: "SELECT * FROM t ORDER BY id")).map {
            Array($0.dropFirst())
        }
        for (index, row) in stored.enumerated() {
            let environment = SourceRow(
                values: Dictionary(uniqueKeysWithValues: zip(Self.columns, row).map { ($0.0.0, ($0.1, $0.0.1)) }))
            let expected = Result { try kept(try swift(try ExpressionEvaluator.evaluate(expression, in: environment)), db) }
            bridge.reset()
            let actual = Result { try first(statement, sql.statementArguments + ["id": index + 1]) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)):
                if form.contains("uuid()") { continue }
                #expect(a == b, "\(form), row \(index + 1): evaluator \(a), SQL \(b)")
            case (.failure, .failure):
                #expect(bridge.needsEvaluator, "\(form), row \(index + 1): SQL failed without asking for the evaluator")
                fellBack += 1
            case (.success, .failure) where Self.notANumber.contains(form) && bridge.needsEvaluator:
                // NaN: SQLite keeps no NaN, so the bridge leaves such rows to the evaluator.
                fellBack += 1
            case (.success(let a), .failure(let error)):
                Issue.record("\(form), row \(index + 1): evaluator \(a), SQL failed: \(error)")
            case (.failure(let error), .success(let b)):
                Issue.record("\(form), row \(index + 1): evaluator failed (\(error)), SQL gave \(b)")
            }
        }
        return fellBack
    }

    @Test("values: every row gives the evaluator's value, or the evaluator's error sends it back to Swift")
    func values() throws {
        let queue = try database()
        var compiled = 0
        try queue.write { db in
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            for form in Self.forms {
                let expression = try ExpressionParser.parse(form)
                guard let value = compiler(bridge).compile(expression) else { continue }
                compiled += 1
                _ = try compare(form, value.sql, bridge, db) { result in
                    guard let stored = value.kind.stored(result) else {
                        throw ExpressionEvaluationError("\(result) is not of kind \(value.kind)")
                    }
                    return stored
                }
            }
        }
        // Only FUNCTION, lists and the like stay out; every form listed here compiles.
        #expect(compiled == Self.forms.count)
    }

    @Test("stored values: coercion to each attribute type matches the row-by-row insert", arguments: stores)
    func stored(type: AttributeType) throws {
        let queue = try database()
        try queue.write { db in
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            for form in Self.forms {
                let sql = try #require(compiler(bridge).stored(try ExpressionParser.parse(form), as: type), "\(form)")
                _ = try compare(form, sql, bridge, db) { ColumnValueCoding.write(try ValueCoercion.coerce($0, to: type)) }
            }
        }
    }

    @Test("filters and merge keys: truth and typed keys as the row-by-row path computes them")
    func filtersAndKeys() throws {
        let queue = try database()
        try queue.write { db in
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            for form in Self.forms {
                let expression = try ExpressionParser.parse(form)
                if let truth = compiler(bridge).truth(expression) {
                    _ = try compare(form, truth, bridge, db) {
                        (try ExpressionEvaluator.truth($0, "filter") ? 1 : 0).databaseValue
                    }
                }
                let key = try #require(compiler(bridge).mergeKey(expression), "\(form)")
                _ = try compare(form, key, bridge, db) { $0.isNull ? .null : ColumnValueCoding.mergeKey($0).databaseValue }
            }
        }
    }

    @Test("a stored value of another kind than its attribute's (text in an integer column) goes to the evaluator")
    func unexpectedStorage() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, i)")
            try db.execute(sql: "INSERT INTO t VALUES (1, 'seven'), (2, 7), (3, x'00')")
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            let compiler = ExpressionSQLCompiler(
                sourceAttribute: { $0 == "i" ? ("t.\(SQLIdentifier("i"))", .integer64) : nil }, functions: .standard,
                bridge: bridge)
            let sql = try #require(compiler.stored(try ExpressionParser.parse("$source.i + 1"), as: .integer64))
            let statement = try db.makeStatement(sql: "SELECT \(sql.sql) FROM t WHERE id = :id")
            for id in [1, 3] {
                bridge.reset()
                #expect(throws: (any Error).self) {
                    try DatabaseValue.fetchOne(statement, arguments: sql.statementArguments + ["id": id])
                }
                #expect(bridge.needsEvaluator)
            }
            bridge.reset()
            #expect(try Int.fetchOne(statement, arguments: sql.statementArguments + ["id": 2]) == 8)
        }
    }

    @Test("trim answers visible ASCII text without calling Swift, and exactly what Swift answers")
    func trimShortcut() throws {
        let queue = try DatabaseQueue()
        let calls = Mutex(0)
        try queue.write { db in
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            let trim = try #require(ExpressionFunctions.standard.function(named: "trim"))
            #expect(trim.keepsVisibleASCII)
            let site = bridge.add(
                .init(arguments: [.string], result: .string, keepsVisibleASCII: true) { arguments in
                    calls.withLock { $0 += 1 }
                    return try trim.body(arguments)
                })
            let texts = ["Ada Lovelace", "x", "  Ada ", "\tAda", "Ada\n", "Ad\u{E9}le", "\u{E9}", "A\u{301}", "Ada\u{7F}", ""]
            for text in texts {
                let result = try String.fetchOne(db, sql: "SELECT cdmigrate_call(?, ?)", arguments: [site, text])
                #expect(result == (try trim.body([.string(text)])).text, "\(text.debugDescription)")
            }
            // Only the first two are visible ASCII throughout; every other text went to Swift.
            #expect(calls.withLock { $0 } == texts.count - 2)
        }
        // A function registered under the name, or a changed body, is called for every text.
        var replaced = try #require(ExpressionFunctions.standard.function(named: "trim"))
        replaced.body = { $0[0] }
        #expect(!replaced.keepsVisibleASCII)
    }

    @Test("literals from the expression are bound, never written into the SQL text")
    func literalsAreBound() throws {
        let compiler = compiler(ExpressionSQLBridge())
        let sql = try #require(
            compiler.stored(try ExpressionParser.parse("$source.s == 'DROP TABLE t' ? 1 : 2"), as: .integer64))
        #expect(!sql.sql.contains("DROP"))
        #expect(sql.statementArguments.isEmpty == false)
    }
}

/// The same forms compiled with one storage-class guard per row (``ExpressionSQLCompiler/reads``) instead of
/// one per read, on rows of every storage class in every column: wherever the guarded row reads, it gives the
/// value the inline guards give, and wherever the inline guards send a row to the evaluator, so does the row
/// guard.
@Suite("Compiled expressions: one guard per row reads as the guards per read")
struct RowGuardDifferentialTests {
    /// Each column's attribute type, its declared SQL type (none: every class is kept as written), and the
    /// values it holds across the rows.
    static let hostile: [[DatabaseValue]] = {
        let values: [DatabaseValue] = [
            .null, 7.databaseValue, 0.databaseValue, Int64.max.databaseValue, Int64.min.databaseValue,
            2.5.databaseValue, (-0.0).databaseValue, 1e300.databaseValue, "seven".databaseValue, "".databaseValue,
            " 12 ".databaseValue, Data([1, 2]).databaseValue, CompiledExpressionDifferentialTests.uuid(1).databaseValue,
            Data().databaseValue,
        ]
        // Every value in every column, the other columns holding values of their own kinds.
        let plain = CompiledExpressionDifferentialTests.rows[0]
        var rows: [[DatabaseValue]] = []
        for column in plain.indices {
            for value in values {
                var row = plain
                row[column] = value
                rows.append(row)
            }
        }
        return rows
    }()

    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            let columns = CompiledExpressionDifferentialTests.columns
            // No declared types: no affinity turns a hostile value into the expected class.
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, \(columns.map(\.0).joined(separator: ", ")))")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?\(String(repeating: ", ?", count: columns.count)))")
            for (index, row) in Self.hostile.enumerated() {
                try insert.run(binding: [(index + 1).databaseValue] + row)
            }
        }
        return queue
    }

    private func compiler(_ bridge: ExpressionSQLBridge, reads: ExpressionSQLCompiler.ColumnReads?)
        -> ExpressionSQLCompiler
    {
        var compiler = ExpressionSQLCompiler(
            sourceAttribute: { name in
                CompiledExpressionDifferentialTests.columns.first { $0.0 == name }.map {
                    ("t.\(SQLIdentifier($0.0))", $0.1)
                }
            }, functions: .standard, bridge: bridge)
        compiler.reads = reads
        return compiler
    }

    /// Each row's value, or `nil` where the statement stopped for the evaluator.
    private func results(_ sql: SQLFragment, where condition: SQLFragment?, _ bridge: ExpressionSQLBridge, _ db: Database)
        throws -> [DatabaseValue?]
    {
        let query: SQLFragment = "SELECT \(sql) FROM t WHERE id = :id\(condition.map { " AND \($0)" } ?? "")"
        let statement = try db.makeStatement(sql: query.sql)
        return (1...Self.hostile.count).map { id in
            bridge.reset()
            do {
                let rows = try SQLiteValueReader.rows(statement, arguments: query.statementArguments + ["id": id])
                #expect(rows.count == 1)
                return rows.first?.first
            } catch {
                #expect(bridge.needsEvaluator, "\(query.sql), row \(id): \(error)")
                return nil
            }
        }
    }

    /// Forms that read every column they name on every row: the row guard checks nothing they would not read.
    static func readsAll(_ form: String) -> Bool {
        !["?", "&&", "||", "AND", "IF(", "coalesce", "nil + 1"].contains { form.contains($0) }
    }

    @Test("values, stored values, filters and merge keys", arguments: ["value", "stored", "truth", "key"])
    func sameReads(part: String) throws {
        let queue = try database()
        try queue.write { db in
            let bridge = ExpressionSQLBridge()
            try bridge.register(in: db)
            var guarded = 0
            for form in CompiledExpressionDifferentialTests.forms where !form.contains("uuid()") {
                let expression = try ExpressionParser.parse(form)
                let reads = ExpressionSQLCompiler.ColumnReads()
                let compile: (ExpressionSQLCompiler) -> SQLFragment? = {
                    switch part {
                    case "value": $0.compile(expression)?.sql
                    case "stored": $0.stored(expression, as: .integer64)
                    case "truth": $0.truth(expression)
                    default: $0.mergeKey(expression)
                    }
                }
                guard let inline = compile(compiler(bridge, reads: nil)) else { continue }
                let sql = try #require(compile(compiler(bridge, reads: reads)))
                let check = bridge.rowGuard(reads.columns)
                #expect((check == nil) == reads.columns.isEmpty)
                #expect(!sql.sql.contains("typeof"), "\(form)")
                let expected = try results(inline, where: nil, bridge, db)
                let actual = try results(sql, where: check, bridge, db)
                for (index, (a, b)) in zip(expected, actual).enumerated() {
                    let row = "\(form) (\(part)), row \(index + 1): \(Self.hostile[index])"
                    if let b {
                        #expect(a == b, "\(row): inline \(a.map(\.description) ?? "evaluator"), row guard \(b)")
                    } else if a != nil {
                        // Only a column the inline guards did not reach on this row stops the row guard.
                        #expect(!Self.readsAll(form), "\(row): the row guard stopped a row the inline guards read")
                    } else {
                        guarded += 1
                    }
                }
            }
            #expect(guarded > 0)
        }
    }

    @Test("one call checks the columns of up to columnsPerGuard reads; more are split across calls")
    func manyColumns() throws {
        let bridge = ExpressionSQLBridge()
        let columns = (0..<(ExpressionSQLBridge.columnsPerGuard + 3)).map {
            (column: "t.\(SQLIdentifier("c\($0)"))" as SQLFragment, kind: SQLValueKind.integer)
        }
        let sql = try #require(bridge.rowGuard(columns))
        #expect(sql.sql.components(separatedBy: "cdmigrate_row(").count == 3)
        let queue = try DatabaseQueue()
        try queue.write { db in
            try bridge.register(in: db)
            try db.execute(
                sql: "CREATE TABLE t (\(columns.indices.map { "c\($0)" }.joined(separator: ", ")))")
            try db.execute(sql: "INSERT INTO t VALUES (\(columns.indices.map { "\($0)" }.joined(separator: ", ")))")
            #expect(try Int.fetchOne(db, sql: "SELECT \(sql.sql) FROM t", arguments: sql.statementArguments) == 1)
            try db.execute(sql: "UPDATE t SET c\(columns.count - 1) = 'last'")
            #expect(throws: (any Error).self) {
                try Int.fetchOne(db, sql: "SELECT \(sql.sql) FROM t", arguments: sql.statementArguments)
            }
            #expect(bridge.needsEvaluator)
        }
    }
}

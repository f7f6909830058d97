import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 35, item 3: the browser's text filter matches the text each cell shows (``ShownText``), not the value
/// stored: `Author #7`, a date as shown, `yes`. Proven over every store of the corpus: each shown value of a
/// row, whole and from its middle, finds that row; and every row a search keeps shows the text somewhere.
@Suite("The browser's search matches what is shown", Corpus.required)
struct ShownTextTests {
    /// The text the cell of `column` shows for `value` (nil: none that can be searched), and whether it is
    /// the `Z_PK` or a column the entity shows.
    static func shown(_ value: StoredValue, column: String, layout: EntityColumns) -> String? {
        let stored = value.databaseValue
        switch (column, layout.byColumn[column]) {
        case ("Z_PK", _): return ShownText.of(stored, kind: .stored)
        case (_, .attribute(let attribute)?): return ShownText.of(stored, kind: ShownText.Kind(attribute.type))
        case (_, .toOne(_, let destination)?):
            if case .integer(let key) = value { return ShownText.reference(entity: destination, key: key) }
            return ShownText.of(stored, kind: .stored)
        case (_, .stored?): return ShownText.of(stored, kind: .stored)
        case (_, nil): return nil
        }
    }

    static func folded(_ text: String) -> String {
        String(text.map { $0.isASCII && $0.isUppercase ? Character($0.lowercased()) : $0 })
    }

    /// One project per model: wire's 90 versions are parsed once for its many stores.
    static func project(_ model: String?) throws -> MigrationProject {
        try projects.withLock { known in
            if let made = known[model] { return made }
            let made = try MigrationProject(modelPath: model.map(Corpus.path), settings: PlanningSettings())
            known[model] = made
            return made
        }
    }

    private static let projects = Mutex<[String?: MigrationProject]>([:])

    @Test(arguments: CorpusStore.all.map(\.store))
    func everyShownValueFindsItsRow(_ relative: String) throws {
        let entry = try #require(CorpusStore.named(relative))
        let store = try Corpus.copyStore(relative)
        let browser = try Self.project(entry.model).browse(store: store)
        let counts = try StoreReader.read(path: store, checkIntegrity: false).rowCounts
        var checked = 0
        for count in counts where count.rows > 0 && count.table != nil {
            // The last row: the first of many tables is the least filled in.
            let page = try browser.page(entity: count.entity, offset: count.rows - 1, limit: 1)
            guard let row = page.rows.first, let pk = page.columns.firstIndex(of: "Z_PK"), case .integer(let key) = row[pk]
            else { continue }
            let layout = try browser.shownColumns(of: page)
            for (column, value) in zip(page.columns, row) {
                guard let text = Self.shown(value, column: column, layout: layout), !text.isEmpty else { continue }
                let whole = String(text.prefix(40))
                let middle = text.count > 4 ? String(text.dropFirst(text.count / 3).prefix(6)) : whole
                for needle in Set([whole, middle]) {
                    let found = try browser.page(
                        entity: count.entity, offset: 0, limit: 1, query: RowQuery(search: needle, primaryKey: key))
                    #expect(found.rows.count == 1, "\(relative) \(count.entity) p\(key) \(column) shows \(text): \(needle)")
                    checked += 1
                }
                // Every row the whole value keeps shows it in some column (or names an entity that does).
                let kept = try browser.page(entity: count.entity, offset: 0, limit: 10, query: RowQuery(search: whole))
                let keptLayout = try browser.shownColumns(of: kept)
                for (index, keptRow) in kept.rows.enumerated() {
                    let texts =
                        zip(kept.columns, keptRow).compactMap { Self.shown($1, column: $0, layout: keptLayout) }
                        + [kept.rowEntities[index]]
                    #expect(
                        texts.contains { Self.folded($0).contains(Self.folded(whole)) },
                        "\(relative) \(count.entity): a row kept for \(whole) shows \(texts)")
                }
            }
        }
        // A store holding objects has values to look for (two of the corpus hold none).
        #expect(checked > 0 || counts.allSatisfy { $0.rows == 0 }, "\(relative): no value was shown to search for")
    }

    @Test func aToOneADateAndABooleanAreFoundAsShown() throws {
        let store = try Corpus.copyStore("moody/stores/Moody 5.moody")
        let project = try MigrationProject(modelPath: Corpus.path("moody/Moody.xcdatamodeld"), settings: PlanningSettings())
        let browser = try project.browse(store: store)
        let page = try browser.page(entity: "Mood", offset: 0, limit: 1)
        let layout = try browser.shownColumns(of: page)
        let row = try #require(page.rows.first)
        var kinds: Set<String> = []
        for (column, value) in zip(page.columns, row) {
            guard let text = Self.shown(value, column: column, layout: layout) else { continue }
            switch layout.byColumn[column] {
            case .toOne?: kinds.insert("to-one")
            case .attribute(let attribute)? where attribute.type == .date: kinds.insert("date")
            default: continue
            }
            // The stored value alone (a key, seconds) is not what is shown: the search finds the shown text.
            let found = try browser.page(entity: "Mood", offset: 0, limit: 50, query: RowQuery(search: text))
            #expect(found.totalRows >= 1, "\(column): \(text)")
        }
        #expect(kinds == ["to-one", "date"], "Mood shows a to-one and a date: \(page.columns)")
    }

    /// A date searched from its middle is spelled by SQLite (`strftime`), over the whole table at once: it
    /// must spell every date of the four-digit years as the cells do, fractions and dates before 1970 included.
    @Test func sqliteSpellsEveryShownDateAsTheEngineDoes() throws {
        let queue = try DatabaseQueue()
        var generator = SystemRandomNumberGenerator()
        let range = ShownText.dateRange
        var samples: [Double] = [range.lowerBound, range.upperBound - 0.25, 0, -0.5, -1, 59.999, -978_307_200.5]
        for _ in 0..<5000 {
            let whole = Double(Int64.random(in: Int64(range.lowerBound)..<Int64(range.upperBound), using: &generator))
            samples.append(whole)
            samples.append(whole + Double.random(in: 0..<1, using: &generator))
        }
        try queue.read { db in
            for seconds in samples {
                let spelled = try String.fetchOne(
                    db,
                    sql: """
                        SELECT strftime('%Y-%m-%d %H:%M:%S', (CAST(? AS INTEGER) - (? < CAST(? AS INTEGER))) + 978307200, \
                        'unixepoch')
                        """, arguments: [seconds, seconds, seconds])
                #expect(spelled == ShownText.date(seconds), "\(seconds)")
            }
        }
    }

    @Test func aDateTypedFromItsYearIsARangeOfSeconds() throws {
        let day = try #require(ShownSearchProbe.range("2016-02-21"))
        #expect(day == 477_705_600..<477_792_000)
        #expect(ShownText.date(day.lowerBound) == "2016-02-21 00:00:00")
        #expect(ShownText.date(day.upperBound - 0.5) == "2016-02-21 23:59:59")
        #expect(ShownSearchProbe.range("2016-02-21 10:15:") == 477_742_500..<477_742_560)
        #expect(ShownSearchProbe.range("2016") == 473_299_200..<504_921_600)
        #expect(ShownSearchProbe.isNoDate("2016-02-30"), "no date shows as February 30th")
        #expect(ShownSearchProbe.isNoDate("2016-13"))
        #expect(ShownSearchProbe.isScan("2016-0"), "part of a field: looked for in each date")
        #expect(ShownSearchProbe.isScan("02-21"))
        #expect(ShownText.date(-1e13) == "-10000000000000.0 s since 2001 (out of range)")
        #expect(ShownText.date(ShownText.dateRange.lowerBound) == "0001-01-01 00:00:00")
    }
}

/// A date column's search condition calls the engine's per-row spelling (`cdmigrate_shown`, Swift) only for
/// dates SQLite cannot spell: counted by a function of the same name put in its place.
@Suite("Search: a date column calls into Swift only for dates out of the four-digit years")
struct ShownSearchDateCallTests {
    @Test(arguments: ["Entry 99999:", "02-21", "2016"])
    func swiftOnlyOutOfRange(_ typed: String) throws {
        let calls = Mutex(0)
        let counting = DatabaseFunction("cdmigrate_shown", argumentCount: 2, pure: false) { _ in
            calls.withLock { $0 += 1 }
            return "x"
        }
        let condition = ShownSearch(text: typed, pattern: "%\(typed)%").column(SQLIdentifier("d"), kind: .date)
        let queue = try DatabaseQueue()
        try queue.write { db in
            db.add(function: counting)
            try db.execute(sql: "CREATE TABLE t (d REAL)")
            for second in stride(from: 477_705_600.0, to: 477_705_600.0 + 500 * 86_400, by: 86_400) {
                try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [second])
            }
            let count: SQLFragment = "SELECT COUNT(*) FROM t WHERE \(condition)"
            _ = try Int.fetchOne(db, count.request)
            #expect(calls.withLock { $0 } == 0, "500 dates of 2016–2017: \(typed)")
            try db.execute(sql: "INSERT INTO t VALUES (-1e13)")
            _ = try Int.fetchOne(db, count.request)
            #expect(calls.withLock { $0 } == 1, "one date out of range: \(typed)")
        }
    }
}

/// The date ranges a search looks for dates in, read through its one entry point.
enum ShownSearchProbe {
    static func outcome(_ typed: String) -> Range<Double>?? { ShownSearch.dateRange(typed: typed) }
    static func range(_ typed: String) -> Range<Double>? { outcome(typed) ?? nil }
    static func isNoDate(_ typed: String) -> Bool {
        if case .some(.none) = outcome(typed) { return true }
        return false
    }
    static func isScan(_ typed: String) -> Bool { outcome(typed) == nil }
}

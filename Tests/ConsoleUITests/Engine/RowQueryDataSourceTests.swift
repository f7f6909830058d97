import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13, item 7: the data source filters, sorts and follows relationships through the engine's row
/// queries. Browsing an Apple store's related objects is walked end to end in ``ConsoleAppleStoreEndToEndTests``.
@Suite struct RowQueryDataSourceTests {
    @Test func anEntrysAuthorIsFoundByItsKeyAndAFilterCountsItsMatches() throws {
        let store = try JournalFixture.journal4(entries: 40)
        let source = EngineDataSource(modelPath: EngineDataSourceTests.model)
        let entries = try source.rows(storePath: store, entity: "Entry", offset: 4, limit: 1)
        let author = try #require(entries.columns.firstIndex(of: "author"))
        guard case .reference(let entity, let key) = entries.rows[0][author] else {
            Issue.record("Entry.author should be a reference: \(entries.rows[0])")
            return
        }
        // Entry 5 is by author (5 - 1) % 3 + 1.
        #expect(entity == "Author" && key == 2)
        let found = try source.rows(storePath: store, entity: entity, offset: 0, limit: 1, query: RowQuery(primaryKey: key))
        #expect(found.entity == "Author" && found.totalRows == 1)
        #expect(found.rows.first?.first == .integer(key))
        #expect(found.rows.first?.contains(.text(JournalFixture.authors[1])) == true)
        // "Entry 1" is in the titles of entries 1 and 10…19.
        let matching = try source.rows(
            storePath: store, entity: "Entry", offset: 0, limit: 50, query: RowQuery(search: "entry 1"))
        #expect(matching.totalRows == 11)
        #expect(matching.rows.allSatisfy { row in row.contains { $0.display.localizedCaseInsensitiveContains("Entry 1") } })
        let title = try #require(entries.columns.firstIndex(of: "title"))
        let sorted = try source.rows(
            storePath: store, entity: "Entry", offset: 0, limit: 20, query: RowQuery(sortColumn: "ZTITLE", descending: true))
        let values = sorted.rows.map { $0[title].display }
        #expect(values.first == "Entry 9")
        #expect(values == values.sorted(by: >))
    }
}

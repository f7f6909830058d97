import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13, item 7: the data source filters, sorts and follows relationships through the engine's row
/// queries on a real Apple store.
@Suite struct RowQueryDataSourceTests {
    @Test(Corpus.required) func aColorsPostIsFoundByItsKeyAndAFilterCountsItsMatches() throws {
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let source = EngineDataSource(modelPath: EngineDataSourceTests.model)
        let colors = try source.rows(storePath: store, entity: "Color", offset: 0, limit: 1)
        guard case .reference(let entity, let key) = colors.rows[0][1] else {
            Issue.record("Color.post should be a reference: \(colors.rows[0])")
            return
        }
        let post = try source.rows(storePath: store, entity: entity, offset: 0, limit: 1, query: RowQuery(primaryKey: key))
        #expect(post.entity == "Post")
        #expect(post.rows.first?.first == .integer(key))
        let hex = try #require(colors.columns.firstIndex(of: "hex"))
        guard case .text(let value) = colors.rows[0][hex] else {
            Issue.record("hex should be text: \(colors.rows[0])")
            return
        }
        let matching = try source.rows(storePath: store, entity: "Color", offset: 0, limit: 50, query: RowQuery(search: value))
        #expect(matching.totalRows >= 1 && matching.totalRows < 7995)
        #expect(matching.rows.allSatisfy { row in row.contains { $0.display.localizedCaseInsensitiveContains(value) } })
        let sorted = try source.rows(
            storePath: store, entity: "Color", offset: 0, limit: 20, query: RowQuery(sortColumn: "ZHEX", descending: true))
        let values = sorted.rows.map { $0[hex].display }
        #expect(values == values.sorted(by: >))
    }
}

import Foundation
import GRDB
import Testing

@testable import MigrationEngine

/// ``ComputedColumns``, the batch query's named column layout, which replaced offset arithmetic repeated in
/// three places.
@Suite("Mapped step: the batch query's computed columns")
struct ComputedColumnsTests {
    @Test("The compiled part of a batch row: filter, merge key, attribute values, folded key")
    func computedColumns() {
        let folded = ComputedColumns(rowWidth: 12, attributeCount: 3, folds: true)
        #expect(folded.sourceWidth == 6)
        #expect(folded.filter == 6 && folded.mergeKey == 7)
        #expect(folded.attributes == 8..<11)
        #expect(folded.foldedKey == 11)
        let plain = ComputedColumns(rowWidth: 12, attributeCount: 3, folds: false)
        #expect(plain.sourceWidth == 7 && plain.attributes == 9..<12 && plain.foldedKey == nil)
        #expect(ComputedColumns.trailing(attributeCount: 0, folds: false) == 2)
    }

    @Test("The columns the batch query selects are read back where the layout says", arguments: [false, true])
    func selectedReadBack(full: Bool) throws {
        let selected = ComputedColumns.selected(
            filter: full ? "0" : nil, mergeKey: full ? "'key'" : nil, attributes: ["'a'", "'b'"],
            foldedKey: full ? "42" : nil)
        let query: SQLFragment = "SELECT 5 AS Z_PK, 6 AS Z_ENT, 7 AS ZNAME, \(SQLFragment.joined(selected))"
        let row = try #require(try DatabaseQueue().read { try Row.fetchOne($0, query.request) })
        let values = Array(row.databaseValues)
        let layout = ComputedColumns(rowWidth: values.count, attributeCount: 2, folds: full)
        #expect(layout.sourceWidth == 3)
        #expect(values[layout.filter] == (full ? 0 : 1).databaseValue)
        #expect(values[layout.mergeKey] == (full ? "key".databaseValue : .null))
        #expect(Array(values[layout.attributes]) == ["a".databaseValue, "b".databaseValue])
        #expect(layout.foldedKey.map { values[$0] } == (full ? 42.databaseValue : nil))
    }
}

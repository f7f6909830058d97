import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 35 item 4: a large entity sorted by a column is sorted once per browse session, its keys kept in a
/// temporary table; every page after is read through them (the pages themselves: KeysetPagingTests).
@Suite struct SortedOrderTests {
    /// A Journal 4 session whose every entity counts as large.
    static func pager(entries: Int = 60) throws -> EntityRowPager {
        let store = try JournalFixture.journal4(entries: entries)
        let counts = try StoreReader.read(path: store, checkIntegrity: false).rowCounts
        return try EntityRowPager(path: store, counts: counts, orderedFrom: 0)
    }

    @Test func theKeysAreSortedOnceAndReplacedByAnotherSort() throws {
        let pager = try Self.pager()
        let byTitle = RowQuery(sortColumn: "ZTITLE", descending: true)
        let first = try pager.page(entity: "Entry", from: .first(skip: 0), limit: 10, query: byTitle)
        #expect(first.totalRows == 60 && first.rows.count == 10)
        let kept = try #require(pager.sortedOrder.withLock { $0 })
        #expect(kept.order.column == "ZTITLE" && kept.rows == 60)
        // The keys are not sorted again for the next page, ascending or descending: the table read is the same.
        try pager.queue.inDatabase { db in
            try db.execute(sql: "DELETE FROM temp.cdm_sorted_keys WHERE rowid > 50")
        }
        let last = try pager.page(entity: "Entry", from: .last(skip: 0), limit: 10, query: RowQuery(sortColumn: "ZTITLE"))
        #expect(last.totalRows == 60, "the count kept with the order")
        #expect(last.rows.count == 0, "rows 51–60 of the kept keys, which this test removed")
        // Another column sorts again.
        let byMood = try pager.page(entity: "Entry", from: .last(skip: 0), limit: 10, query: RowQuery(sortColumn: "ZMOOD"))
        #expect(byMood.rows.count == 10 && byMood.offset == 50)
        #expect(pager.sortedOrder.withLock { $0?.order.column } == "ZMOOD")
    }

    @Test func aFilteredOrSmallEntityIsReadByKey() throws {
        let pager = try Self.pager()
        _ = try pager.page(entity: "Entry", from: .first(skip: 0), limit: 10, query: RowQuery(search: "1", sortColumn: "ZTITLE"))
        _ = try pager.page(entity: "Entry", from: .first(skip: 0), limit: 10, query: .all)
        #expect(pager.sortedOrder.withLock { $0 } == nil, "neither sorts its keys aside")
        let store = try JournalFixture.journal4(entries: 60)
        let counts = try StoreReader.read(path: store, checkIntegrity: false).rowCounts
        let small = try EntityRowPager(path: store, counts: counts)
        _ = try small.page(entity: "Entry", from: .first(skip: 0), limit: 10, query: RowQuery(sortColumn: "ZTITLE"))
        #expect(small.sortedOrder.withLock { $0 } == nil, "60 rows are sorted per page")
    }

    @Test func aStoppedSortKeepsNoOrder() throws {
        let pager = try Self.pager()
        let stopped = CancellationFlag()
        stopped.cancel()
        let error = #expect(throws: StoreError.self) {
            try pager.page(
                entity: "Entry", from: .first(skip: 0), limit: 10, query: RowQuery(sortColumn: "ZTITLE"), cancellation: stopped)
        }
        #expect(error?.code == .stopped)
        #expect(pager.sortedOrder.withLock { $0 } == nil)
        let page = try pager.page(entity: "Entry", from: .first(skip: 0), limit: 10, query: RowQuery(sortColumn: "ZTITLE"))
        #expect(page.rows.count == 10 && page.totalRows == 60)
    }
}

import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 35, item 3: a page read for a filter the user has since typed further is stopped where it is, so the
/// page wanted now does not wait behind a read of every row.
@Suite struct CancelledPageTests {
    /// A flag set while a statement runs (as the UI thread sets it while a read runs on another) ends it.
    @Test func aFlagSetMidwayEndsTheStatementRunning() throws {
        let store = try JournalFixture.journal4(entries: 1)
        let queue = try DatabaseQueue(path: store)
        let counting = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT count(*) FROM n"
        let flag = CancellationFlag()
        #expect(throws: DatabaseError.self) {
            try queue.read { db in
                try db.stopping(on: flag) {
                    flag.cancel()
                    return try Int.fetchOne(db, sql: counting)
                }
            }
        }
        // Once the read is over the flag is no longer looked at.
        let after = try queue.read { db in try Int.fetchOne(db, sql: counting) }
        let unset = try queue.read { db in try db.stopping(on: CancellationFlag()) { try Int.fetchOne(db, sql: counting) } }
        #expect(after == 1_000_000 && unset == 1_000_000)
    }

    @Test func aSetFlagStopsTheReadAndTheSessionReadsOn() throws {
        let store = try JournalFixture.journal4(entries: 50)
        let browser = try MigrationProject(modelPath: JournalFixture.modelPath).browse(store: store)
        let stopped = CancellationFlag()
        stopped.cancel()
        for query in [RowQuery(search: "Entry 4"), RowQuery(sortColumn: "ZTITLE"), RowQuery(predicate: "mood == 2")] {
            // A cancellation, whichever way the page is read: not a store that cannot be read.
            let error = #expect(throws: StoreError.self, "\(query)") {
                try browser.page(entity: "Entry", offset: 0, limit: 10, query: query, cancellation: stopped)
            }
            #expect(error?.code == .stopped && error?.category == .cancelled, "\(query)")
            #expect(error?.path == store)
            // The flag is looked at only while its own read runs.
            let page = try browser.page(entity: "Entry", offset: 0, limit: 10, query: query)
            let unset = try browser.page(entity: "Entry", offset: 0, limit: 10, query: query, cancellation: CancellationFlag())
            #expect(page.totalRows > 0 && page.rows == unset.rows && page.totalRows == unset.totalRows)
        }
    }
}

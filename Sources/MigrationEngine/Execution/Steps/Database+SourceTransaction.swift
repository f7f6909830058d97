import GRDB

extension Database {
    /// A write transaction on a connection with the step's source attached as `src`: DEFERRED, so the source
    /// is only ever read-locked.
    ///
    /// GRDB begins write transactions IMMEDIATE, and SQLite's `BEGIN IMMEDIATE` takes the write lock of every
    /// attached database, the source's included; committing then needs the source exclusively, which any other
    /// reader of it refuses. The run's integrity check reads the same snapshot beside the first step, so a
    /// step that finished before the check (a slow or busy machine) failed with "database is locked" at its
    /// COMMIT. Deferred, the first write locks the destination alone, and the source is never locked for writing.
    func inSourceReadingTransaction(_ operations: () throws -> TransactionCompletion) throws {
        try inTransaction(.deferred, operations)
    }
}

import CSQLiteGuard
import GRDB

extension Database {
    /// How many SQLite virtual-machine steps run between two looks at the flag: a few microseconds of work.
    static let cancellationCheckInterval: Int32 = 1000

    /// Runs `body` so that setting `cancellation` from another thread ends the statement it is running
    /// (SQLite fails it with `SQLITE_INTERRUPT`) within a few microseconds.
    ///
    /// A page of a large entity read for a filter that has since been typed further would otherwise hold the
    /// snapshot's one connection for seconds, and the page wanted now would wait behind it. Unlike
    /// `sqlite3_interrupt`, which SQLite forgets when no statement is running yet, the flag is looked at
    /// while every statement of `body` runs, however late it starts.
    ///
    /// - Parameters:
    ///   - cancellation: The flag that stops the read; nil runs `body` as it is.
    ///   - body: The reads.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; a `DatabaseError` (`SQLITE_INTERRUPT`) once the flag is set.
    func stopping<T>(on cancellation: CancellationFlag?, _ body: () throws -> T) throws -> T {
        guard let cancellation, let handle = sqliteConnection else { return try body() }
        // A read too short to reach the first look (a page of a small table) is stopped before it starts.
        if cancellation.isCancelled { throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted") }
        let context = Unmanaged.passUnretained(cancellation).toOpaque()
        sqlite3_progress_handler(
            handle, Self.cancellationCheckInterval,
            { context in
                guard let context else { return 0 }
                return Unmanaged<CancellationFlag>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
            }, context)
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        return try withExtendedLifetime(cancellation) { try body() }
    }
}

import GRDB

extension StoreError {
    /// The store error for a failure while opening or reading a snapshot of the store at `path`.
    static func reading(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(.unreadable, path: path, message: "\(error)")
        }
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_CORRUPT:
            // Damaged pages (a file cut short, pages overwritten, a broken index or schema): salvage reads what
            // they left, where every other reader stops at the first one.
            return StoreError(.damaged, path: path, message: "damaged database: \(message)", remedy: .salvage)
        case .SQLITE_NOTADB, .SQLITE_FORMAT:
            // A header SQLite cannot use although it carries the signature (an impossible page size, a newer
            // file format): salvage cannot tell its pages either, so it has nothing to offer.
            return StoreError(.damaged, path: path, message: "damaged database: \(message)")
        case .SQLITE_INTERRUPT:
            // Only a read stopped on purpose is interrupted (``Database/stopping(on:_:)``, an integrity check
            // no longer wanted): a cancellation, not a store that cannot be read.
            return StoreError(.stopped, path: path, message: "reading stopped before the end")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.locked, path: path, message: "store is locked: \(message)")
        default:
            return StoreError(.unreadable, path: path, message: "cannot read: \(message)")
        }
    }
}

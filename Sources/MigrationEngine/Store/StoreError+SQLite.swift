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
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT:
            return StoreError(.damaged, path: path, message: "damaged database: \(message)")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.locked, path: path, message: "store is locked: \(message)")
        default:
            return StoreError(.unreadable, path: path, message: "cannot read: \(message)")
        }
    }
}

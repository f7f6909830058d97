import Foundation
import GRDB

/// A raw SQLite value read from a store, before any model type is applied.
package enum StoredValue: Sendable, Hashable {
    /// NULL.
    case null
    /// An INTEGER.
    case integer(Int64)
    /// A REAL.
    case real(Double)
    /// TEXT.
    case text(String)
    /// A BLOB.
    case blob(Data)
}

extension StoredValue {
    /// The value as GRDB holds it, to be typed or spelled as the engine reads a column.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}

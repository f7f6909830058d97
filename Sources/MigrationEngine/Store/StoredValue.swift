import Foundation

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

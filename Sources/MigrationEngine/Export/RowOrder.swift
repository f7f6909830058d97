import Foundation

/// One key `rows` orders objects by: an attribute of the entity (or `_pk`), ascending or descending. Objects
/// equal on every key stay in primary-key order, so pages never overlap.
public struct RowOrder: Sendable, Hashable {
    /// The attribute's name, or `_pk`.
    public var key: String
    /// Whether larger values come first.
    public var descending: Bool

    /// Creates an order.
    ///
    /// - Parameters:
    ///   - key: The attribute's name, or `_pk`.
    ///   - descending: Whether larger values come first.
    public init(_ key: String, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// Orders written as a comma-separated list, a `-` before a key making it descending (`title,-created`).
    ///
    /// - Parameter text: The list.
    /// - Returns: One order per key, in the order written; empty names are skipped.
    public static func list(_ text: String) -> [RowOrder] {
        text.split(separator: ",").compactMap { part in
            let key = part.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { return nil }
            return key.hasPrefix("-") ? RowOrder(String(key.dropFirst()), descending: true) : RowOrder(key)
        }
    }
}

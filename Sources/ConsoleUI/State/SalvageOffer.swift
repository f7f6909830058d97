import Foundation

/// The console's offer to salvage a store it could not open because the store is damaged.
package struct SalvageOffer: Sendable, Hashable {
    /// The damaged store.
    package var store: String
    /// The new store salvage would write, beside the damaged one.
    package var output: String
    /// Why the store could not be opened.
    package var reason: String
    /// Whether "Salvage" (rather than "Cancel") is highlighted.
    package var salvageHighlighted = true

    /// Offers to salvage `store` into `output`, a free name beside it that the read which found the damage
    /// looked up (the reducer never looks at the disk).
    package init(store: String, reason: String, output: String) {
        self.store = store
        self.reason = reason
        self.output = output
    }

    /// The damaged store's file name.
    package var storeName: String { URL(fileURLWithPath: store).lastPathComponent }
}

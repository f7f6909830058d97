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

    /// Offers to salvage `store` into `<name>-salvaged.<extension>` beside it (`-salvaged-2`, … when taken).
    package init(store: String, reason: String) {
        self.store = store
        self.reason = reason
        output = Self.outputPath(for: store)
    }

    /// The damaged store's file name.
    package var storeName: String { URL(fileURLWithPath: store).lastPathComponent }

    /// The first free `<name>-salvaged[-n].<extension>` beside `store`.
    package static func outputPath(for store: String) -> String {
        let url = URL(fileURLWithPath: store)
        let name = url.deletingPathExtension().lastPathComponent
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let folder = url.deletingLastPathComponent()
        var index = 1
        while true {
            let candidate = folder.appendingPathComponent(name + "-salvaged" + (index == 1 ? "" : "-\(index)") + suffix).path
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            index += 1
        }
    }
}

import Foundation

/// The console's offer to salvage a store it could not open because the store is damaged.
public struct SalvageOffer: Sendable, Hashable {
    /// The damaged store.
    public var store: String
    /// The new store salvage would write, beside the damaged one.
    public var output: String
    /// Why the store could not be opened.
    public var reason: String
    /// Whether "Salvage" (rather than "Cancel") is highlighted.
    public var salvageHighlighted = true

    /// Offers to salvage `store` into `<name>-salvaged.<extension>` beside it (`-salvaged-2`, … when taken).
    public init(store: String, reason: String) {
        self.store = store
        self.reason = reason
        output = Self.outputPath(for: store)
    }

    /// The first free `<name>-salvaged[-n].<extension>` beside `store`.
    public static func outputPath(for store: String) -> String {
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

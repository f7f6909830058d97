import Foundation

/// The data browser's question "export this entity to which file?": the path being typed, and whether the
/// user has been told it names an existing file (a second Enter replaces it).
package struct ExportPrompt: Sendable, Hashable {
    /// The entity on screen.
    package var entity: String
    /// The path being typed, with its cursor.
    package var line: LineEditor
    /// The path typed so far; the format follows its extension (`.csv`, `.jsonl`, else JSON).
    package var path: String { line.text }
    /// Whether the path names an existing file and the user was asked to confirm replacing it.
    package var confirmingOverwrite = false

    /// Asks for the export of `entity` of `store`, the path filled in with ``defaultPath(store:entity:)``.
    package init(entity: String, store: String) {
        self.entity = entity
        line = LineEditor(Self.defaultPath(store: store, entity: entity))
    }

    /// The first free `<Entity>.json` (`<Entity>-2.json`, …) beside the store, so that accepting the
    /// default never replaces a file.
    package static func defaultPath(store: String, entity: String) -> String {
        FreePath.first(in: URL(fileURLWithPath: store).deletingLastPathComponent(), base: entity, extension: ".json")
    }
}

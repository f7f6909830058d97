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

    /// Asks for the export of `entity`; the path is filled in with a free `<Entity>.json` beside the store
    /// when the effect that looks for one answers (``PathSuggestion/export(entity:store:)``).
    package init(entity: String) {
        self.entity = entity
        line = LineEditor("")
    }
}

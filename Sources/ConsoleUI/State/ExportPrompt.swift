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
    /// How many objects the export writes (the entity's, its sub-entities' included), when the store says.
    package var objects: Int?
    /// Whether a filter narrows the rows on screen, which the export does not follow: it writes them all.
    package var filtered = false

    /// What the prompt asks, before the path: how many objects go, and that a filter on screen is not applied.
    package var question: String {
        guard let objects else { return "Export \(entity) to " }
        let count = "\(NumberText.grouped(objects)) \(entity) object\(objects == 1 ? "" : "s")"
        return filtered ? "Export all \(count) (unfiltered) to " : "Export \(count) to "
    }

    /// Asks for the export of `entity`; the path is filled in with a free `<Entity>.json` beside the store
    /// when the effect that looks for one answers (``PathSuggestion/export(entity:store:)``).
    package init(entity: String) {
        self.entity = entity
        line = LineEditor("")
    }
}

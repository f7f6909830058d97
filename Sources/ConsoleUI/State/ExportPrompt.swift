import Foundation
import MigrationEngine

/// The data browser's question "export these objects to which file?": what goes (the rows on screen: the
/// filter and sort applied), the path being typed, and whether the user has been told it names an existing
/// file (a second Enter replaces it).
package struct ExportPrompt: Sendable, Hashable {
    /// The entity on screen.
    package var entity: String
    /// The path being typed, with its cursor.
    package var line: LineEditor
    /// The path typed so far; the format follows its extension (`.csv`, `.jsonl`, else JSON).
    package var path: String { line.text }
    /// Whether the path names an existing file and the user was asked to confirm replacing it.
    package var confirmingOverwrite = false
    /// The rows exported and their order: the browser's filter and sort when the prompt opened.
    package var query = RowQuery.all
    /// How many objects the export writes (with a filter: how many match; the entity's sub-entities'
    /// included), when known.
    package var objects: Int?
    /// The column the rows are sorted by, as the table heads it, when they are sorted.
    package var sortedBy: String?

    /// What the prompt asks, before the path: how many objects go, whether a filter chose them, in what order.
    package var question: String {
        let matching = query.narrows ? "matching " : ""
        let order = sortedBy.map { query.descending ? " in descending \($0) order" : " in \($0) order" } ?? ""
        guard let objects else { return "Export \(matching)\(entity)\(order) to " }
        let count = "\(NumberText.grouped(objects)) \(matching)\(entity) object\(objects == 1 ? "" : "s")"
        return "Export \(count)\(order) to "
    }

    /// Asks for the export of `entity`; the path is filled in with a free `<Entity>.json` beside the store
    /// when the effect that looks for one answers (``PathSuggestion/export(entity:store:)``).
    package init(entity: String) {
        self.entity = entity
        line = LineEditor("")
    }
}

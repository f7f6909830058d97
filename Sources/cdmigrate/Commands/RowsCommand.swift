import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate rows STORE --entity E [--where QUERY] [--sort KEYS [--desc]] [--columns FIELDS] [--limit N] [--offset N]
/// [--raw-values] [--json]`: a page of an entity's objects, rendered as `export` renders them (CSV text, or a JSON array).
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows", abstract: "Print a page of an entity's objects, optionally filtered by an expression.")

    @Argument(help: "The store's .sqlite file (read through a snapshot, never written).")
    var store: String

    @OptionGroup var model: ModelOption

    @Option(help: "The entity (its sub-entities' objects included).")
    var entity: String

    @OptionGroup var selection: SelectionOptions

    @Option(help: "Print only these fields, comma-separated, in this order (e.g. '_pk,title,created').")
    var columns: String?

    @Option(help: "At most this many objects.")
    var limit = 50

    @Option(help: "Skip this many (matching) objects first.")
    var offset = 0

    @Flag(
        help:
            "Binary and Transformable values as base64, even those holding a keyed archive or plist (decoded to JSON by default)."
    )
    var rawValues = false

    @Flag(help: "Print a JSON array instead of CSV.")
    var json = false

    func run() throws {
        let project = try model.objectReadingProject(store: store)
        let fields = columns.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let page = try project.rows(
            store: store, entity: entity, where: selection.condition, order: selection.order, columns: fields, offset: offset,
            limit: limit,
            rawValues: rawValues)
        print(try page.text(as: json ? .json : .csv), terminator: "")
    }
}

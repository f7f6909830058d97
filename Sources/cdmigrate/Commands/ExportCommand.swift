import ArgumentParser
import Foundation
import MigrationEngine

extension ExportFormat: ExpressibleByArgument {}

/// `cdmigrate export STORE [--model M] [--entity E [--where QUERY] [--sort KEYS [--desc]]] [--format csv|json|jsonl]
/// [--out FILE|DIR] [--raw-values] [--json]`: a store's objects with values rendered by model type, streamed from a
/// private snapshot; with `--entity`, those `rows` would list for the same query and order.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a store's objects as CSV, JSON or JSON Lines, values rendered by model type.")

    @Argument(help: "The store's .sqlite file (read through a snapshot, never written).")
    var store: String

    @OptionGroup var model: ModelOption

    @Option(help: "One entity (with its sub-entities' objects); default: every entity, one file each into --out DIR.")
    var entity: String?

    @OptionGroup var selection: SelectionOptions

    @Option(help: "csv, json or jsonl.")
    var format: ExportFormat = .json

    @Option(help: "The file (or, without --entity, the folder) to write; default with --entity: standard output.")
    var out: String?

    @Flag(
        help:
            "Binary and Transformable values as base64, even those holding a keyed archive or plist (decoded to JSON by default)."
    )
    var rawValues = false

    @Flag(help: "Print what was written as JSON.")
    var json = false

    func run() throws {
        let project = try model.objectReadingProject(store: store)
        // On a terminal, store text goes through the filter that shows control characters as pictures.
        let terminal = out == nil && TerminalOutput.standardOutputIsTerminal ? PrintableExportOutput() : nil
        let destination: ExportDestination =
            switch (entity, out) {
            case (_, nil): .handle(terminal?.handle ?? FileHandle.standardOutput)
            case (nil, let folder?): .folder(folder)
            case (_, let path?): isFolder(path) ? .folder(path) : .file(path)
            }
        // Ctrl-C stops between two objects, so the partial file is removed and the old one kept.
        let flag = CancellationFlag()
        let signals = SignalCancellation(flag)
        defer { signals.stop() }
        let exported = Result {
            try project.export(
                store: store, entity: entity, format: format, to: destination, rawValues: rawValues,
                where: selection.condition, order: selection.order, cancellation: flag)
        }
        // Everything exported is on the screen before an error or the summary is written.
        try terminal?.finish()
        let counts = try exported.get()
        guard out != nil else { return }
        if json {
            print(try JSONOutput.encode(counts))
        } else {
            for count in counts { print("\(count.entity): \(count.objects) objects → \(count.file ?? "-")") }
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

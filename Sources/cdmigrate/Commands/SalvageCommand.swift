import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate salvage STORE [--model M] [--version V] --out NEW [--repair] [--json]`: every object that can still be
/// read from a damaged store, written into a new, valid store; the damaged one is only read.
struct SalvageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "salvage",
        abstract: "Recover what can be read from a damaged store into a new, valid store (the damaged one is never written).")

    @Argument(help: "The damaged store's .sqlite file (read through a private copy, never written).")
    var store: String

    @OptionGroup var model: ModelOption

    @Option(help: "The version to write the new store at (default: the store's own).")
    var version: String?

    // `--output` was this option's name before every command's output became `--out`; scripts keep working.
    @Option(name: [.customLong("out"), .customLong("output")], help: "The new store to write; must not exist.")
    var out: String

    @Flag(
        help:
            "Repair objects that break the model (listed one by one in the report): a required value gets its default, an object that cannot be repaired is set aside in NEW-set-aside.sqlite."
    )
    var repair = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let location = model.locate(store: store)
        let project = try MigrationProject(modelPath: location.model, settings: PlanningSettings())
        let report = try project.salvage(store: store, to: out, version: version, brokenObjects: repair ? .repair : .refuse)
        print(json ? try JSONOutput.encode(LocatedJSON(value: report, location: location)) : SalvageReportText.render(report))
    }
}

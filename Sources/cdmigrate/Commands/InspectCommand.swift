import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate inspect STORE [--model M] [--json] [--check]`: what a store holds and which model version fits
/// it, read without writing any of the store's files. Without `--model`, the model beside the store or the
/// store's own cached model, said on standard error and in the JSON's `modelLocation`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a store's files, metadata, entities with row counts and compatible model version.")

    @Argument(help: "The store's .sqlite file (its -wal is read too, without being changed).")
    var store: String

    @OptionGroup var model: ModelOption

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Also run SQLite's quick_check over every page; a store that fails it is reported as damaged.")
    var check = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        let location = model.locate(store: store)
        let report = try MigrationProject(modelPath: location.model, settings: PlanningSettings(), snapshot: reading.snapshot)
            .inspect(store: store, checksIntegrity: check)
        print(
            json
                ? try JSONOutput.encode(LocatedJSON(value: report, location: location))
                : StoreReportText(report: report).render())
    }
}

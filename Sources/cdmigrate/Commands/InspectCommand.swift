import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate inspect STORE [--model M] [--json]`: what a store holds and which model version fits it,
/// read from a private snapshot so the store's files are never written. Without `--model`, the model beside
/// the store or the store's own cached model, said on standard error and in the JSON's `modelLocation`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a store's files, metadata, entities with row counts and compatible model version.")

    @Argument(help: "The store's .sqlite file (its -wal is read too, without being changed).")
    var store: String

    @OptionGroup var model: ModelOption

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        try reportingFailures {
            let location = model.locate(store: store)
            let report = try MigrationProject(modelPath: location.model, settings: PlanningSettings(), snapshot: reading.snapshot)
                .inspect(store: store)
            print(
                json
                    ? try JSONOutput.encode(LocatedJSON(value: report, location: location))
                    : StoreReportText(report: report).render())
        }
    }
}

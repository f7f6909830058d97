import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate verify STORE [--model M] [--version V] [--json]`: integrity and conformance to a model version;
/// without a model, to the one beside the store or the store's own cached model. Under `--json` every problem
/// is listed, not only the first.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check a store's integrity and its conformance to a model version.")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @OptionGroup var model: ModelOption

    @Option(help: "The version to check against (default: the one the store's hashes match).")
    var version: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        let location = model.locate(store: store)
        let project = try MigrationProject(
            modelPath: location.model, settings: PlanningSettings(), snapshot: reading.snapshot)
        if json {
            // Every problem on standard output; the first, as the failure, on standard error and in the exit code.
            let result = try project.problems(of: store, version: version, report: ProgressPrinter.stderrNotes)
            print(try JSONOutput.encode(LocatedJSON(value: VerificationJSON(verification: result), location: location)))
            if let first = result.problems.first { throw first.failure }
        } else {
            let result = try project.verify(store: store, version: version, report: ProgressPrinter.stderrNotes)
            let note = result.recovered.map { "; recovered an interrupted migration (\($0.rawValue))" } ?? ""
            print("\(store): a valid \(result.version) store (integrity, bookkeeping, metadata hashes, entity rows)\(note)")
        }
    }
}

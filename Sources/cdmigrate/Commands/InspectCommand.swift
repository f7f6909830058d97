import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate inspect STORE [--model M] [--json]`: what a store holds and which model version fits it,
/// read from a private snapshot so the store's files are never written.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a store's files, metadata, entities with row counts and compatible model version.")

    @Argument(help: "The store's .sqlite file (its -wal is read too, without being changed).")
    var store: String

    @Option(help: "A .xcdatamodeld, .xcdatamodel, .momd or .mom to compare with (default: the store's cached model).")
    var model: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        try reportingFailures {
            let contents = try StoreReader.read(path: store, options: reading.snapshot)
            let storeModel: ObjectModel?
            do {
                storeModel = try contents.cachedModel()
            } catch let error as ModelError {
                // With a model to compare with, a damaged cache only costs the per-property detail.
                guard model != nil else {
                    throw StoreError(.damaged, path: store, message: "model cache is unreadable: \(error.message)")
                }
                storeModel = nil
            }
            let bundle: ModelBundle?
            if let model {
                bundle = try ModelLoader.load(path: model)
            } else {
                bundle = storeModel.map { ModelBundle(path: store, versions: [$0], currentVersionName: $0.name) }
            }
            let report = StoreReport(
                path: store, contents: contents, bundle: bundle,
                modelSource: model ?? (storeModel == nil ? nil : "cache"), storeModel: storeModel)
            print(json ? try JSONOutput.encode(report) : StoreReportText(report: report).render())
        }
    }
}

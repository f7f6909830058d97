import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate verify STORE --model M [--version V] [--json]`: integrity and conformance to a model version.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check a store's integrity and its conformance to a model version.")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @Option(help: "The model: .xcdatamodeld, .xcdatamodel, .momd or .mom.")
    var model: String

    @Option(help: "The version to check against (default: the one the store's hashes match).")
    var version: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        try reportingFailures {
            let recovered = try Recovery.recoverIfNeeded(storePath: store)
            let bundle = try ModelLoader.load(path: model)
            let name = try SnapshotReading.read(store, options: reading.snapshot) { snapshot in
                let contents = try StoreReader.read(snapshot, checkIntegrity: false)
                guard let name = version ?? CompatibilityCheck.check(bundle, metadata: contents.metadata).compatibleVersion,
                    let target = bundle.version(named: name)
                else {
                    throw PlanningError(.unknownVersion, versions: version.map { [$0] } ?? [],
                                        message: "\(store): \(version.map { "no version \"\($0)\" in the model" } ?? "the store matches no version of \(model)")")
                }
                try StoreValidator(model: target).validate(snapshot.path)
                return name
            }
            let note = recovered.map { "; recovered an interrupted migration (\($0.outcome.rawValue))" } ?? ""
            if json {
                let object: [String: Any] = ["store": store, "version": name, "valid": true, "recovered": recovered?.outcome.rawValue ?? NSNull()]
                print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self))
            } else {
                print("\(store): a valid \(name) store (integrity, bookkeeping, metadata hashes, entity rows)\(note)")
            }
        }
    }
}

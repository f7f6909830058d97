import ArgumentParser
import ConsoleUI
import Foundation
import MigrationEngine

/// `cdmigrate console [STORE] [--model M] [--mappings DIR]`: the interactive console (the default command).
struct ConsoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Open the interactive console on a store (or pick one under the current directory).")

    @Argument(help: "The store's .sqlite file; without it, a picker lists the stores under the current directory.")
    var store: String?

    @Option(help: "The model (.xcdatamodeld, .xcdatamodel, .momd or .mom); found beside the store when omitted.")
    var model: String?

    @Option(help: "A folder of mapping files (cdmigrate YAML/JSON or Xcode .xcmappingmodel).")
    var mappings: [String] = []

    func run() throws {
        try reportingFailures {
            let storePath = store.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let modelPath = model ?? ModelDiscovery.find(near: storePath)
            try ConsoleLauncher.open(storePath: storePath, modelPath: modelPath, mappingDirectories: mappings)
        }
    }
}

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

    @Option(
        help:
            "The model (.xcdatamodeld, .xcdatamodel, .momd or .mom); default: the one beside the store, in the folder above it or in the current one."
    )
    var model: String?

    @Option(
        help:
            "A folder of mapping files (cdmigrate YAML/JSON or Xcode .xcmappingmodel); a mappings/ folder beside the model or the store is read too."
    )
    var mappings: [String] = []

    func run() throws {
        let storePath = store.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let location = ModelLocator.locate(
            store: storePath, model: model, alsoSearching: [FileManager.default.currentDirectoryPath])
        try ConsoleLauncher.open(storePath: storePath, location: location, mappingDirectories: mappings)
    }
}

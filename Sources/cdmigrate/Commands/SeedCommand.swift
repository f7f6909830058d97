import ArgumentParser
import ConsoleUI
import Foundation
import MigrationEngine

/// `cdmigrate seed MODEL [--version V] --objects N [--seed S] --out STORE [--json]`: a new store at a version of
/// a model, filled with deterministic synthetic objects, for testing an app's own migrations.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Write a new store at a model version, filled with deterministic synthetic objects.",
        discussion: """
            Every concrete entity gets --objects objects with a value for every stored attribute (within its \
            minimum and maximum; values of attributes that allow external storage partly in the store's \
            _EXTERNAL_DATA folder) and every relationship filled as Core Data stores it (to-one, one-to-one, \
            to-many with and without an inverse, ordered, many-to-many, across sub-entities). The same model, \
            version, count and seed always give the same store; `verify` accepts it.
            """)

    @Argument(help: "A .xcdatamodeld, .xcdatamodel, .momd or .mom.")
    var model: String

    @Option(help: "The version to write (default: the model's current version).")
    var version: String?

    @Option(help: "Objects of each concrete entity (0 to \(SeededStore.maximumObjects)).")
    var objects: Int

    @Option(help: "The seed every value is drawn from.")
    var seed: UInt64 = 1

    @Option(help: "The store to create; it must not exist.")
    var out: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        guard (0...SeededStore.maximumObjects).contains(objects) else {
            throw ValidationError("--objects must be between 0 and \(SeededStore.maximumObjects)")
        }
    }

    func run() throws {
        let project = try MigrationProject(modelPath: model, settings: PlanningSettings())
        let result = try project.seed(version: version, objects: objects, seed: seed, out: out)
        if json {
            print(try JSONOutput.encode(result))
        } else {
            print("wrote " + SeedSummary.line(result, objectsPerEntity: objects))
        }
    }
}

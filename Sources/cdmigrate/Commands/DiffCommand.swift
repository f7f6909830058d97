import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate diff MODEL --from A --to B [--store S] [--json]`: the inferred mapping between two versions.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changes between two model versions and whether lightweight migration can infer it.",
        discussion: """
            Lists the operations an inferred (lightweight) step would perform, the data it would drop, \
            likely renames that lack a renaming identifier, and every change that needs an explicit mapping. \
            With --store (a store at version --from), drops are counted in that store's data.
            """)

    @Argument(help: "A .xcdatamodeld, .xcdatamodel, .momd or .mom.")
    var model: String

    @Option(help: "The source model version.")
    var from: String

    @Option(help: "The destination model version.")
    var to: String

    @Option(help: "A store at version --from, to count the values that would be lost (read from a snapshot).")
    var store: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var reading: StoreReadingOptions

    func run() throws {
        let diff = try MigrationProject(modelPath: model, settings: PlanningSettings(), snapshot: reading.snapshot).diff(
            from: from, to: to, countingIn: store)
        let report = DiffReport(
            mapping: diff.mapping, drops: diff.drops, conditions: diff.conditions, countedInStore: diff.countedInStore)
        print(json ? try report.json() : report.text())
    }
}

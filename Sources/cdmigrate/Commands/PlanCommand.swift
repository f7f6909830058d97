import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate plan STORE [--model M] [--to V] [--graph [--dot]] [--json]`: the chain a migration would run.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Show the chain of steps that would migrate a store, or the whole version graph.")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @OptionGroup var planning: PlanningOptions

    @Option(help: "The target version (default: the model's current version).")
    var to: String?

    @Flag(help: "Print the whole version graph instead of one chain.")
    var graph = false

    @Flag(help: "With --graph: print Graphviz DOT (or, with --json, the graph as JSON).")
    var dot = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let project = try planning.project(stores: [store])
        let notes = ProgressPrinter.stderrNotes
        if graph {
            // The graph is shown even when no chain reaches the target: that is when it is most needed.
            let whole = try project.graph()
            let chain = try project.planIfRouted(store: store, target: to, report: notes)?.plan
            if json {
                print(try GraphJSON.encode(whole))
            } else {
                print(dot ? GraphRendering.dot(whole, chain: chain) : GraphRendering.text(whole), terminator: "")
            }
            return
        }
        let result: StorePlanning
        do {
            // The plan states what this store loses, not what the versions could drop.
            result = try project.countingDataLoss(in: project.plan(store: store, target: to, report: notes))
        } catch let failure where json && MigrationError(failure).category == .noRoute {
            // Scripts get the reason on stdout as well, with each mapping that could not be used in full.
            print(try PlanJSON.encodeNoRoute(MigrationError(failure), graph: try project.graph()))
            throw failure
        }
        print(
            json
                ? try PlanJSON.encode(result, identicalVersions: project.bundle?.identicalHashVersions ?? [])
                : PlanRendering.text(
                    result, mappingFolders: project.settings.mappingDirectories,
                    identicalVersions: project.bundle?.identicalHashVersions ?? []),
            terminator: json ? "\n" : "")
    }
}

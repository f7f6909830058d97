import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate plan STORE --model M [--to V] [--graph [--dot]] [--json]`: the chain a migration would run.
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
        try reportingFailures {
            // A store caught mid-swap would be read in a state that is neither old nor new.
            if let (_, outcome) = try Recovery.recoverIfNeeded(storePath: store) {
                StandardError.write("cdmigrate: recovered an interrupted migration of \(store): \(outcome.rawValue)\n")
            }
            if graph {
                // The graph is shown even when no chain reaches the target: that is when it is most needed.
                let whole = try planning.graph()
                let chain = try? planning.planning(store: store, target: to).plan
                if json {
                    print(try GraphJSON.encode(whole))
                } else {
                    print(dot ? GraphRendering.dot(whole, chain: chain) : GraphRendering.text(whole), terminator: "")
                }
                return
            }
            let result = try planning.planning(store: store, target: to)
            if json {
                print(try PlanJSON.encode(result))
            } else {
                print(PlanRendering.text(result), terminator: "")
            }
        }
    }
}

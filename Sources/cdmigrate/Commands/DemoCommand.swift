import ArgumentParser
import ConsoleUI
import Foundation
import JournalSample
import MigrationEngine

/// `cdmigrate demo`: the console on the sample app, prepared in a temporary folder with nothing to provide.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the console on the bundled sample app with a generated store at its oldest version.")

    @Option(help: "How many journal entries the generated store holds.")
    var entries = 200_000

    @Option(help: "Where to prepare the demo (default: a new temporary folder).")
    var directory: String?

    @Flag(help: "Only prepare the folder and print its paths as JSON; do not open the console.")
    var json = false

    func run() throws {
        let demo = try DemoFolder.prepare(in: directory)
        if json {
            if !demo.hasStore { try demo.generateStore(entries: entries) }
            print(try JSONOutput.encode(demo))
            return
        }
        // The console opens at once; the store is generated on another thread while it says so.
        let preparation =
            demo.hasStore
            ? nil
            : Preparation(
                message:
                    "Generating the sample store: \(NumberText.grouped(entries)) journal entries at \(SampleApp.oldestVersion)…",
                work: { [entries] in try demo.generateStore(entries: entries) })
        // The sample app's Swift policy, as every command registers it for the sample's own model.
        try ConsoleLauncher.open(
            storePath: demo.store, location: ModelLocation(model: demo.model, origin: .given), mappingDirectories: [],
            policies: SampleApp.policies, preparation: preparation)
    }
}

import ArgumentParser
import Foundation
import MigrationEngine

/// The model, mapping directories and version-order settings shared by `plan` and `migrate`. Settings on
/// the command line override those of `cdmigrate.yaml` beside the model.
struct PlanningOptions: ParsableArguments {
    @Option(name: .long, help: "The model: .xcdatamodeld, .xcdatamodel, .momd or .mom.")
    var model: String

    @Option(name: .long, help: "A directory of explicit mappings (repeatable).")
    var mappings: [String] = []

    @Option(name: .long, help: "The project file (default: cdmigrate.yaml/.yml/.json beside the model).")
    var project: String?

    @Option(name: .customLong("order-pattern"), help: "Order versions by this regular expression's captures.")
    var orderPattern: String?

    @Option(name: .customLong("order-list"), help: "Order versions as listed (repeat, oldest first).")
    var orderList: [String] = []

    @Option(name: .customLong("pair"), help: "Allow inferred steps only for these pairs: \"A -> B\" (repeatable).")
    var pairs: [String] = []

    @Option(name: .customLong("route"), help: "Routing override \"A -> B\": from A go straight to B (repeatable).")
    var routes: [String] = []

    @Option(name: .customLong("broken"), help: "A version never to pass through or end at (repeatable).")
    var broken: [String] = []

    @Flag(name: .long, help: "Allow inferred steps from newer to older versions.")
    var downgrades = false

    @Flag(name: .customLong("no-inference"), help: "Use explicit mappings only.")
    var noInference = false

    @OptionGroup var reading: StoreReadingOptions

    /// The project file's settings with the command line's on top.
    func settings() throws -> PlanningSettings {
        var settings = try project.map { try ProjectFile.load(path: $0) } ?? PlanningSettings.besideModel(model)
        if let orderPattern { settings.order = .pattern(orderPattern) }
        if !orderList.isEmpty { settings.order = .list(orderList) }
        if !pairs.isEmpty { settings.order = .pairs(try pairs.map { try Self.pair($0) }) }
        for route in routes {
            let pair = try Self.pair(route)
            settings.routing.overrides[pair.from] = pair.to
        }
        settings.routing.broken.formUnion(broken)
        if downgrades { settings.allowsDowngrades = true }
        settings.mappingDirectories += mappings.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return settings
    }

    /// The project these options describe: the model, the settings and its mappings, with no Swift policies
    /// (an app's policies live in its own executable built on the engine; see `Examples/PolicyExample`).
    func project(policies: MigrationPolicyRegistry = MigrationPolicyRegistry()) throws -> MigrationProject {
        try MigrationProject(
            modelPath: model, settings: try settings(), policies: policies, infers: !noInference, snapshot: reading.snapshot)
    }

    private static func pair(_ text: String) throws -> VersionPair {
        let parts = text.components(separatedBy: "->").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ValidationError("expected \"A -> B\", got \"\(text)\"")
        }
        return VersionPair(from: parts[0], to: parts[1])
    }
}

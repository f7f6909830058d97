import ArgumentParser
import Foundation
import JournalSample
import MigrationEngine

/// The model, mapping directories and version-order settings shared by `plan` and `migrate`. Settings on
/// the command line override those of `cdmigrate.yaml` beside the model. Without `--model`, the model beside
/// the store is used; without `--mappings`, the `mappings/` folders beside the model and the store are read,
/// as the console does, so that both plan the same chain.
struct PlanningOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "The model: .xcdatamodeld, .xcdatamodel, .momd or .mom (default: the one model beside the store or in the folder above)."
    )
    var model: String?

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

    /// The model and mapping folders for `stores`, said on standard error when they were found rather than
    /// named. Planning needs the model's whole version history, so a store's cached model is not enough: no
    /// model, or one store whose folder holds another model than the rest, is a usage error.
    func locate(stores: [String]) throws -> ModelLocation {
        let locations = stores.map { ModelLocator.locate(store: $0, model: model) }
        guard let first = locations.first else { throw ValidationError("no store given") }
        guard let found = first.model else {
            throw ValidationError(
                "no model beside \(stores[0])\(first.note.map { " (\($0))" } ?? ""): pass --model")
        }
        if let other = zip(stores, locations).first(where: { $0.1.model != found }) {
            throw ValidationError(
                "\(other.0) has another model beside it than \(stores[0]) (\(found)): pass --model")
        }
        // Folders named with --mappings are the whole choice: a copy beside the model must not add a second
        // mapping for the same step.
        let foundMappings =
            mappings.isEmpty
            ? locations.flatMap(\.mappings).reduce(into: [String]()) { all, folder in
                if !all.contains(folder) { all.append(folder) }
            } : []
        let location = ModelLocation(model: found, origin: first.origin, mappings: foundMappings)
        if location.origin == .found || !location.mappings.isEmpty {
            StandardError.write("cdmigrate: using \(location.summary)\n")
        }
        return location
    }

    /// The project file's settings with the command line's on top, and the mapping folders found beside the
    /// model and the stores (none when `--mappings` named some).
    func settings(for location: ModelLocation) throws -> PlanningSettings {
        var settings = try project.map { try PlanningSettings.projectFile(at: $0) } ?? location.settings()
        if project != nil {
            let named = Set(settings.mappingDirectories)
            settings.mappingDirectories += location.mappings.filter { !named.contains($0) }
        }
        if let orderPattern { settings.order = .pattern(orderPattern) }
        if !orderList.isEmpty { settings.order = .list(orderList) }
        if !pairs.isEmpty { settings.order = .pairs(try pairs.map { try Self.pair($0) }) }
        for route in routes {
            let pair = try Self.pair(route)
            settings.routing.overrides[pair.from] = pair.to
        }
        settings.routing.broken.formUnion(broken)
        if downgrades { settings.allowsDowngrades = true }
        let named = Set(settings.mappingDirectories)
        settings.mappingDirectories += mappings.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .filter { !named.contains($0) }
        return settings
    }

    /// The project these options describe for `stores`: the model, the settings and its mappings. The only
    /// Swift policies are the sample app's, for the sample's own model (so the store `demo` writes reaches its
    /// newest version); an app's policies live in its own executable built on the engine (see
    /// `Examples/PolicyExample`).
    func project(stores: [String]) throws -> MigrationProject {
        let location = try locate(stores: stores)
        return try MigrationProject(
            modelPath: location.model, settings: try settings(for: location),
            policies: SampleApp.policies(forModelAt: location.model), infers: !noInference, snapshot: reading.snapshot)
    }

    private static func pair(_ text: String) throws -> VersionPair {
        let parts = text.components(separatedBy: "->").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ValidationError("expected \"A -> B\", got \"\(text)\"")
        }
        return VersionPair(from: parts[0], to: parts[1])
    }
}

import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate scaffold-mapping MAPPINGMODEL | --from A --to B [--model M] [--out FILE [--force]] [--json]`:
/// a cdmigrate mapping file to complete, for a step whose Xcode mapping model names a custom policy class.
struct ScaffoldMappingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaffold-mapping",
        abstract: "Write a cdmigrate mapping file from an Xcode mapping model or the inferred mapping, to complete.",
        discussion: """
            Everything the mapping model (or, with --from and --to, the inferred mapping) states is written out; \
            what a custom policy class did in code, or inference cannot decide, is left as <fill> with the \
            properties to use named in comments. Replace each <fill> with an expression and put the file in the \
            mapping folder: it is used for that step in place of the Xcode mapping model. The same input always \
            gives the same file; an existing file is replaced only with --force.
            """)

    @Argument(help: "An Xcode mapping model: a .xcmappingmodel folder (or its xcmapping.xml) or a compiled .cdm.")
    var mappingModel: String?

    @Option(help: "The model (default: the only .xcdatamodeld or .momd beside the mapping folder or here).")
    var model: String?

    @Option(help: "Without a mapping model: the source version of the inferred mapping.")
    var from: String?

    @Option(help: "Without a mapping model: the destination version of the inferred mapping.")
    var to: String?

    @Option(help: "The mapping file to write (default: print it).")
    var out: String?

    @Flag(help: "Replace --out if it exists.")
    var force = false

    @Flag(help: "Print JSON: the file's path or text and the values left to fill.")
    var json = false

    func validate() throws {
        switch (mappingModel, from, to) {
        case (_?, nil, nil), (nil, _?, _?): break
        case (_?, _, _): throw ValidationError("give a mapping model or --from and --to, not both")
        default: throw ValidationError("give a mapping model, or --from and --to")
        }
        if force, out == nil { throw ValidationError("--force needs --out") }
    }

    /// What `--json` prints.
    struct Report: Encodable {
        var from: String
        var to: String
        var file: String?
        var text: String?
        var placeholders: [String]
    }

    func run() throws {
        let modelPath = model ?? Self.discoverModel(near: mappingModel)
        guard let modelPath else {
            throw ValidationError("no model found beside the mapping folder or here; pass --model")
        }
        let project = try MigrationProject(modelPath: modelPath, settings: PlanningSettings())
        let scaffold =
            if let mappingModel {
                try project.scaffoldMapping(mappingModel: mappingModel)
            } else {
                try project.scaffoldMapping(from: from ?? "", to: to ?? "")
            }
        if let out { try scaffold.write(to: out, replacing: force) }
        let text = scaffold.fileText
        if json {
            print(
                try JSONOutput.encode(
                    Report(
                        from: scaffold.sourceVersion, to: scaffold.destinationVersion, file: out,
                        text: out == nil ? text : nil, placeholders: scaffold.placeholders)))
        } else if let out {
            let left = scaffold.placeholders
            print("wrote \(out): \(scaffold.sourceVersion) → \(scaffold.destinationVersion)")
            print(
                left.isEmpty
                    ? "nothing to fill in"
                    : "\(left.count) value\(left.count == 1 ? "" : "s") to fill in: \(left.joined(separator: ", "))")
        } else {
            print(text, terminator: "")
        }
    }

    /// The model beside the mapping model's folder (`App.xcdatamodeld` next to `mappings/`), in that folder,
    /// or in the current directory: the same search as for a store's model.
    static func discoverModel(near mappingModel: String?) -> String? {
        ModelLocator.locate(store: mappingModel, alsoSearching: [FileManager.default.currentDirectoryPath]).model
    }
}

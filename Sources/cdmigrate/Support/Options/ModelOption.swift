import ArgumentParser
import Foundation
import MigrationEngine

/// The `--model` of commands that read one store (`inspect`, `rows`, `export`, `salvage`, `verify`):
/// optional, because the model beside the store is found without it and a store alone is read through its own
/// cached model.
struct ModelOption: ParsableArguments {
    @Option(
        help:
            "A .xcdatamodeld, .xcdatamodel, .momd or .mom (default: the one model beside the store or in the folder above, else the store's own cached model)."
    )
    var model: String?

    /// Where the model for `store` comes from. A model found without being named, or several to choose
    /// from, is said on standard error, so that standard output stays the command's own; a store read alone
    /// through its cache says so in its report.
    func locate(store: String) -> ModelLocation {
        let location = ModelLocator.locate(store: store, model: model)
        if location.origin == .found || location.note != nil {
            StandardError.write("cdmigrate: using \(RemedyText.line(location.summary, remedy: location.remedy))\n")
        }
        return location
    }

    /// A project for reading `store`'s objects (`rows`, `export`) with the located model. A store that matches
    /// no version of it is read through its own cached model, and standard error says so, so that nobody takes
    /// the objects for the model's.
    func objectReadingProject(store: String) throws -> MigrationProject {
        let project = try MigrationProject(modelPath: locate(store: store).model, settings: PlanningSettings())
        if project.bundle != nil, let notice = try project.objectModel(store: store).notice {
            StandardError.write("cdmigrate: \(notice)\n")
        }
        return project
    }
}

/// A command's JSON document with the store's model location added as `modelLocation` beside its own keys.
struct LocatedJSON<Value: Encodable>: Encodable {
    let value: Value
    let location: ModelLocation

    private enum Key: String, CodingKey { case modelLocation }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(location, forKey: .modelLocation)
    }
}

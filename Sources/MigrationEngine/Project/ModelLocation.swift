import Foundation

/// Where the model and mapping folders used for a store came from: named by the user, found beside the
/// store, or (no model) the store's own cached model. Front ends print it, so that whoever runs a command on
/// a store handed to them sees which model their answer rests on.
public struct ModelLocation: Sendable, Hashable, Codable {
    /// How the model was chosen.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// Named by the user (`--model`).
        case given
        /// The only model in the store's folder, or in the folder above it (`<case>/stores/App.sqlite`
        /// beside `<case>/App.xcdatamodeld`).
        case found
        /// None named or found: the store's own `Z_MODELCACHE`.
        case storeCache
    }

    /// The model's path; nil when the store's cached model is used.
    public var model: String?
    /// How ``model`` was chosen.
    public var origin: Origin
    /// The mapping folders found beside the model or the store (not those a project file names).
    public var mappings: [String]
    /// Why the search found no model to use, when it looked and found none or several.
    public var note: String?
    /// What the user can do to use a model after all (choose one of several), worded by each front end.
    public var remedy: Remedy?

    /// Describes a location.
    package init(model: String?, origin: Origin, mappings: [String] = [], note: String? = nil, remedy: Remedy? = nil) {
        self.model = model
        self.origin = origin
        self.mappings = mappings
        self.note = note
        self.remedy = remedy
    }

    /// One line for people: which model, how it was chosen, and the mapping folders found.
    public var summary: String {
        var text: String
        switch (origin, model) {
        case (.given, let path?): text = "model \(path) (given)"
        case (.found, let path?): text = "model \(path) (found beside the store)"
        default: text = "the store's own cached model (Z_MODELCACHE)" + (note.map { "; \($0)" } ?? "; no model beside the store")
        }
        if !mappings.isEmpty { text += "; mappings \(mappings.joined(separator: ", ")) (found beside the model or the store)" }
        return text
    }

    /// The project file's settings beside the model (the defaults without one or without a model), with the
    /// found mapping folders after those the file names, each folder once.
    ///
    /// - Throws: ``PlanningError`` when the project file exists but cannot be read or parsed.
    package func settings() throws(PlanningError) -> PlanningSettings {
        var settings = PlanningSettings()
        if let model { settings = try PlanningSettings.besideModel(model) }
        let named = Set(settings.mappingDirectories.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        settings.mappingDirectories += mappings.filter { !named.contains($0) }
        return settings
    }
}

import Foundation

/// Finds a store's model and mapping folders when none were named, the way a support engineer lays out what
/// they were handed: the model (`.xcdatamodeld` or a bare `.xcdatamodel`, else `.momd`) in the store's
/// folder or the one above it (the corpus layout `<case>/stores/App.sqlite` beside `<case>/App.xcdatamodeld`),
/// and a `mappings` (or `Mappings`) folder beside the model or the store.
///
/// A folder with several models is ambiguous: none is chosen, and the location says so. Without a model the
/// store's own cached model is used, which every command that reads objects accepts.
public enum ModelLocator {
    /// The mapping folder names looked for, in this order.
    public static let mappingFolderNames = ["mappings", "Mappings"]

    /// Where the model for `store` comes from.
    ///
    /// - Parameters:
    ///   - store: The store's file.
    ///   - model: The model the user named; it is used as given (mapping folders are still looked for).
    ///   - alsoSearching: Folders looked in after the store's own two (the console adds the current one).
    /// - Returns: The model to use (nil for the store's cached model), how it was chosen, and the mapping
    ///   folders found.
    public static func locate(store: String?, model: String? = nil, alsoSearching: [String] = []) -> ModelLocation {
        if let model {
            let path = URL(fileURLWithPath: model).standardizedFileURL.path
            return ModelLocation(model: path, origin: .given, mappings: mappingFolders(model: path, store: store))
        }
        var folders: [String] = []
        if let store {
            let folder = URL(fileURLWithPath: store).standardizedFileURL.deletingLastPathComponent()
            folders = [folder.path, folder.deletingLastPathComponent().path]
        }
        for folder in folders + alsoSearching {
            let models = models(in: folder)
            guard !models.isEmpty else { continue }
            guard models.count == 1 else {
                let names = models.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                return ModelLocation(
                    model: nil, origin: .storeCache, mappings: mappingFolders(model: nil, store: store),
                    note: "\(models.count) models in \(folder) (\(names)), none chosen", remedy: .chooseModel)
            }
            return ModelLocation(model: models[0], origin: .found, mappings: mappingFolders(model: models[0], store: store))
        }
        return ModelLocation(model: nil, origin: .storeCache, mappings: mappingFolders(model: nil, store: store))
    }

    /// The models directly in `folder`: its model sources (`.xcdatamodeld`s, and bare `.xcdatamodel`s, a
    /// model of one version as Xcode makes it before a second is added), or when it has none its `.momd`s (a
    /// source and the bundle compiled from it are one model, not two).
    static func models(in folder: String) -> [String] {
        let names = entries(of: folder)
        let sources = names.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
        let chosen = sources.isEmpty ? names.filter { $0.hasSuffix(".momd") } : sources
        return chosen.sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// The mapping folders beside the model and beside the store, each once.
    static func mappingFolders(model: String?, store: String?) -> [String] {
        let parents = [model, store].compactMap { path in
            path.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path }
        }
        var found: [String] = []
        for parent in parents {
            let names = Set(entries(of: parent))
            for name in mappingFolderNames where names.contains(name) {
                let path = URL(fileURLWithPath: parent).appendingPathComponent(name).path
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                    !found.contains(path)
                {
                    found.append(path)
                }
            }
        }
        return found
    }

    /// A folder's entries; an unreadable folder holds nothing to find (discovery only suggests, and the
    /// commands that read the model report its own errors).
    private static func entries(of folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }
}

import Foundation

/// A name the console suggests for a file the user is about to name (an export, a seeded store): the first
/// free one of its ``FreeName``. The reducer never looks at the disk: it asks with
/// ``ConsoleEffect/suggestPath(_:)``, and the name found comes back as ``ConsoleAction/pathSuggested(_:path:)``.
/// A salvaged store's name is not asked for: the read that finds the store damaged finds it (``StoreRead``).
package enum PathSuggestion: Sendable, Hashable {
    /// `<Entity>.json` beside the store, for exporting `entity`.
    case export(entity: String, store: String)
    /// `<model>-seed.sqlite` beside the store, or in the current folder when none is open.
    case seed(model: String, store: String?)

    /// The names tried, in order.
    var names: FreeName {
        switch self {
        case .export(let entity, let store):
            FreeName(folder: URL(fileURLWithPath: store).deletingLastPathComponent(), base: entity, ext: ".json")
        case .seed(let model, let store):
            FreeName(
                folder: store.map { URL(fileURLWithPath: $0).deletingLastPathComponent() },
                base: (model as NSString).deletingPathExtension + "-seed", ext: ".sqlite")
        }
    }
}

/// A path the user typed for a new file, which the reducer asks about with ``ConsoleEffect/checkPath(_:)``:
/// whether it names a file comes back as ``ConsoleAction/pathChecked(_:exists:)``.
package enum PathCheck: Sendable, Hashable {
    /// Exporting `entity` to `path`: an existing file is replaced only after a second Enter.
    case export(entity: String, path: String)
    /// Seeding the store `request` asks for: it writes a new store only.
    case seed(SeedRequest)

    /// The path asked about.
    package var path: String {
        switch self {
        case .export(_, let path): path
        case .seed(let request): request.output
        }
    }
}

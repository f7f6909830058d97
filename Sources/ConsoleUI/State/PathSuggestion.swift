import Foundation

/// A name the console suggests for a file it will write (an export, a seeded store, a salvaged store): the
/// first of `<base><ext>`, `<base>-2<ext>`, … in a folder that names no file, so accepting it never replaces
/// one. The reducer never looks at the disk: it asks with ``ConsoleEffect/suggestPath(_:)``, and the name
/// found comes back as ``ConsoleAction/pathSuggested(_:path:)``.
package enum PathSuggestion: Sendable, Hashable {
    /// `<Entity>.json` beside the store, for exporting `entity`.
    case export(entity: String, store: String)
    /// `<model>-seed.sqlite` beside the store, or in the current folder when none is open.
    case seed(model: String, store: String?)
    /// `<name>-salvaged.<extension>` beside the damaged store.
    case salvage(store: String)

    /// The folder the file goes in; nil for the current folder, which only the effect may ask the process for.
    var folder: URL? {
        switch self {
        case .export(_, let store), .salvage(let store): URL(fileURLWithPath: store).deletingLastPathComponent()
        case .seed(_, let store): store.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        }
    }

    /// The `index`th name (1 first) in `folder`.
    func candidate(_ index: Int, in folder: URL) -> String {
        let (base, ext): (String, String)
        switch self {
        case .export(let entity, _): (base, ext) = (entity, ".json")
        case .seed(let model, _): (base, ext) = ((model as NSString).deletingPathExtension + "-seed", ".sqlite")
        case .salvage(let store):
            let url = URL(fileURLWithPath: store)
            base = url.deletingPathExtension().lastPathComponent + "-salvaged"
            ext = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        }
        return folder.appendingPathComponent(base + (index == 1 ? "" : "-\(index)") + ext).path
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

import Foundation

/// Loads a model from disk: a `.xcdatamodeld` (every version), a bare `.xcdatamodel`,
/// or a compiled `.momd` / `.mom`.
package enum ModelLoader {
    /// Loads the model at `path`, choosing the reader by the path's extension.
    package static func load(path: String) throws(ModelError) -> ModelBundle {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ModelError(.notFound, path: path, message: "no such file or directory")
        }
        switch url.pathExtension {
        case "xcdatamodeld":
            return try loadVersionedSource(url)
        case "xcdatamodel":
            let version = try loadVersionSource(folder: url.path, name: versionName(url.lastPathComponent))
            return ModelBundle(path: path, versions: [version], currentVersionName: version.name)
        case "momd", "mom":
            return try CompiledModelReader.load(url)
        default:
            throw ModelError(
                .unsupportedFormat, path: path,
                message: "not a model (expected .xcdatamodeld, .xcdatamodel, .momd or .mom)")
        }
    }

    private static func loadVersionedSource(_ url: URL) throws(ModelError) -> ModelBundle {
        let children: [String]
        do {
            children = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw ModelError(.unreadable, path: url.path, message: "cannot list directory")
        }
        let versionFolders = children.filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        guard !versionFolders.isEmpty else {
            throw ModelError(.invalidModel, path: url.path, message: "contains no .xcdatamodel version")
        }
        // The folder's path is made once: a URL per version cost more than reading its XML in a long model.
        let base = url.path
        let versions = try versionFolders.concurrentMap { folder throws(ModelError) in
            try loadVersionSource(folder: base + "/" + folder, name: versionName(folder))
        }
        let current = try currentVersionName(in: url)
        if let current, !versions.contains(where: { $0.name == current }) {
            throw ModelError(
                .invalidModel, path: url.appendingPathComponent(".xccurrentversion").path,
                message: "names current version \"\(current)\", which is not in the model")
        }
        return ModelBundle(path: url.path, versions: versions, currentVersionName: current ?? versions.last?.name)
    }

    /// Reads `<folder>/contents`; `name` is the version's name.
    private static func loadVersionSource(folder: String, name: String) throws(ModelError) -> ObjectModel {
        let contents = folder + "/contents"
        guard let data = FileManager.default.contents(atPath: contents) else {
            throw ModelError(.unreadable, path: contents, message: "missing or unreadable model contents")
        }
        return try ModelSourceReader.read(data, name: name, path: contents)
    }

    /// A version's name: its `.xcdatamodel` folder's name without the extension (a name that is nothing but
    /// the extension is kept whole, as a hidden file's name has no extension).
    package static func versionName(_ folder: String) -> String {
        let suffix = ".xcdatamodel"
        guard folder.hasSuffix(suffix), folder.count > suffix.count else { return folder }
        return String(folder.dropLast(suffix.count))
    }

    private static func currentVersionName(in url: URL) throws(ModelError) -> String? {
        let plistURL = url.appendingPathComponent(".xccurrentversion")
        guard let data = FileManager.default.contents(atPath: plistURL.path) else { return nil }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let name = plist["_XCCurrentVersionName"] as? String
        else {
            throw ModelError(.invalidModel, path: plistURL.path, message: "not a plist with _XCCurrentVersionName")
        }
        return name.hasSuffix(".xcdatamodel") ? String(name.dropLast(".xcdatamodel".count)) : name
    }
}

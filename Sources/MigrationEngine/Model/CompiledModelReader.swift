import Foundation

/// Reads compiled models: a `.momd` folder (`VersionInfo.plist` plus one `.mom` per version) or a bare
/// `.mom`, which is a keyed archive of `NSManagedObjectModel` decoded by ``ModelArchiveDecoder``.
package enum CompiledModelReader {
    /// Loads a `.momd` folder or a `.mom` file.
    package static func load(_ url: URL) throws(ModelError) -> ModelBundle {
        if url.pathExtension == "mom" {
            let version = try loadVersion(url)
            return ModelBundle(path: url.path, versions: [version], currentVersionName: version.name)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw ModelError(.unreadable, path: url.path, message: "cannot list the compiled model folder")
        }
        var versions: [ObjectModel] = []
        for file in names.filter({ $0.hasSuffix(".mom") }).sorted() {
            versions.append(try loadVersion(url.appendingPathComponent(file)))
        }
        guard !versions.isEmpty else {
            throw ModelError(.invalidModel, path: url.path, message: "contains no .mom version")
        }
        let info = try versionInfo(url)
        let current = info?["NSManagedObjectModel_CurrentVersionName"] as? String
        if let current, !versions.contains(where: { $0.name == current }) {
            throw ModelError(
                .invalidModel, path: url.appendingPathComponent("VersionInfo.plist").path,
                message: "names current version \"\(current)\", which has no .mom")
        }
        return ModelBundle(path: url.path, versions: versions, currentVersionName: current ?? versions.last?.name)
    }

    /// The hashes momc recorded in a `.momd`'s `VersionInfo.plist`: version → entity → 32-byte hash.
    package static func recordedHashes(_ url: URL) throws(ModelError) -> [String: [String: Data]] {
        let table = try versionInfo(url)?["NSManagedObjectModel_VersionHashes"] as? [String: Any] ?? [:]
        return table.compactMapValues { $0 as? [String: Data] }
    }

    private static func loadVersion(_ url: URL) throws(ModelError) -> ObjectModel {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ModelError(.unreadable, path: url.path, message: "missing or unreadable compiled model")
        }
        return try ModelArchiveDecoder.decode(data, name: url.deletingPathExtension().lastPathComponent, path: url.path)
    }

    private static func versionInfo(_ url: URL) throws(ModelError) -> [String: Any]? {
        let plistURL = url.appendingPathComponent("VersionInfo.plist")
        guard let data = FileManager.default.contents(atPath: plistURL.path) else { return nil }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw ModelError(.invalidModel, path: plistURL.path, message: "not a property list dictionary")
        }
        return plist
    }
}

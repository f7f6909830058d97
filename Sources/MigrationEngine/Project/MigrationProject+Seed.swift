import Foundation

/// A store ``MigrationProject/seed(version:objects:seed:out:)`` wrote.
public struct SeededStore: Sendable, Hashable, Encodable {
    /// The new store's database file.
    public var store: String
    /// The model version it is at.
    public var version: String
    /// The seed its values were drawn with; the same seed gives the same store.
    public var seed: UInt64
    /// Objects written per concrete entity.
    public var objects: [String: Int]

    /// The most objects per entity a store may be seeded with.
    public static let maximumObjects = StoreSeeder.maximumObjects
}

extension MigrationProject {
    /// Writes a new store at `out` at a version of the project's model, with `objects` objects of every
    /// concrete entity holding deterministic synthetic values and relationships of every kind (``StoreSeeder``).
    ///
    /// - Parameters:
    ///   - version: The version to write; the model's current version when nil.
    ///   - objects: Objects per concrete entity (0 to ``StoreSeeder/maximumObjects``).
    ///   - seed: The seed every value is drawn from.
    ///   - out: The store to create; it must not exist. On failure nothing of it is left.
    /// - Returns: The store written, its version and the objects written per entity.
    /// - Throws: ``ProjectError`` without a model, ``PlanningError`` for an unknown version, and
    ///   ``StoreWriteError`` when `out` exists, is unsafe to write or cannot be written.
    public func seed(version: String?, objects: Int, seed: UInt64, out: String) throws -> SeededStore {
        let bundle = try requireBundle(for: "seeding a store")
        guard let name = version ?? bundle.currentVersion?.name ?? bundle.versions.last?.name,
            let model = bundle.version(named: name)
        else {
            throw PlanningError(
                .unknownVersion, versions: version.map { [$0] } ?? [],
                message: "\(bundle.path): no version \"\(version ?? "")\" in the model (its versions: "
                    + bundle.versions.map(\.name).joined(separator: ", ") + ")")
        }
        if let problem = OutputPathCheck.problem(writing: out, stores: []) {
            throw StoreWriteError(path: out, message: problem, category: .invalidInput)
        }
        let paths = StorePaths(storePath: out)
        for existing in [out] + StoreFileList.sidecars.map({ out + $0 }) + [paths.supportFolder]
        where FileManager.default.fileExists(atPath: existing) {
            throw StoreWriteError(path: out, message: "\(existing) exists; seeding writes a new store only", category: .io)
        }
        do {
            let written = try StoreSeeder(model: model, objects: objects, seed: seed).write(to: out)
            return SeededStore(store: out, version: name, seed: seed, objects: written)
        } catch {
            // Nothing half-written: the files checked absent above are the seeder's own.
            for file in [out] + StoreFileList.sidecars.map({ out + $0 }) + [paths.supportFolder] {
                try? FileManager.default.removeItem(atPath: file)
            }
            throw error
        }
    }
}

import Foundation

/// A versioned model as Xcode keeps it: every version of a `.xcdatamodeld`, or the single version of a
/// bare `.xcdatamodel` or compiled model.
public struct ModelBundle: Sendable, Hashable {
    /// Where the model was read from.
    public var path: String
    /// Every version, in the order they were found (use a version order to sort them).
    public var versions: [ObjectModel] {
        // Hashes remembered for the old versions would not be theirs.
        didSet { hashes = VersionHashMemo() }
    }
    /// The name of the current version, when the bundle names one.
    public var currentVersionName: String?

    /// Creates a bundle.
    ///
    /// - Parameters:
    ///   - path: Where the model was read from, for messages and the project file beside it.
    ///   - versions: Every version, in the order found.
    ///   - currentVersionName: The current version's name; nil when the bundle names none.
    public init(path: String, versions: [ObjectModel], currentVersionName: String?) {
        self.path = path
        self.versions = versions
        self.currentVersionName = currentVersionName
    }

    /// Each version's entity hashes, computed once for this bundle and every copy of it.
    private var hashes = VersionHashMemo()

    /// The entity hashes of the version at `index` in ``versions``: computed on first use, then shared by
    /// every copy of the bundle (equal to `VersionHasher(model: versions[index]).entityHashes`).
    package func entityHashes(ofVersionAt index: Int) -> [String: Data] {
        hashes.entityHashes(of: versions[index], at: index)
    }

    /// How many versions have been hashed so far, for this bundle and every copy of it: what planning spares
    /// by hashing only the versions it compares.
    package var hashedVersionCount: Int { hashes.count }

    /// The entity hashes of the first version named `name`, or nil when there is none.
    package func entityHashes(ofVersion name: String) -> [String: Data]? {
        versions.firstIndex { $0.name == name }.map { entityHashes(ofVersionAt: $0) }
    }

    /// Bundles are equal when they hold the same versions, whatever each has hashed so far.
    /// - Parameters:
    ///   - lhs: A bundle.
    ///   - rhs: Another bundle.
    /// - Returns: Whether both have the same path, versions and current version.
    public static func == (lhs: ModelBundle, rhs: ModelBundle) -> Bool {
        lhs.path == rhs.path && lhs.versions == rhs.versions && lhs.currentVersionName == rhs.currentVersionName
    }

    /// Hashes what ``==`` compares.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(versions)
        hasher.combine(currentVersionName)
    }

    /// The version with this name.
    ///
    /// - Parameter name: The version's name (the `.xcdatamodel` folder name without extension).
    /// - Returns: The version; nil when the bundle has none of that name (see ``requireVersion(named:)``).
    public func version(named name: String) -> ObjectModel? {
        versions.first { $0.name == name }
    }

    /// The current version, or the only one when there is just one.
    public var currentVersion: ObjectModel? {
        if let currentVersionName { return version(named: currentVersionName) }
        return versions.count == 1 ? versions.first : nil
    }
}

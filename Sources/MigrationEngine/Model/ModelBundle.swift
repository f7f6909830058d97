/// A versioned model as Xcode keeps it: every version of a `.xcdatamodeld`, or the single version of a
/// bare `.xcdatamodel` or compiled model.
public struct ModelBundle: Sendable, Hashable {
    /// Where the model was read from.
    public var path: String
    /// Every version, in the order they were found (use a version order to sort them).
    public var versions: [ObjectModel]
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

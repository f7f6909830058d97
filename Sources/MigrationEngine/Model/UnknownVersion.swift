/// A version name the model does not have.
package struct UnknownVersion: CategorizedError, Sendable, Hashable {
    /// The model's path.
    public let path: String
    /// The name asked for.
    public let name: String
    /// The versions the model has.
    public let known: [String]

    /// The broad kind of the failure.
    public var category: FailureCategory { .invalidInput }
    /// The specific failure.
    public var failureCode: String { "model.unknownVersion" }

    /// One line naming the model, the version asked for and those there are.
    public var description: String {
        "\(path): no model version \"\(name)\" (versions: \(known.joined(separator: ", ")))"
    }
}

extension ModelBundle {
    /// The named version.
    ///
    /// - Parameter name: The version's name.
    /// - Returns: The version.
    /// - Throws: ``UnknownVersion`` listing the versions there are.
    package func requireVersion(named name: String) throws(UnknownVersion) -> ObjectModel {
        guard let version = version(named: name) else {
            throw UnknownVersion(path: path, name: name, known: versions.map(\.name))
        }
        return version
    }
}

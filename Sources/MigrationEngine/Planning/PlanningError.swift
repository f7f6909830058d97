/// A version order, project file, graph or route that cannot be used; names the versions or file involved.
package struct PlanningError: CategorizedError, Sendable, Hashable {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// A name that is not a version of the model.
        case unknownVersion
        /// The store's hashes match no version of the model.
        case storeMatchesNoVersion
        /// The order (or the routing overrides) loops back on itself.
        case cycle
        /// The order settings contradict themselves or cannot be applied.
        case invalidOrder
        /// The project file is malformed.
        case invalidProjectFile
        /// No chain of steps leads from the store's version to the target.
        case noRoute
    }

    /// What went wrong.
    public var code: Code
    /// The versions involved, in the order they matter.
    public var versions: [String]
    /// One line for the user.
    public var message: String
    /// What the user can do about it, when there is one thing to do.
    public var remedy: Remedy?

    /// Creates an error.
    package init(_ code: Code, versions: [String] = [], message: String, remedy: Remedy? = nil) {
        self.code = code
        self.versions = versions
        self.message = message
        self.remedy = remedy
    }

    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch code {
        case .noRoute: .noRoute
        case .storeMatchesNoVersion: .unknownStoreVersion
        case .unknownVersion, .cycle, .invalidOrder, .invalidProjectFile: .invalidInput
        }
    }

    /// The specific failure: `planning.noRoute`.
    public var failureCode: String { "planning.\(code.rawValue)" }

    /// One line for the user.
    public var description: String { message }
}

/// A project operation that cannot run with what the project was opened on.
package enum ProjectError: CategorizedError, Equatable {
    /// The operation needs a model and none was given (and the store's cached model cannot stand in).
    case noModel(operation: String)

    /// The broad kind of the failure.
    public var category: FailureCategory { .invalidInput }

    /// The specific failure: `project.noModel`.
    public var failureCode: String {
        switch self {
        case .noModel: "project.noModel"
        }
    }

    /// One line saying what is missing.
    public var description: String {
        switch self {
        case .noModel(let operation):
            "\(operation) needs the app's model (.xcdatamodeld or .momd)"
        }
    }

    /// Naming the model.
    public var remedy: Remedy? {
        switch self {
        case .noModel: .giveModel
        }
    }
}

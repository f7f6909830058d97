/// Every failure the engine reports, as the one value front ends read (as ArgumentParser's `MessageInfo` is
/// for its own errors): the broad category, and so the exit code; a stable code naming the specific failure;
/// the file and the position in it the failure is about, and the model versions; the one-line message; what
/// the user can do, for each front end to word; and the specific error underneath, for a caller that wants it. A front end makes one
/// from whatever an operation threw, in one place, and looks no further.
public struct MigrationError: CategorizedError, Sendable, Hashable {
    /// The broad kind of the failure.
    public var category: FailureCategory
    /// The specific failure, as a stable name to match on (`planning.noRoute`, `store.damaged`,
    /// `sqlite.13`): the kind of error and its own code (see ``CategorizedError/failureCode``).
    public var code: String
    /// The file the failure is about, when it names one.
    public var file: String?
    /// Where in ``file`` (a mapping file's line and column), when known.
    public var position: SourcePosition?
    /// The model versions the failure is about, in the order they matter (a route's start and target), or none.
    public var versions: [String]
    /// One line saying what went wrong, naming the file when there is one (without the remedy).
    public var message: String
    /// What the user can do about it, when there is one thing to do.
    public var remedy: Remedy?
    /// The specific error this stands for.
    public var underlying: any Error

    /// The failure `error` stands for: its own category, file, position and remedy where it has
    /// them; an SQLite error categorised by its result code; anything else a failed migration.
    ///
    /// - Parameter error: Whatever an engine operation threw.
    public init(_ error: any Error) {
        if let error = error as? MigrationError {
            self = error
            return
        }
        category = FailureCategory.of(error)
        code = MigrationFailure.code(of: error)
        versions = (error as? PlanningError)?.versions ?? []
        file = (error as? any FileFailure)?.path ?? (error as? MigrationFailure)?.path
        position = (error as? MappingFileError)?.position
        message = "\(error)"
        remedy = (error as? any CategorizedError)?.remedy
        underlying = error
    }

    /// A failure the engine words itself, with no more specific error beneath it.
    package init(category: FailureCategory, file: String? = nil, message: String, remedy: Remedy? = nil) {
        self.init(MigrationFailure(category: category, path: file, message: message, remedy: remedy))
    }

    /// The specific failure: ``code``.
    public var failureCode: String { code }

    /// The message.
    public var description: String { message }

    /// Two errors are equal when they say the same: category, code, file, position, versions, message and
    /// remedy (the specific error beneath is how the engine came to say it).
    ///
    /// - Parameters:
    ///   - lhs: One error.
    ///   - rhs: The other.
    /// - Returns: Whether the two say the same.
    public static func == (lhs: MigrationError, rhs: MigrationError) -> Bool {
        (lhs.category, lhs.code, lhs.file, lhs.position) == (rhs.category, rhs.code, rhs.file, rhs.position)
            && (lhs.versions, lhs.message, lhs.remedy) == (rhs.versions, rhs.message, rhs.remedy)
    }

    /// Hashes what ``==`` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(category)
        hasher.combine(code)
        hasher.combine(file)
        hasher.combine(versions)
        hasher.combine(position)
        hasher.combine(message)
        hasher.combine(remedy)
    }
}

/// Every failure the engine reports, as the one value front ends read (as ArgumentParser's `MessageInfo` is
/// for its own errors): the broad category, and so the exit code; the file and the position in it the failure
/// is about; the one-line message; what the user can do, for each front end to word; and the specific error
/// underneath, for a caller that wants it. A front end makes one
/// from whatever an operation threw, in one place, and looks no further.
public struct MigrationError: CategorizedError, Sendable {
    /// The broad kind of the failure.
    public var category: FailureCategory
    /// The file the failure is about, when it names one.
    public var file: String?
    /// Where in ``file`` (a mapping file's line and column), when known.
    public var position: SourcePosition?
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
        file = (error as? any FileFailure)?.path ?? (error as? MigrationFailure)?.path
        position = (error as? MappingFileError)?.position
        message = "\(error)"
        remedy = (error as? any CategorizedError)?.remedy
        underlying = error
    }

    /// The message.
    public var description: String { message }
}

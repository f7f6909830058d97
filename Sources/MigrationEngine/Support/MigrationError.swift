/// Every failure the engine reports, as the one value front ends read (as ArgumentParser's `MessageInfo` is
/// for its own errors): the broad category, and so the exit code; the file and the position in it the failure
/// is about; the one-line message; what the user can do, for each front end to word; and the specific error
/// underneath, for a caller that wants it. A front end makes one
/// from whatever an operation threw, in one place, and looks no further.
public struct MigrationError: CategorizedError, Sendable, Hashable {
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

    /// A failure the engine words itself, with no more specific error beneath it.
    package init(category: FailureCategory, file: String? = nil, message: String, remedy: Remedy? = nil) {
        self.init(MigrationFailure(category: category, path: file, message: message, remedy: remedy))
    }

    /// The message.
    public var description: String { message }

    /// Two errors are equal when they say the same: category, file, position, message and remedy (the
    /// specific error beneath is how the engine came to say it).
    ///
    /// - Parameters:
    ///   - lhs: One error.
    ///   - rhs: The other.
    /// - Returns: Whether the two say the same.
    public static func == (lhs: MigrationError, rhs: MigrationError) -> Bool {
        (lhs.category, lhs.file, lhs.position, lhs.message, lhs.remedy)
            == (rhs.category, rhs.file, rhs.position, rhs.message, rhs.remedy)
    }

    /// Hashes what ``==`` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(category)
        hasher.combine(file)
        hasher.combine(position)
        hasher.combine(message)
        hasher.combine(remedy)
    }
}

/// Why bytes could not be read as a binary property list or keyed archive.
package struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for example `object 12 points past the end of the data`.
    public var message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

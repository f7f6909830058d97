/// Why a model could not be loaded. Every case names the file involved.
package struct ModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// The path does not exist.
        case notFound
        /// The path exists but is not a model this tool can read.
        case unsupportedFormat
        /// The XML is not well-formed.
        case malformedXML
        /// The XML is well-formed but not a valid model (missing names, unknown types, dangling references).
        case invalidModel
        /// A compiled model or keyed archive could not be decoded.
        case undecodableArchive
        /// The file could not be read.
        case unreadable
    }

    /// The kind of failure.
    public var code: Code
    /// The file involved.
    public var path: String
    /// The line in the file, when known.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates a model error.
    package init(_ code: Code, path: String, line: Int? = nil, message: String) {
        self.code = code
        self.path = path
        self.line = line
        self.message = message
    }

    /// One line: `path:line: message`.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}

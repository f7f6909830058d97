import Foundation

/// Why a store could not be read. Every case names the file; ``description`` is one line.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; each maps to its own ``FailureCategory`` and so to its own exit code.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The store file does not exist.
        case notFound
        /// The file is not an SQLite database.
        case notSQLite
        /// The file is an SQLite database but not a Core Data store (no `Z_METADATA` / `Z_PRIMARYKEY`).
        case notCoreData
        /// The file is a Core Data store but damaged (corrupt pages, unreadable metadata).
        case damaged
        /// Another process is writing the store, so no consistent snapshot can be taken.
        case locked
        /// The file exists but cannot be read (permissions, a directory, an I/O error).
        case unreadable
    }

    /// The kind of failure.
    public var code: Code
    /// The file involved.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates a store error.
    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// One line: `path: message` (line breaks in SQLite's messages become spaces).
    public var description: String {
        "\(path): \(message)".replacingOccurrences(of: "\n", with: " ")
    }
}

extension StoreError: CategorizedError {
    /// The broad kind of the failure.
    public var category: FailureCategory {
        switch code {
        case .notFound: .notFound
        case .notSQLite: .unsupported
        case .notCoreData: .notCoreDataStore
        case .damaged: .damaged
        case .locked: .locked
        case .unreadable: .io
        }
    }
}

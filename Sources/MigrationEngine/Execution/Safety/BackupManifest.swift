import Foundation

/// What a backup holds: every file of the original store set with its size and SHA-256, so a restore can
/// prove the backup is whole before it touches anything.
public struct BackupManifest: Sendable, Hashable, Codable {
    /// One backed-up file.
    public struct Entry: Sendable, Hashable, Codable {
        /// The file's path relative to the store's folder (`App.sqlite`, `App.sqlite-wal`,
        /// `.App_SUPPORT/_EXTERNAL_DATA/…`); the backup keeps the same relative layout.
        public var name: String
        /// Size in bytes.
        public var size: Int64
        /// Hex SHA-256 of the bytes.
        public var sha256: String
    }

    /// The backup's identifier (also its folder name).
    public var id: String
    /// When it was taken.
    public var created: Date
    /// The store it was taken of.
    public var storePath: String
    /// The store's version when it was taken.
    public var version: String?
    /// The version the run was migrating to.
    public var targetVersion: String?
    /// The files.
    public var files: [Entry]

    /// The manifest file's name inside a backup folder.
    public static let fileName = "manifest.json"

    /// Throws unless every entry is a file of the store's set: the database, one of its sidecars, or a path
    /// inside its external data folder, with no `.`, `..` or empty component that could lead elsewhere.
    func checkNames(for paths: StorePaths, path: String) throws(ExecutionError) {
        let support = URL(fileURLWithPath: paths.supportFolder).lastPathComponent
        let allowed = Set([paths.fileName] + StoreFileList.sidecars.map { paths.fileName + $0 })
        for entry in files {
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let safe = !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            guard safe, allowed.contains(entry.name) || (parts.count > 1 && parts[0] == support) else {
                throw ExecutionError(
                    .backupDamaged, path: path, message: "the manifest names \"\(entry.name)\", which is not a file of this store"
                )
            }
        }
    }

    /// Encodes the manifest as pretty JSON with ISO-8601 dates.
    package func encoded() throws -> Data {
        try JSONCoding.encoder.encode(self)
    }
}

/// The JSON coders used for manifests, journals and history: sorted keys, ISO-8601 dates to the millisecond
/// (whole seconds made a 0.22 s run last 0 s or 1 s in the history), read with or without the fraction.
enum JSONCoding {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do {
                return try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
            } catch {
                // Logs written before the fraction was kept have whole seconds.
                return try Date.ISO8601FormatStyle().parse(text)
            }
        }
        return decoder
    }
}

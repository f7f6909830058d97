import Foundation

/// The files that make up a store: the database and whichever sidecars exist beside it.
public struct StoreFileSet: Sendable, Hashable, Codable {
    /// The database file's path.
    public var databasePath: String
    /// The files that exist, database first.
    public var files: [StoreFile]

    /// Looks at the files beside `databasePath` without opening any of them.
    ///
    /// - Parameter databasePath: The store's database file.
    /// - Returns: The regular files among the database, `-wal`, `-shm` and `-journal`, and the external data
    ///   folder with its total size; a file that does not exist is left out.
    public static func scan(_ databasePath: String) -> StoreFileSet {
        var files: [StoreFile] = []
        for role in StoreFile.Role.allCases {
            guard let suffix = role.suffix else { continue }
            let path = databasePath + suffix
            if let size = fileSize(path) { files.append(StoreFile(role: role, path: path, size: size)) }
        }
        let url = URL(fileURLWithPath: databasePath)
        let external = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent)_SUPPORT/_EXTERNAL_DATA").path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: external, isDirectory: &isDirectory), isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: external)) ?? []
            let total = names.compactMap { fileSize(external + "/" + $0) }.reduce(0, +)
            files.append(StoreFile(role: .externalData, path: external, size: total))
        }
        return StoreFileSet(databasePath: databasePath, files: files)
    }

    /// The file with this role, if it exists.
    ///
    /// - Parameter role: The file's role (database, `-wal`, …).
    /// - Returns: The file; nil when it did not exist when scanned.
    public subscript(role: StoreFile.Role) -> StoreFile? {
        files.first { $0.role == role }
    }

    private static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}

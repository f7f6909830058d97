import Foundation

/// Where Core Data keeps the values of attributes that allow external storage: files named by a UUID in
/// `.<StoreName>_SUPPORT/_EXTERNAL_DATA/` beside the store, the column holding `0x02`, the UUID as 36
/// upper-case characters and a NUL (FORMAT.md; wire's `User.imageMediumData` in the corpus holds one).
///
/// The UUID comes from the store, so it is treated as hostile: only a canonical UUID names a file, and that
/// file, its folder and the support folder must be what they claim (a folder, a regular file, no symbolic
/// link), so that no value ever reads a file outside the support folder.
struct ExternalDataFolder: Sendable {
    /// The `_EXTERNAL_DATA` folder of the store.
    let path: String
    /// The store, named in errors.
    let store: String

    /// The folder beside `store` (the store's own path, not a snapshot's: the files are only read).
    init(store: String) {
        let url = URL(fileURLWithPath: store)
        let name = url.deletingPathExtension().lastPathComponent
        path = url.deletingLastPathComponent().appendingPathComponent(".\(name)_SUPPORT/_EXTERNAL_DATA").path
        self.store = store
    }

    /// The UUID a column value refers to, or nil when the value is held inline (or is not a reference).
    static func reference(in data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.first == 2, bytes.count == 38 || bytes.count == 37 else { return nil }
        guard bytes.count == 37 || bytes[37] == 0, let text = String(bytes: bytes[1..<37], encoding: .ascii),
            let uuid = UUID(uuidString: text), uuid.uuidString == text
        else { return nil }
        return text
    }

    /// The bytes of the file `uuid` names, for `object` (named in errors); nil when the file, or a folder
    /// on its way, is not there (a store handed over without its support folder still exports).
    ///
    /// - Throws: ``ExportError`` when the file is unreadable, or is not a regular file inside real folders.
    func contents(of uuid: String, object: String) throws -> Data? {
        guard let (file, path) = try open(uuid, object: object) else { return nil }
        do {
            return try file.readToEnd() ?? Data()
        } catch {
            throw failure("\(object) refers to external data \(uuid), but \(path) cannot be read")
        }
    }

    /// The file `uuid` names, open for reading, and its path, for `object` (named in errors); nil when the
    /// file, or a folder on its way, is not there. `export` reads it a piece at a time (``LargeValue``).
    ///
    /// - Throws: ``ExportError`` when the file cannot be opened, or is not a regular file inside real folders.
    func open(_ uuid: String, object: String) throws -> (FileHandle, path: String)? {
        guard let reference = UUID(uuidString: uuid), reference.uuidString == uuid else {
            throw failure("\(object) refers to external data \"\(uuid)\", which is not a UUID")
        }
        let support = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let file = path + "/" + uuid
        for (item, kind) in [(support, S_IFDIR), (path, S_IFDIR), (file, S_IFREG)] {
            var status = stat()
            guard lstat(item, &status) == 0 else {
                guard errno == ENOENT else {
                    throw failure("\(object) refers to external data \(uuid), but \(item) cannot be read")
                }
                return nil
            }
            guard status.st_mode & S_IFMT == kind else {
                throw failure("\(object): \(item) is not a plain \(kind == S_IFDIR ? "folder" : "file"); it is not followed")
            }
        }
        // Not through a link put there since the check, and still a regular file once open.
        let descriptor = Foundation.open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure("\(object) refers to external data \(uuid), but \(file) cannot be read")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw failure("\(object): \(file) is not a plain file; it is not followed")
        }
        return (handle, file)
    }

    private func failure(_ message: String) -> ExportError {
        ExportError(store: store, message: message, category: .damaged)
    }
}

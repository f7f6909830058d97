import Foundation

/// A file `export` writes. The objects go to a new hidden file beside it, which takes the file's name only
/// once every object is written and on disk, so an export that fails (a store that cannot be read to the
/// end, a full disk) leaves the file that was there, or none, and never half a file.
final class ExportOutputFile {
    /// The file the export is for.
    let path: String
    /// Where the objects are written until ``commit()``.
    let partialPath: String
    /// The partial file, for the export's stream; closing it is left to ``commit()`` and ``discard()``.
    let handle: FileHandle
    private var descriptor: Int32

    private init(path: String, partialPath: String, descriptor: Int32) {
        self.path = path
        self.partialPath = partialPath
        self.descriptor = descriptor
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    }

    deinit { discard() }

    /// Creates the partial file beside `path`, never following a link to it (`O_EXCL`).
    ///
    /// - Throws: ``ExportError`` naming `path` when the folder cannot take a new file.
    static func create(_ path: String) throws(ExportError) -> ExportOutputFile {
        let url = URL(fileURLWithPath: path)
        let partial = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw ExportError(store: path, message: "cannot create the output file: \(Self.systemError())", category: .io)
        }
        return ExportOutputFile(path: path, partialPath: partial, descriptor: descriptor)
    }

    /// Flushes the written objects to disk and gives them the file's name, replacing what was there.
    ///
    /// - Throws: ``ExportError`` naming `path` when the file cannot be finished or renamed; the partial file
    ///   is removed and the old file is left as it was.
    func commit() throws(ExportError) {
        let written = flushToDisk(descriptor)
        let closed = close(descriptor) == 0
        descriptor = -1
        guard written, closed else {
            let reason = Self.systemError()
            discard()
            throw ExportError(store: path, message: "cannot finish writing: \(reason)", category: .io)
        }
        guard rename(partialPath, path) == 0 else {
            let reason = Self.systemError()
            discard()
            throw ExportError(store: path, message: "cannot put the output file in place: \(reason)", category: .io)
        }
        DurableFile.syncDirectory(of: path)
    }

    /// Removes the partial file after a failure; the file at `path` is not touched. Nothing to do after a
    /// commit, which has already given the partial file its name.
    func discard() {
        guard descriptor >= 0 || FileManager.default.fileExists(atPath: partialPath) else { return }
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(partialPath)
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}

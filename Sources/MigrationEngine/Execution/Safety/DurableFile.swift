import Foundation

/// File operations that survive a crash: writes reach the disk before they count, renames are atomic and
/// the directory entry is flushed, so a journal or manifest is either absent or complete.
enum DurableFile {
    /// Writes `data` to `path` through a temporary file, fsyncs it, renames it into place and fsyncs the folder.
    /// The temporary is made new (`O_EXCL`, `O_NOFOLLOW`): a file or link planted under its name is removed
    /// first, never written through.
    static func write(_ data: Data, to path: String) throws(ExecutionError) {
        let temporary = path + ".writing"
        try remove(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ExecutionError(.io, path: temporary, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        let flushed = data.withUnsafeBytes { writeAll(descriptor, $0) } && flushToDisk(descriptor)
        close(descriptor)
        guard flushed else {
            throw ExecutionError(.io, path: temporary, message: "cannot write: \(String(cString: strerror(errno)))")
        }
        try rename(temporary, to: path)
    }

    /// Writes every byte to an open file, retrying short and interrupted writes; false on an error.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let put = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if put < 0 && errno == EINTR { continue }
            guard put > 0 else { return false }
            done += put
        }
        return true
    }

    /// Renames atomically (replacing `to`) and flushes the folder entry.
    static func rename(_ from: String, to: String) throws(ExecutionError) {
        guard Foundation.rename(from, to) == 0 else {
            throw ExecutionError(.io, path: from, message: "cannot rename to \(to): \(String(cString: strerror(errno)))")
        }
        syncDirectory(of: to)
    }

    /// Removes a file if it exists and flushes the folder entry.
    ///
    /// A file that is already gone needs no flush here: a removal made earlier and not yet flushed is made
    /// durable by the next flush of its folder, which every protocol using this does last (the journal's
    /// or the marker's removal).
    static func remove(_ path: String) throws(ExecutionError) {
        if unlink(path) != 0 {
            if errno == ENOENT { return }
            throw ExecutionError(.io, path: path, message: "cannot remove: \(String(cString: strerror(errno)))")
        }
        syncDirectory(of: path)
    }

    /// Flushes a file's contents to disk.
    static func sync(_ path: String) throws(ExecutionError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ExecutionError(.io, path: path, message: "cannot open to flush") }
        defer { close(descriptor) }
        guard flushToDisk(descriptor) else { throw ExecutionError(.io, path: path, message: "cannot flush to disk") }
    }

    /// Flushes the folder holding `path`, so a rename or removal in it is durable.
    static func syncDirectory(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = flushToDisk(descriptor)
        close(descriptor)
    }

    /// Creates a folder (and its parents) if it does not exist.
    static func makeFolder(_ path: String) throws(ExecutionError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExecutionError(.io, path: path, message: "cannot create the folder: \(error.localizedDescription)")
        }
    }

    /// Removes a file or folder tree if it exists and flushes the folder entry.
    static func removeTree(_ path: String) throws(ExecutionError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw ExecutionError(.io, path: path, message: "cannot remove: \(error.localizedDescription)")
        }
        syncDirectory(of: path)
    }

    /// Copies a file (or folder) and flushes the copy.
    static func copy(_ from: String, to: String) throws(ExecutionError) {
        do {
            try FileManager.default.copyItem(atPath: from, toPath: to)
        } catch {
            throw ExecutionError(.io, path: from, message: "cannot copy to \(to): \(error.localizedDescription)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: to, isDirectory: &isDirectory), !isDirectory.boolValue {
            try sync(to)
        }
        syncDirectory(of: to)
    }
}

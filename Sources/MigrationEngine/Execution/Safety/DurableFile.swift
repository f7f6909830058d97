import Foundation

/// File operations that survive a crash: writes reach the disk before they count, renames are atomic and
/// the directory entry is flushed, so a journal or manifest is either absent or complete.
enum DurableFile {
    /// Writes `data` to `path` through a temporary file, fsyncs it, renames it into place and fsyncs the folder.
    static func write(_ data: Data, to path: String) throws(ExecutionError) {
        let temporary = path + ".writing"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ExecutionError(.io, path: temporary, message: "cannot write")
        }
        try sync(temporary)
        try rename(temporary, to: path)
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
        guard fsync(descriptor) == 0 else { throw ExecutionError(.io, path: path, message: "cannot flush to disk") }
    }

    /// Flushes the folder holding `path`, so a rename or removal in it is durable.
    static func syncDirectory(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
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

import Foundation

/// The new store's file: written under a temporary name beside it, and given its name only once complete,
/// by a hard link that fails rather than replace a file that appeared meanwhile.
struct SalvageOutput {
    /// The path asked for.
    let path: String
    /// Where the store is written until it is complete.
    let temporary: String

    /// Checks that `path` does not exist, is no file of `store`'s set or another store's (a `-wal` name
    /// beside a database would be applied to it) and its folder exists, and picks the temporary name
    /// (`temporary` when given: a run's own name, which the next run sweeps if this one is killed).
    init(_ path: String, store: String, temporary: String? = nil) throws(SalvageError) {
        self.path = path
        if let problem = OutputPathCheck.problem(writing: path, stores: [store]) {
            throw SalvageError(store: path, message: problem, category: .invalidInput)
        }
        var info = stat()
        guard lstat(path, &info) != 0, errno == ENOENT else {
            throw SalvageError(store: path, message: "refusing to overwrite an existing file", category: .io)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw SalvageError(store: path, message: "the folder \(folder) does not exist", category: .notFound)
        }
        self.temporary =
            temporary
            ?? url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).salvage-\(getpid())").path
        TemporaryFile.remove(self.temporary)
    }

    /// Flushes the finished temporary store and gives it the asked-for name.
    func publish() throws(SalvageError) {
        TemporaryFile.removeSidecars(of: temporary)
        do {
            try DurableFile.sync(temporary)
        } catch {
            throw SalvageError(store: path, message: error.message, category: .io)
        }
        guard link(temporary, path) == 0 else {
            let reason = errno == EEXIST ? "a file appeared there while salvaging" : String(cString: strerror(errno))
            throw SalvageError(store: path, message: "cannot create the new store: \(reason)", category: .io)
        }
        unlink(temporary)
        DurableFile.syncDirectory(of: path)
    }

    /// Removes the temporary store and its sidecars.
    func discard() {
        TemporaryFile.remove(temporary)
    }
}

import Foundation

/// The history log of a store: `history.jsonl` beside its backups, one ``RunRecord`` per line, appended and
/// never rewritten.
package struct RunHistory: Sendable {
    /// The backup root holding the log.
    let root: String
    /// The log file.
    package let path: String

    /// The log kept in a backup root.
    package init(root: String) {
        self.root = root
        path = root + "/history.jsonl"
    }

    /// Appends one record (creating the log and its folder when needed) and flushes it to disk. The folder
    /// must be cdmigrate's own and the log a regular file (``OwnFolder``): a planted link is never written through.
    package func append(_ record: RunRecord) throws(ExecutionError) {
        var line: Data
        do {
            line = try JSONCoding.encoder.encode(record)
        } catch {
            throw ExecutionError(.io, path: path, message: "cannot write the history log")
        }
        line.append(0x0A)
        try OwnFolder.make(root, root: root)
        try OwnFolder.checkFile(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExecutionError(.io, path: path, message: "cannot open the history log") }
        defer { close(descriptor) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, flushToDisk(descriptor) else {
            throw ExecutionError(.io, path: path, message: "cannot write the history log")
        }
    }

    /// Every record, oldest first. A line that cannot be decoded (torn by a crash mid-append) is skipped; a
    /// log that exists but cannot be read is an error, never an empty history.
    package func records() throws(ExecutionError) -> [RunRecord] {
        try OwnFolder.check(root, root: root)
        try OwnFolder.checkFile(path)
        guard access(path, F_OK) == 0 else { return [] }
        let unreadable = ExecutionError(.io, path: path, message: "cannot read the history log")
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable }
        let data: Data
        do {
            data = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readToEnd() ?? Data()
        } catch {
            throw unreadable
        }
        var records: [RunRecord] = []
        for line in data.split(separator: 0x0A) {
            do {
                records.append(try JSONCoding.decoder.decode(RunRecord.self, from: Data(line)))
            } catch {
                continue
            }
        }
        return records
    }
}

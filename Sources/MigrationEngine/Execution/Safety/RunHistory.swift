import Foundation

/// The history log of a store: `history.jsonl` beside its backups, one ``RunRecord`` per line, appended and
/// never rewritten.
package struct RunHistory: Sendable {
    /// The log file.
    package let path: String

    /// The log kept in a backup root.
    package init(root: String) {
        path = root + "/history.jsonl"
    }

    /// Appends one record (creating the log and its folder when needed) and flushes it to disk.
    package func append(_ record: RunRecord) throws(ExecutionError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var line: Data
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            line = try JSONCoding.encoder.encode(record)
        } catch {
            throw ExecutionError(.io, path: path, message: "cannot write the history log")
        }
        line.append(0x0A)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExecutionError(.io, path: path, message: "cannot open the history log") }
        defer { close(descriptor) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            throw ExecutionError(.io, path: path, message: "cannot write the history log")
        }
    }

    /// Every record, oldest first. A line that cannot be decoded (torn by a crash mid-append) is skipped; a
    /// log that exists but cannot be read is an error, never an empty history.
    package func records() throws(ExecutionError) -> [RunRecord] {
        guard access(path, F_OK) == 0 else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ExecutionError(.io, path: path, message: "cannot read the history log")
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

import Foundation

/// Writes one entity's objects in an ``ExportFormat`` to a file handle as they come, through a small buffer,
/// so memory stays bounded whatever the row count.
final class ExportStream {
    private let handle: FileHandle
    private let format: ExportFormat
    private let path: String
    private var buffer = Data()
    private var count = 0

    /// Starts the output: the CSV header, or the JSON array's opening bracket.
    init(handle: FileHandle, format: ExportFormat, fields: [String], path: String) throws(ExportError) {
        self.handle = handle
        self.format = format
        self.path = path
        switch format {
        case .csv: try append(ObjectTextEncoding.csvHeader(fields))
        case .json: try append("[")
        case .jsonl: break
        }
    }

    /// Writes one object.
    func write(_ object: ExportedObject) throws(ExportError) {
        switch format {
        case .csv: try append(ObjectTextEncoding.csvRecord(object))
        case .json: try append((count == 0 ? "\n" : ",\n") + ObjectTextEncoding.jsonObject(object))
        case .jsonl: try append(ObjectTextEncoding.jsonObject(object) + "\n")
        }
        count += 1
    }

    /// Ends the output and flushes it; returns how many objects were written.
    func finish() throws(ExportError) -> Int {
        if format == .json { try append(count == 0 ? "]\n" : "\n]\n") }
        try flush()
        return count
    }

    private func append(_ text: String) throws(ExportError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(ExportError) {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw ExportError(store: path, message: "cannot write: \(error.localizedDescription)", category: .io)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

import Foundation

/// Writes one entity's objects in an ``ExportFormat`` as they come, through a buffer of bounded size, so
/// memory stays bounded whatever the row count; a ``LargeValue`` goes through the same buffer a piece at a
/// time, so it is never copied whole. `export` writes to a file; `rows` collects a page as text through the
/// same framing, so the two cannot drift apart.
final class ExportStream {
    /// Where the buffer's bytes go when it is drained.
    private let output: ([UInt8]) throws -> Void
    private let format: ExportFormat
    private let path: String
    private var buffer: [UInt8] = []
    private var count = 0
    /// The buffer is written out once it holds this many bytes.
    private static let flushSize = 1 << 16

    /// Starts the output to `handle`: the CSV header, or the JSON array's opening bracket.
    convenience init(handle: FileHandle, format: ExportFormat, fields: [String], path: String) throws(ExportError) {
        try self.init(format: format, fields: fields, path: path) { bytes in try handle.write(contentsOf: bytes) }
    }

    /// Starts the output, which `output` receives in pieces: the CSV header, or the JSON array's opening
    /// bracket. `path` names the output in errors.
    init(format: ExportFormat, fields: [String], path: String, output: @escaping ([UInt8]) throws -> Void)
        throws(ExportError)
    {
        self.output = output
        self.format = format
        self.path = path
        switch format {
        case .csv: ObjectTextEncoding.append(ObjectTextEncoding.csvHeader(fields), to: &buffer)
        case .json: buffer.append(UInt8(ascii: "["))
        case .jsonl: break
        }
        try drain(&buffer)
    }

    /// Writes one object; the fields `large` holds (by index) are written from where they lie instead of
    /// from the object's values.
    ///
    /// - Throws: ``ExportError`` when the output cannot be written or external data cannot be read.
    func write(_ object: ExportedObject, large: [Int: LargeValue] = [:]) throws {
        let field = { (index: Int, bytes: inout [UInt8]) throws -> Bool in
            guard let value = large[index] else { return false }
            try self.write(value, into: &bytes)
            return true
        }
        switch format {
        case .csv: try ObjectTextEncoding.appendCSVRecord(object, to: &buffer, writing: field)
        case .json:
            ObjectTextEncoding.append(count == 0 ? "\n" : ",\n", to: &buffer)
            try ObjectTextEncoding.appendJSONObject(object, to: &buffer, writing: field)
        case .jsonl:
            try ObjectTextEncoding.appendJSONObject(object, to: &buffer, writing: field)
            buffer.append(ObjectTextEncoding.newline)
        }
        count += 1
        try drain(&buffer)
    }

    /// Ends the output and flushes it; returns how many objects were written.
    func finish() throws(ExportError) -> Int {
        if format == .json { ObjectTextEncoding.append(count == 0 ? "]\n" : "\n]\n", to: &buffer) }
        try drain(&buffer, all: true)
        return count
    }

    /// A large value as a CSV field or a JSON string, encoded and written a piece at a time.
    private func write(_ value: LargeValue, into bytes: inout [UInt8]) throws {
        let csv = format == .csv
        switch value {
        case .text(let utf8):
            let quoted = !csv || utf8.isEmpty || ObjectTextEncoding.needsCSVQuotes(utf8)
            if quoted { bytes.append(ObjectTextEncoding.quote) }
            try LargeValue.forEachTextPiece(utf8) { piece in
                if csv {
                    ObjectTextEncoding.appendCSVContent(piece, quoted: quoted, to: &bytes)
                } else {
                    ObjectTextEncoding.appendJSONContent(piece, to: &bytes)
                }
                try drain(&bytes)
            }
            if quoted { bytes.append(ObjectTextEncoding.quote) }
        case .bytes(let raw):
            try writeBase64(into: &bytes) { piece in try LargeValue.forEachBase64Piece(raw, piece) }
        case .file(let file, let path):
            try writeBase64(into: &bytes) { piece in try LargeValue.forEachBase64Piece(of: file, path: path, piece) }
        }
    }

    /// Base64 text given in pieces by `pieces`, as rendered text is written: quoted in JSON, and in CSV only
    /// when empty (the base64 alphabet holds nothing CSV quotes).
    private func writeBase64(into bytes: inout [UInt8], _ pieces: ((Data) throws -> Void) throws -> Void) throws {
        let csv = format == .csv
        if !csv { bytes.append(ObjectTextEncoding.quote) }
        var empty = true
        try pieces { piece in
            empty = empty && piece.isEmpty
            bytes.append(contentsOf: piece)
            try drain(&bytes)
        }
        if !csv {
            bytes.append(ObjectTextEncoding.quote)
        } else if empty {
            ObjectTextEncoding.append("\"\"", to: &bytes)
        }
    }

    /// Writes `bytes` out and empties them once they hold ``flushSize`` bytes (any, with `all`).
    private func drain(_ bytes: inout [UInt8], all: Bool = false) throws(ExportError) {
        guard bytes.count >= (all ? 1 : Self.flushSize) else { return }
        do {
            try output(bytes)
        } catch {
            throw ExportError(store: path, message: "cannot write: \(error.localizedDescription)", category: .io)
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

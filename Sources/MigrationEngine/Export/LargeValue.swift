import Foundation

/// A value `export` writes from where it lies, a piece at a time, instead of copying it into a rendered
/// string: a large TEXT or BLOB as SQLite holds it on the current row, or a file of external data. Holding
/// the value, its string, its escaped or base64 form and the record at once cost several times the value
/// (a 200 MB text took 816 MB to export); this way the value is held once, by SQLite, or not at all (a file).
///
/// Pointers into SQLite are valid only while the statement stays on the row, so a large value is written
/// before the row reader steps on.
enum LargeValue {
    /// TEXT bytes; a sequence that is not UTF-8 is written as U+FFFD, as ``SQLiteValueReader/shown(_:at:)``
    /// reads it.
    case text(UnsafeBufferPointer<UInt8>)
    /// Bytes written as base64.
    case bytes(UnsafeBufferPointer<UInt8>)
    /// The bytes of an open file (external data), written as base64; `path` is named in errors.
    case file(FileHandle, path: String)

    /// Values at least this long are written in pieces; shorter ones are rendered as any other value.
    static let threshold = 1 << 16
    /// The size of the pieces read and encoded (a multiple of 3, so that base64 pieces join without padding).
    static let piece = 3 << 14

    /// Calls `body` with the value's text in pieces of valid UTF-8, each cut before a byte that starts a
    /// character, so decoding piece by piece repairs exactly what decoding the whole would.
    static func forEachTextPiece(
        _ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        var start = 0
        while start < utf8.count {
            var end = min(start + piece, utf8.count)
            if end < utf8.count {
                // Back off to a byte that is not a continuation byte (10xxxxxx), at most three: a character
                // is at most four bytes, so a longer run of continuation bytes is invalid wherever it is cut.
                var cut = end
                while cut > end - 3, cut > start + 1, utf8[cut] & 0xC0 == 0x80 { cut -= 1 }
                if utf8[cut] & 0xC0 != 0x80 { end = cut }
            }
            let part = UnsafeBufferPointer(rebasing: utf8[start..<end])
            if SQLiteValueReader.isASCII(part) || String(validating: part, as: UTF8.self) != nil {
                try body(part)
            } else {
                var repaired = String(decoding: part, as: UTF8.self)
                try repaired.withUTF8 { try body($0) }
            }
            start = end
        }
    }

    /// Calls `body` with the base64 text of `bytes` in pieces.
    static func forEachBase64Piece(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Data) throws -> Void) rethrows {
        var start = 0
        while start < bytes.count {
            let end = min(start + piece, bytes.count)
            try body(Data(UnsafeBufferPointer(rebasing: bytes[start..<end])).base64EncodedData())
            start = end
        }
    }

    /// Calls `body` with the base64 text of the file's bytes in pieces, read one piece at a time.
    static func forEachBase64Piece(of file: FileHandle, path: String, _ body: (Data) throws -> Void) throws {
        var pending = Data()
        while true {
            let read: Data
            do {
                read = try file.read(upToCount: piece) ?? Data()
            } catch {
                throw ExportError(store: path, message: "cannot read: \(error.localizedDescription)", category: .io)
            }
            pending.append(read)
            // Whole groups of three bytes only, until the end: base64 of the pieces then joins exactly.
            let whole = read.isEmpty ? pending.count : pending.count - pending.count % 3
            if whole > 0 {
                try body(pending.prefix(whole).base64EncodedData())
                pending.removeFirst(whole)
            }
            if read.isEmpty { return }
        }
    }
}

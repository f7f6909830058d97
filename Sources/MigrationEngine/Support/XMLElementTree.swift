import Foundation

/// A parsed XML element: name, attributes, children and the line it starts on.
///
/// Model sources and mapping models are small, so a tree is simpler to walk than SAX callbacks.
struct XMLElementTree: Sendable {
    var name: String
    var attributes: XMLAttributes
    var children: [XMLElementTree]
    var text: String
    var line: Int

    /// The first child element with this name.
    func child(_ name: String) -> XMLElementTree? {
        children.first { $0.name == name }
    }

    /// Every child element with this name.
    func children(_ name: String) -> [XMLElementTree] {
        children.filter { $0.name == name }
    }

    /// An attribute read as Xcode's `YES`/`NO` flag; absent means `defaultValue`.
    func flag(_ key: String, default defaultValue: Bool = false) -> Bool {
        guard let value = attributes[key] else { return defaultValue }
        return value == "YES" || value == "yes" || value == "true" || value == "1"
    }

    /// Parses a whole document, or throws ``XMLTreeError`` with the line where it broke.
    static func parse(_ data: Data) throws(XMLTreeError) -> XMLElementTree {
        // Xcode writes only UTF-8; a file that is not gets the position of its first bad byte, which is
        // more use to whoever opens the file than the parser's complaint about the encoding.
        if let offset = firstInvalidUTF8(data) {
            let (line, column) = position(of: offset, in: data)
            throw XMLTreeError(line: line, column: column, message: "the file is not UTF-8 text")
        }
        // Every `<?` but the declaration is refused with one message, whatever libxml2 would call it (a
        // target-less `<?`, a second declaration): Xcode writes no processing instruction.
        if let offset = firstProcessingInstruction(data) {
            throw XMLTreeError(
                line: position(of: offset, in: data).line, column: 1,
                message: "processing instructions other than the XML declaration are not supported")
        }
        return try data.withUnsafeBytes { XMLTreeBuilder.build($0) }.get()
    }

    /// The line and column (both from 1) of the byte at `offset`.
    private static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(offset)
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
        return (line, column)
    }

    /// The byte offset of the first byte that is not part of valid UTF-8, or `nil`.
    ///
    /// The scan runs over the raw bytes: through `Data`'s generic collection API it took most of the time
    /// of loading a model. The ASCII run most files start with (many are ASCII throughout) is skipped by a
    /// plain byte test; the decoder takes over at the first byte that is not ASCII, which always starts a scalar.
    private static func firstInvalidUTF8(_ data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            guard let firstNonASCII = firstNonASCII(bytes) else { return nil }
            var decoder = UTF8()
            var iterator = UnsafeRawBufferPointer(rebasing: bytes[firstNonASCII...]).makeIterator()
            var consumed = firstNonASCII
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): consumed += UTF8.width(scalar)
                case .emptyInput: return nil
                case .error: return consumed
                }
            }
        }
    }

    /// The offset of the first byte that is not ASCII, or `nil`: eight bytes are tested at once (testing byte by
    /// byte was 2% of `hash` over wire's 90 model versions, 3 MB of XML, before a byte of it was parsed).
    private static func firstNonASCII(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index + 8 <= bytes.count,
            bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index += 8
        }
        return bytes[index...].firstIndex { $0 >= 0x80 }
    }

    /// The byte offset of the first `<?` that is not the XML declaration at the start of the document, or `nil`.
    private static func firstProcessingInstruction(_ data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            let declaration = Array("xml ".utf8)
            let start = bytes.firstIndex { !Character(Unicode.Scalar($0)).isWhitespace } ?? 0
            guard let base = bytes.baseAddress else { return nil }
            var index = 0
            // memchr finds each `<` (the last byte cannot start one) far faster than a loop over every byte.
            while index + 1 < bytes.count,
                let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - 1 - index)
            {
                index = base.distance(to: UnsafeRawPointer(found))
                if bytes[index + 1] == UInt8(ascii: "?") {
                    let isDeclaration = index == start && bytes[(index + 2)...].starts(with: declaration)
                    if !isDeclaration { return index }
                    index += 2
                } else {
                    index += 1
                }
            }
            return nil
        }
    }
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
        // Foundation's parser on Linux crashes on element names that are not UTF-8; Xcode writes only UTF-8.
        if let offset = firstInvalidUTF8(data) {
            let before = data.prefix(offset)
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
            throw XMLTreeError(line: line, column: column, message: "the file is not UTF-8 text")
        }
        // It also dereferences a processing instruction's missing data; Xcode writes none but the declaration.
        if let offset = firstProcessingInstruction(data) {
            let line = data.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw XMLTreeError(
                line: line, column: 1, message: "processing instructions other than the XML declaration are not supported")
        }
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let message = builder.failure ?? parser.parserError?.localizedDescription ?? "not an XML document"
            throw XMLTreeError(line: max(parser.lineNumber, 1), column: parser.columnNumber, message: message)
        }
        return root
    }

    /// The byte offset of the first byte that is not part of valid UTF-8, or `nil`.
    ///
    /// Both scans run over the raw bytes: through `Data`'s generic collection API they took most of the time
    /// of loading a model. The ASCII run most files start with (many are ASCII throughout) is skipped by a
    /// plain byte test; the decoder takes over at the first byte that is not ASCII, which always starts a scalar.
    private static func firstInvalidUTF8(_ data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            guard let firstNonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
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

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLElementTree] = []
        var root: XMLElementTree?
        var failure: String?
        static let maximumDepth = 256

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            // Deeper trees than any model or mapping file needs would only exhaust the stack when released.
            guard stack.count < Self.maximumDepth else {
                failure = "elements nest deeper than \(Self.maximumDepth) levels"
                parser.abortParsing()
                return
            }
            stack.append(
                XMLElementTree(
                    name: elementName, attributes: XMLAttributes(attributeDict), children: [], text: "", line: parser.lineNumber))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let finished = stack.popLast() else { return }
            if stack.isEmpty {
                root = finished
            } else {
                stack[stack.count - 1].children.append(finished)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            failure = failure ?? Self.describe(parseError)
        }

        static func describe(_ error: Error) -> String {
            let nsError = error as NSError
            return "malformed XML (parser error \(nsError.code))"
        }
    }
}

/// XML that could not be parsed, with the position where the parser gave up.
struct XMLTreeError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed XML element: name, attributes, children and the line it starts on.
///
/// Model sources and mapping models are small, so a tree is simpler to walk than SAX callbacks.
struct XMLElementTree: Sendable {
    var name: String
    var attributes: [String: String]
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
        let marker = Array("<?".utf8)
        let declarationStart = data.firstIndex { !(Character(Unicode.Scalar($0)).isWhitespace) } ?? data.startIndex
        var search = data.startIndex
        while let found = data[search...].firstRange(of: marker) {
            let isDeclaration = found.lowerBound == declarationStart && data[found.upperBound...].starts(with: Array("xml ".utf8))
            guard isDeclaration else {
                let line = data[..<found.lowerBound].filter { $0 == UInt8(ascii: "\n") }.count + 1
                throw XMLTreeError(
                    line: line, column: 1, message: "processing instructions other than the XML declaration are not supported")
            }
            search = found.upperBound
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
    private static func firstInvalidUTF8(_ data: Data) -> Int? {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
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
                    name: elementName, attributes: attributeDict, children: [], text: "", line: parser.lineNumber))
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

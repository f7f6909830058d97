import CLibXML2
import Foundation

/// Builds an ``XMLElementTree`` from libxml2's SAX2 callbacks.
///
/// The document is untrusted: nothing outside it is read (no DTD, no external entity, no network), and an
/// entity reference other than XML's own (`&amp;`, `&#10;` …) is refused rather than expanded: the handler
/// records no entity declaration, so every other name is undeclared. Processing instructions never reach it:
/// ``XMLElementTree/parse(_:)`` refuses every `<?` but the declaration first.
final class XMLTreeBuilder {
    /// Deeper trees than any model or mapping file needs would only exhaust the stack when released.
    static let maximumDepth = 256

    private var stack: [XMLElementTree] = []
    private var root: XMLElementTree?
    private var failure: XMLTreeError?
    private var context: xmlParserCtxtPtr?

    private init() {}

    /// Parses a whole document held in memory.
    static func build(_ bytes: UnsafeRawBufferPointer) -> Result<XMLElementTree, XMLTreeError> {
        guard bytes.count <= Int(Int32.max) else {
            return .failure(XMLTreeError(line: 1, column: 1, message: "the file is too large to be a model or mapping"))
        }
        _ = initialized
        let builder = XMLTreeBuilder()
        var handler = callbacks()
        let userData = Unmanaged.passUnretained(builder).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            return .failure(XMLTreeError(line: 1, column: 1, message: "the XML parser could not start (out of memory)"))
        }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        // NOENT makes libxml2 hand over attribute values with `&amp;` decoded (it would pass `&#38;` on
        // otherwise); it expands nothing else, since no declared entity is ever recorded.
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue))
        builder.context = context
        let status = withExtendedLifetime(builder) {
            xmlParseChunk(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 1)
        }
        if let failure = builder.failure { return .failure(failure) }
        guard status == 0, context.pointee.wellFormed != 0, let root = builder.root else {
            return .failure(builder.error("not an XML document"))
        }
        return .success(root)
    }

    /// libxml2 must set up its globals once before parsers run on several threads.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The handler: elements, text and errors come back to the builder passed as user data.
    private static func callbacks() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = cdm_xml_sax2_magic()
        handler.startElementNs = { userData, localName, prefix, _, namespaceCount, namespaces, count, _, attributes in
            XMLTreeBuilder.builder(userData).start(
                name: XMLTreeBuilder.qualifiedName(prefix, localName), namespaces: namespaces,
                namespaceCount: Int(namespaceCount), attributes: attributes, count: Int(count))
        }
        handler.endElementNs = { userData, _, _, _ in XMLTreeBuilder.builder(userData).end() }
        handler.characters = { userData, text, length in XMLTreeBuilder.builder(userData).append(text, Int(length)) }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.reference = { userData, _ in
            XMLTreeBuilder.builder(userData).stop(
                "entity references other than XML's own (&amp;, &lt;, &#10; …) are not supported")
        }
        handler.serror = { userData, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            XMLTreeBuilder.builder(userData).record(error.pointee)
        }
        return handler
    }

    private static func builder(_ userData: UnsafeMutableRawPointer?) -> XMLTreeBuilder {
        // Every callback comes from a parse started by `build`, which passes the builder as user data.
        Unmanaged<XMLTreeBuilder>.fromOpaque(userData!).takeUnretainedValue()
    }

    private static func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ localName: UnsafePointer<xmlChar>?) -> String {
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    private func start(
        name: String, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int
    ) {
        guard stack.count < Self.maximumDepth else {
            stop("elements nest deeper than \(Self.maximumDepth) levels")
            return
        }
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(namespaceCount + count)
        // Namespace declarations stay attributes (`xmlns`, `xmlns:p`), as they are written.
        for index in 0..<namespaceCount {
            let prefix = namespaces?[2 * index].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            pairs.append((prefix, namespaces?[2 * index + 1].map { String(cString: $0) } ?? ""))
        }
        // Five pointers per attribute: local name, prefix, namespace, value start and value end (not terminated).
        for index in 0..<count {
            guard let base = attributes?.advanced(by: 5 * index) else { break }
            let value: String
            if let start = base[3], let end = base[4] {
                value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            } else {
                value = ""
            }
            pairs.append((Self.qualifiedName(base[1], base[0]), value))
        }
        stack.append(XMLElementTree(name: name, attributes: XMLAttributes(pairs), children: [], text: "", line: position.line))
    }

    private func end() {
        guard let finished = stack.popLast() else { return }
        if stack.isEmpty {
            root = finished
        } else {
            stack[stack.count - 1].children.append(finished)
        }
    }

    private func append(_ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard let text, length > 0, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Refuses the document at the parser's current position and stops it.
    private func stop(_ message: String) {
        if failure == nil { failure = error(message) }
        if let context { xmlStopParser(context) }
    }

    /// Keeps the first error libxml2 reports: its message, with the line and column it gives.
    private func record(_ reported: xmlError) {
        guard failure == nil else { return }
        let text = reported.message.map { String(cString: $0) } ?? "error \(reported.code)"
        // One line, of bounded length: the message may quote names from the hostile document.
        let cleaned = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
            .trimmingCharacters(in: .whitespaces)
        let message = "malformed XML: " + (cleaned.count > 200 ? String(cleaned.prefix(200)) + "…" : cleaned)
        failure = XMLTreeError(line: max(Int(reported.line), 1), column: max(Int(reported.int2), 1), message: message)
    }

    private func error(_ message: String) -> XMLTreeError {
        XMLTreeError(line: position.line, column: position.column, message: message)
    }

    /// Where the parser is now: the end of the markup it reported last.
    private var position: (line: Int, column: Int) {
        guard let context else { return (1, 1) }
        return (max(Int(xmlSAX2GetLineNumber(context)), 1), max(Int(xmlSAX2GetColumnNumber(context)), 1))
    }
}

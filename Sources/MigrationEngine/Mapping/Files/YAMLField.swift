import Yams

/// A node of a mapping file with its position, and the checks every field needs.
struct YAMLField {
    var node: Node
    var path: String
    var text: String

    var position: SourcePosition? {
        node.mark.map { SourcePosition(line: $0.line, column: $0.column) }
    }

    func fail(_ message: String) -> MappingFileError {
        MappingFileError(path: path, at: position, message)
    }

    /// The scalar's text, or an error saying what was expected.
    func string(_ what: String) throws(MappingFileError) -> String {
        guard case .scalar(let scalar) = node else { throw fail("\(what) must be a single value") }
        // An unfinished scaffold must stop here, pointing at the value still to write, not run with a guess.
        if scalar.style == .plain, scalar.string.hasPrefix(ScaffoldValue.placeholderText) {
            throw fail(
                "\(what) is not filled in yet: replace \(ScaffoldValue.placeholderText) (left by the scaffold) "
                    + "with a value (docs/guide/mapping-files.md)")
        }
        return scalar.string
    }

    /// The key/value pairs of a mapping node, rejecting keys not in `allowed`.
    func fields(_ what: String, allowed: [String]? = nil) throws(MappingFileError) -> [(key: String, value: YAMLField)] {
        try keyedFields(what, allowed: allowed).map { ($0.key, $0.value) }
    }

    /// The key/value pairs with where each key is written.
    func keyedFields(_ what: String, allowed: [String]? = nil) throws(MappingFileError)
        -> [(key: String, value: YAMLField, keyPosition: SourcePosition?)]
    {
        guard case .mapping(let mapping) = node else { throw fail("\(what) must be a mapping of keys to values") }
        var result: [(key: String, value: YAMLField, keyPosition: SourcePosition?)] = []
        for (key, value) in mapping {
            let keyField = YAMLField(node: key, path: path, text: text)
            let name = try keyField.string("a key")
            if let allowed, !allowed.contains(name) {
                throw keyField.fail("unknown key \"\(name)\" in \(what); expected one of: \(allowed.joined(separator: ", "))")
            }
            result.append((name, YAMLField(node: value, path: path, text: text), keyField.position))
        }
        return result
    }

    /// The items of a sequence node.
    func items(_ what: String) throws(MappingFileError) -> [YAMLField] {
        guard case .sequence(let sequence) = node else { throw fail("\(what) must be a list") }
        return sequence.map { YAMLField(node: $0, path: path, text: text) }
    }

    /// The scalar parsed as an expression, with error positions in the file.
    func expression(_ what: String) throws(MappingFileError) -> MappingExpression {
        let source = try string(what)
        do {
            return try MappingExpression(parsing: source, at: expressionStart)
        } catch {
            throw MappingFileError(path: path, at: error.position, "\(what): \(error.message)")
        }
    }

    /// Where the expression text itself starts: after a quote, or on the line after a block indicator.
    private var expressionStart: SourcePosition? {
        guard case .scalar(let scalar) = node, let start = position else { return position }
        switch scalar.style {
        case .singleQuoted, .doubleQuoted:
            return SourcePosition(line: start.line, column: start.column + 1)
        case .literal, .folded:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard start.line < lines.count else { return start }
            let indent = lines[start.line].prefix { $0 == " " }.count
            return SourcePosition(line: start.line + 1, column: indent + 1)
        default:
            return start
        }
    }
}

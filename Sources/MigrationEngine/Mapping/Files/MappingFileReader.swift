import Foundation
import Yams

/// Reads a cdmigrate mapping file (YAML, or JSON, which YAML includes) into a ``MappingModel``.
///
/// ```yaml
/// from: Model 2
/// to: Model 3
/// mappings:
///   - name: PostToColor
///     source: Post
///     destination: Color
///     attributes:
///       colorID: uuid()
///       hex: $source.hexColor
///     relationships:
///       post: { mapping: PostToPost }
/// ```
/// Every error names the file, line and column. See docs/guide/mapping-files.md for the whole format.
package enum MappingFileReader {
    static let topLevelKeys = ["format", "from", "to", "mappings", "unmapped"]

    /// Reads the mapping file at `path`.
    package static func read(path: String) throws(MappingFileError) -> MappingModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MappingFileError(path: path, at: nil, "cannot read the mapping file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MappingFileError(path: path, at: nil, "the mapping file is not UTF-8 text")
        }
        return try read(text, path: path)
    }

    /// Reads mapping file text; `path` is used in messages.
    package static func read(_ text: String, path: String) throws(MappingFileError) -> MappingModel {
        let root: YAMLField
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw MappingFileError(path: path, at: nil, "the mapping file is empty")
            }
            root = YAMLField(node: node, path: path, text: text)
        } catch let error as MappingFileError {
            throw error
        } catch {
            throw syntaxError(error, path: path)
        }
        var values: [String: YAMLField] = [:]
        for (key, value) in try root.fields("the mapping file", allowed: topLevelKeys) { values[key] = value }
        if let format = values["format"], try format.string("format") != "1" {
            throw format.fail("unsupported format \(try format.string("format")); this cdmigrate reads format 1")
        }
        guard let from = values["from"], let to = values["to"] else {
            throw root.fail("the mapping file needs \"from\" and \"to\" (the source and destination version names)")
        }
        var copiesUnmapped = true
        if let unmapped = values["unmapped"] {
            switch try unmapped.string("unmapped") {
            case "copy": copiesUnmapped = true
            case "drop": copiesUnmapped = false
            case let other: throw unmapped.fail("unmapped must be \"copy\" or \"drop\", not \"\(other)\"")
            }
        }
        var mappings: [EntityMapping] = []
        for item in try values["mappings"]?.items("mappings") ?? [] {
            let mapping = try EntityMappingReader.read(item)
            if let earlier = mappings.first(where: { $0.name == mapping.name }) {
                throw item.fail("a mapping named \"\(mapping.name)\" is already defined at line \(earlier.position?.line ?? 0)")
            }
            mappings.append(mapping)
        }
        return MappingModel(
            sourceVersion: try from.string("from"), destinationVersion: try to.string("to"), entityMappings: mappings,
            copiesUnmappedEntities: copiesUnmapped, path: path)
    }

    private static func syntaxError(_ error: Error, path: String) -> MappingFileError {
        switch error as? YamlError {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return MappingFileError(
                path: path, at: SourcePosition(line: mark.line, column: mark.column), "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams' own text for this quotes the whole file; one line with the first key's place is enough.
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return MappingFileError(
                path: path, at: SourcePosition(line: context.mark.line, column: context.mark.column),
                "not valid YAML: \(duplicates.count == 1 ? "the key" : "the keys") \(keys) \(duplicates.count == 1 ? "appears" : "appear") "
                    + "more than once in the same mapping")
        default:
            return MappingFileError(path: path, at: nil, "not valid YAML: \(error)")
        }
    }
}

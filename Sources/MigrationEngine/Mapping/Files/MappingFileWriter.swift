import Foundation

/// Writes a ``MappingScaffold`` as a cdmigrate mapping file (YAML) that ``MappingFileReader`` reads back:
/// the same scaffold always gives the same text, byte for byte.
package enum MappingFileWriter {
    /// The file's text.
    ///
    /// - Parameter scaffold: The mapping to write.
    /// - Returns: The YAML text, ending in a newline.
    package static func text(_ scaffold: MappingScaffold) -> String {
        var lines = scaffold.header.map(comment)
        lines += [
            "from: \(scalar(scaffold.sourceVersion))",
            "to: \(scalar(scaffold.destinationVersion))",
            "unmapped: \(scaffold.copiesUnmappedEntities ? "copy" : "drop")",
            "mappings:",
        ]
        for (index, mapping) in scaffold.mappings.enumerated() {
            if index > 0 { lines.append("") }
            lines += mapping.notes.map { "  " + comment($0) }
            lines.append("  - name: \(scalar(mapping.name))")
            if let kind = mapping.kind { lines.append("    kind: \(kind.rawValue)") }
            if let source = mapping.source { lines += field("source", source, comment: nil, indent: 4) }
            if let destination = mapping.destination { lines.append("    destination: \(scalar(destination))") }
            if let filter = mapping.filter {
                lines += field("filter", filter, comment: "only source objects for which this is true", indent: 4)
            }
            if let merge = mapping.merge {
                lines += field("merge", merge, comment: "objects with equal values are one object", indent: 4)
            }
            if !mapping.userInfo.isEmpty {
                lines.append("    userInfo:  # given to the mapping's policy")
                for (key, value) in mapping.userInfo.sorted(by: { $0.key < $1.key }) {
                    lines.append("      \(scalar(key)): \(scalar(value))")
                }
            }
            for (title, properties) in [("attributes", mapping.attributes), ("relationships", mapping.relationships)]
            where !properties.isEmpty {
                // A section of comment lines alone would read as an empty value, which YAML takes as null.
                let real = properties.contains { $0.value.isWritten }
                lines.append(real ? "    \(title):" : "    # \(title):")
                for property in properties {
                    lines += field(property.name, property.value, comment: property.comment, indent: 6)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file at `path`, durably. An existing file is replaced only when `replacing` is true;
    /// otherwise the write fails and the file is left as it was (the new name is linked in, which cannot
    /// replace a file that appears meanwhile).
    ///
    /// - Parameters:
    ///   - scaffold: The mapping to write.
    ///   - path: The file to write.
    ///   - replacing: Whether an existing file at `path` is replaced.
    /// - Throws: ``ExecutionError`` (`io`) when the file exists or cannot be written.
    package static func write(_ scaffold: MappingScaffold, to path: String, replacing: Bool) throws(ExecutionError) {
        let data = Data(text(scaffold).utf8)
        // Even when replacing is allowed, a store's database or sidecar is never replaced by a mapping file.
        if let problem = OutputPathCheck.problem(writing: path, stores: []) {
            throw ExecutionError(.io, path: path, message: problem)
        }
        if replacing { return try DurableFile.write(data, to: path) }
        if FileManager.default.fileExists(atPath: path) {
            throw ExecutionError(.io, path: path, message: "already exists", remedy: .allowReplacing)
        }
        let temporary = path + ".writing"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ExecutionError(.io, path: path, message: "cannot write")
        }
        try DurableFile.sync(temporary)
        let linked = link(temporary, path) == 0
        let problem = linked ? nil : errno
        try DurableFile.remove(temporary)
        if let problem {
            throw ExecutionError(
                .io, path: path, message: problem == EEXIST ? "already exists" : String(cString: strerror(problem)),
                remedy: problem == EEXIST ? .allowReplacing : nil)
        }
    }

    private static func field(_ key: String, _ value: ScaffoldValue, comment note: String?, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let trailing = note.map { "  # \($0)" } ?? ""
        switch value {
        case .text(let text):
            return ["\(pad)\(key): \(scalar(text))\(trailing)"]
        case .placeholder:
            return ["\(pad)\(key): \(ScaffoldValue.placeholderText)\(trailing)"]
        case .commented(let text):
            return ["\(pad)# \(key): \(text)\(trailing)"]
        case .note:
            return ["\(pad)# \(key)\(note.map { ": \($0)" } ?? "")"]
        case .lookup(let mapping, nil) where isPlain(mapping, flow: true):
            return ["\(pad)\(key): { mapping: \(mapping) }\(trailing)"]
        case .lookup(let mapping, let from):
            return ["\(pad)\(key):\(trailing)", "\(pad)  mapping: \(scalar(mapping))"]
                + (from.map { ["\(pad)  from: \(scalar($0))"] } ?? [])
        }
    }

    private static func comment(_ line: String) -> String {
        line.isEmpty ? "#" : "# \(line)"
    }

    /// `text` as a YAML scalar: plain when YAML reads it back unchanged, single-quoted otherwise.
    static func scalar(_ text: String) -> String {
        isPlain(text, flow: false) ? text : "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func isPlain(_ text: String, flow: Bool) -> Bool {
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace, last != ":" else {
            return false
        }
        let indicators: Set<Character> = [
            "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
        ]
        if indicators.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || text.contains(where: { $0.isNewline || $0 == "\t" }) { return false }
        return !flow || !text.contains(where: { ",[]{}".contains($0) })
    }
}

extension ScaffoldValue {
    /// Whether the value is a line of the file (not a comment).
    fileprivate var isWritten: Bool {
        switch self {
        case .text, .lookup, .placeholder: true
        case .commented, .note: false
        }
    }
}

extension MappingScaffold {
    /// The mapping file's text, as ``MappingFileWriter/text(_:)`` writes it.
    public var fileText: String { MappingFileWriter.text(self) }

    /// Writes the mapping file, as ``MappingFileWriter/write(_:to:replacing:)`` does.
    ///
    /// - Parameters:
    ///   - path: The file to write.
    ///   - replacing: Whether an existing file at `path` is replaced.
    /// - Throws: ``ExecutionError`` (`io`) when the file exists or cannot be written.
    package func write(to path: String, replacing: Bool) throws(ExecutionError) {
        try MappingFileWriter.write(self, to: path, replacing: replacing)
    }
}

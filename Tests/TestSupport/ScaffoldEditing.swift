import Foundation

/// Completes a file written by `cdmigrate scaffold-mapping` as its header tells a person to: in one entity
/// mapping's block, a `key: <fill>` line, or an offered `# key: <expression>` line, becomes `key: value`.
public enum ScaffoldEditing {
    /// A key that the mapping's block does not offer.
    public struct Missing: Error, CustomStringConvertible {
        /// What was looked for.
        public var description: String
    }

    /// `text` with each key of `values` filled in within the block of the entity mapping named `mapping`
    /// (from its `- name:` line to the next one). Every other line is kept as it is.
    public static func fill(_ text: String, mapping: String, _ values: [(key: String, value: String)]) throws -> String {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "  - name: \(mapping)") else {
            throw Missing(description: "no mapping named \(mapping)")
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("  - name: ") } ?? lines.count
        for (key, value) in values {
            let index = (start..<end).first { index in
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                return line.hasPrefix("\(key): <fill>") || line.hasPrefix("# \(key): <expression>")
            }
            guard let index else { throw Missing(description: "mapping \(mapping) offers no \(key) to fill") }
            let indent = lines[index].prefix { $0 == " " }
            lines[index] = "\(indent)\(key): \(value)"
        }
        return lines.joined(separator: "\n")
    }
}

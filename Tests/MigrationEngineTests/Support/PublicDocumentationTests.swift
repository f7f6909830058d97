import Foundation
import TestSupport
import Testing

/// Issue 14, item 7: every public function, initializer and subscript of the engine and the sample app says
/// what it throws (`- Throws:`) and what its parameters are (`- Parameter`/`- Parameters:`). swift-format's
/// `ValidateDocumentationComments` checks these sections only where a parameter section already exists, so a
/// declaration with none at all would pass the lint; this reads the sources and finds it.
@Suite("Public API documentation: throws and parameter sections")
struct PublicDocumentationTests {
    /// The targets whose public API is checked, relative to the package.
    static let folders = ["Sources/MigrationEngine", "Sources/JournalSample"]

    /// One public function, initializer or subscript as written.
    struct Declaration {
        /// Where it starts, `path:line`.
        var location: String
        /// Its `///` lines, attributes between them and the declaration skipped.
        var documentation: [String]
        /// The declaration up to its body, on one line.
        var signature: String
    }

    @Test("Every public throwing or parameterized declaration documents its throws and parameters")
    func publicDeclarationsAreDocumented() throws {
        var declarations: [Declaration] = []
        for folder in Self.folders {
            let root = Corpus.packageRoot.appendingPathComponent(folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                declarations += Self.declarations(in: text, file: "\(folder)/\(file)")
            }
        }
        // The walk found the API: a wrong root would find nothing and pass.
        #expect(declarations.count > 50, "found only \(declarations.count) public declarations")
        for problem in declarations.flatMap(Self.problems) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test("A declaration without its throws or parameter section is reported; closures and typed throws are read right")
    func missingSectionsAreFound() {
        let text = """
            /// Reads.
            @discardableResult
            public func read(_ path: String) throws(StoreError) -> Int {
            /// Reads.
            ///
            /// - Parameter path: The file.
            /// - Throws: ``StoreError``.
            public func read(_ path: String) throws(StoreError) -> Int {
            /// Makes one.
            public init(
                body: @escaping () throws -> Int
            ) {
            /// The cached model.
            public func cachedModel() throws(ModelError) -> ObjectModel? {
            /// A closure, not a function.
            public var body: @Sendable ([Int]) throws -> Int
            """
        let declarations = Self.declarations(in: text, file: "Sample.swift")
        #expect(declarations.map(\.location) == ["Sample.swift:3", "Sample.swift:8", "Sample.swift:10", "Sample.swift:14"])
        #expect(
            declarations.flatMap(Self.problems) == [
                "Sample.swift:3: `public func read(_ path: String) throws(StoreError) -> Int` has no `- Throws:` section",
                "Sample.swift:3: `public func read(_ path: String) throws(StoreError) -> Int` has no parameter section",
                "Sample.swift:10: `public init( body: @escaping () throws -> Int )` has no parameter section",
                "Sample.swift:14: `public func cachedModel() throws(ModelError) -> ObjectModel?` has no `- Throws:` section",
            ])
    }

    /// The public functions, initializers and subscripts in a Swift file's text.
    static func declarations(in text: String, file: String) -> [Declaration] {
        let lines = text.components(separatedBy: "\n")
        var found: [Declaration] = []
        for (index, line) in lines.enumerated() {
            var head = Substring(line.trimmingCharacters(in: .whitespaces))
            while head.hasPrefix("@"), let space = head.firstIndex(of: " ") {
                head = head[space...].drop { $0 == " " }
            }
            guard head.hasPrefix("public ") else { continue }
            let keywords = head.prefix { $0 != "(" }.split(separator: " ").map { $0.trimmingCharacters(in: ["?", "!"]) }
            guard keywords.contains(where: { ["func", "init", "subscript"].contains($0) }) else { continue }
            var documentation: [String] = []
            var above = index - 1
            while above >= 0 {
                let previous = lines[above].trimmingCharacters(in: .whitespaces)
                guard previous.hasPrefix("///") || previous.hasPrefix("@") else { break }
                if previous.hasPrefix("///") { documentation.insert(previous, at: 0) }
                above -= 1
            }
            found.append(
                Declaration(
                    location: "\(file):\(index + 1)", documentation: documentation,
                    signature: signature(lines[index...].prefix(12))))
        }
        return found
    }

    /// The declaration's lines joined up to its body's `{` (outside parentheses and brackets).
    static func signature(_ lines: ArraySlice<String>) -> String {
        var text = ""
        var depth = 0
        for line in lines {
            for character in line.trimmingCharacters(in: .whitespaces) {
                switch character {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "{" where depth == 0: return text.trimmingCharacters(in: .whitespaces)
                default: break
                }
                text.append(character)
            }
            text.append(" ")
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The declaration's parameter list and the effects after it (`throws(StoreError)`), up to the result's `->`.
    static func parts(of signature: String) -> (parameters: String, effects: String) {
        guard let open = signature.firstIndex(of: "(") else { return ("", "") }
        var depth = 0
        var close = signature.endIndex
        for position in signature[open...].indices {
            if signature[position] == "(" { depth += 1 }
            if signature[position] == ")" { depth -= 1 }
            if depth == 0 {
                close = position
                break
            }
        }
        guard close < signature.endIndex else { return (String(signature[open...]), "") }
        let rest = signature[signature.index(after: close)...]
        let effects = rest.range(of: "->").map { rest[..<$0.lowerBound] } ?? rest
        return (String(signature[signature.index(after: open)..<close]), String(effects))
    }

    /// What the declaration's documentation lacks, one message each, naming file and line.
    static func problems(_ declaration: Declaration) -> [String] {
        let (parameters, effects) = parts(of: declaration.signature)
        let words = effects.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        let documentation = declaration.documentation.joined(separator: "\n")
        var problems: [String] = []
        if words.contains("throws") || words.contains("rethrows"), !documentation.contains("- Throws:") {
            problems.append("\(declaration.location): `\(declaration.signature)` has no `- Throws:` section")
        }
        let documentsParameters = documentation.contains("- Parameter ") || documentation.contains("- Parameters:")
        if !parameters.trimmingCharacters(in: .whitespaces).isEmpty, !documentsParameters {
            problems.append("\(declaration.location): `\(declaration.signature)` has no parameter section")
        }
        return problems
    }
}

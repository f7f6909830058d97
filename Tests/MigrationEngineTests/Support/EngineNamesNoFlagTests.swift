import Foundation
import TestSupport
import Testing

/// Issue 36, item 3: the engine speaks no front end's language. A message that says "pass --model" is wrong in
/// the console and wrong again when the option is renamed; the engine gives a ``Remedy`` instead, and each
/// front end words it. This reads every string literal in the engine's sources and finds any that names a
/// command-line option (`--` and a name).
@Suite("The engine names no command-line option")
struct EngineNamesNoFlagTests {
    @Test("No string literal in Sources/MigrationEngine contains --option")
    func noFlagInEngineLiterals() throws {
        let root = Corpus.packageRoot.appendingPathComponent("Sources/MigrationEngine")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        var literals = 0
        for file in files.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (line, literal) in Self.literals(in: text) {
                literals += 1
                if let flag = Self.flag(in: literal) {
                    Issue.record("Sources/MigrationEngine/\(file):\(line): \(flag) in \(literal)")
                }
            }
        }
        // The walk read the engine and the command list: a wrong root would find nothing and pass.
        #expect(Self.commands.contains("scaffold-mapping") && Self.commands.count > 10, "\(Self.commands)")
        #expect(literals > 1000, "found only \(literals) string literals")
    }

    @Test("The scan finds a flag in one-line and multi-line literals, and none in comments or SQL comments")
    func scanFindsFlags() {
        let text = #"""
            /// Pass --model in a comment is fine.
            let a = "needs a model; pass --model" // --to in a trailing comment
            let b = "a \"quoted --force\" word"
            let c = """
                line with --accept-wal-loss
                """
            let d = "SELECT 1 -- a comment" + "x--y"
            let e = "write it from it with cdmigrate scaffold-mapping, then" + "whose code cdmigrate cannot run"
            """#
        let found = Self.literals(in: text).compactMap { Self.flag(in: $0.text) }
        #expect(found == ["--model", "--force", "--accept-wal-loss", "cdmigrate scaffold-mapping"])
    }

    /// `--name`, or `cdmigrate` and one of its commands, in `literal`, or nil.
    static func flag(in literal: String) -> String? {
        if let range = literal.range(of: #"(?<![A-Za-z0-9-])--[a-z][a-z-]*"#, options: .regularExpression) {
            return String(literal[range])
        }
        return commands.lazy.map { "cdmigrate \($0)" }.first { command in
            literal.range(of: #"\b\#(command)(?![a-z-])"#, options: .regularExpression) != nil
        }
    }

    /// The command line's commands, as its help lists them (the help snapshot is checked against the binary,
    /// so a new command is listed here without anyone remembering to).
    static let commands: [String] = {
        let help = Corpus.packageRoot.appendingPathComponent(
            "Tests/CLITests/__Snapshots__/OutputSnapshotTests/help.cdmigrate.txt")
        guard let text = try? String(contentsOf: help, encoding: .utf8),
            let listed = text.components(separatedBy: "SUBCOMMANDS:\n").last
        else { return [] }
        return listed.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }()

    /// The string literals of Swift source `text` with their line numbers: one-line literals on code lines
    /// (comments skipped) and each line of a multi-line literal.
    static func literals(in text: String) -> [(line: Int, text: String)] {
        var found: [(Int, String)] = []
        var inMultiline = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inMultiline {
                if trimmed.hasPrefix("\"\"\"") { inMultiline = false } else { found.append((index + 1, String(line))) }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            var characters = Substring(line)
            var current: String?
            while let character = characters.popFirst() {
                if var literal = current {
                    if character == "\\", let next = characters.popFirst() {
                        literal.append(character)
                        literal.append(next)
                        current = literal
                    } else if character == "\"" {
                        found.append((index + 1, literal))
                        current = nil
                    } else {
                        literal.append(character)
                        current = literal
                    }
                } else if character == "\"" {
                    if characters.hasPrefix("\"\"") {
                        inMultiline = true
                        break
                    }
                    current = ""
                } else if character == "/", characters.first == "/" {
                    break
                }
            }
        }
        return found
    }
}

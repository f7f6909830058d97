import Foundation
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13: `docs/guide/console.md` lists every key of the key table, and no key the table lacks, so the
/// guide cannot drift from what the console does.
@Suite struct KeyGuideTests {
    let table = KeyTable.standard

    /// The keys column of the guide's `## Keys` table, each cell split at `/` into its parts (`↑↓`, `jk`).
    static func guideKeys() throws -> [[String]] {
        let guide = Corpus.packageRoot.appendingPathComponent("docs/guide/console.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## Keys") else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        return section.compactMap { line -> [String]? in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            return cell == "/" ? ["/"] : cell.split(separator: "/").map(String.init)
        }
    }

    /// How the guide writes a key: as the console labels it, a control character as `^L`.
    static func written(_ key: Key) -> String {
        if case .character(let character) = key, let scalar = character.unicodeScalars.first, scalar.value < 0x20 {
            return "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
        }
        return key.label
    }

    /// Whether a part of the guide's cell names the key: the same label, or one of two one-character keys
    /// written together (`↑↓`, `jk`).
    static func names(_ part: String, _ key: String) -> Bool {
        part == key || (key.count == 1 && part.count == 2 && part.contains(key))
    }

    @Test func theGuideListsEveryKeyOfTheTable() throws {
        let parts = try Self.guideKeys().flatMap { $0 }
        #expect(parts.count > 20, "the guide's key list was found and parsed")
        for binding in table.bindings {
            for key in binding.keys.map(Self.written) {
                #expect(
                    parts.contains { Self.names($0, key) },
                    "docs/guide/console.md lists no \(key) (\(binding.action), \(binding.label))")
            }
        }
    }

    @Test func theGuideListsNoKeyTheTableLacks() throws {
        let keys = Set(table.bindings.flatMap(\.keys).map(Self.written))
        for part in try Self.guideKeys().flatMap({ $0 }) {
            let known = keys.contains(part) || (part.count == 2 && part.allSatisfy { keys.contains(String($0)) })
            #expect(known, "docs/guide/console.md lists \(part), which the key table does not bind")
        }
    }

    @Test func aKeyMissingFromTheGuideIsFound() {
        let parts = ["↑↓", "jk", "Esc"]
        #expect(parts.contains { Self.names($0, "k") })
        #expect(!parts.contains { Self.names($0, "x") })
        #expect(Self.written(.character("\u{0C}")) == "^L")
    }
}

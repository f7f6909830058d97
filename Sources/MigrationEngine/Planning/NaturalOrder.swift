/// Compares names the way a person reads them: runs of digits by their value, so `Model 2` comes before
/// `Model 10` and `v1.1.2` before `v1.2.0`, and a name that is a prefix of another comes first
/// (`CoreDataMigration_Example` before `CoreDataMigration_Example 2`).
package enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` sorts before, equal to, or after `rhs`.
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(Key(lhs), Key(rhs))
    }

    /// `names` in natural order; each name is read into its chunks once, not at every comparison.
    package static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map(Key.init).sorted { compare($0, $1) < 0 }.map(\.name)
    }

    /// A name read as a person reads it: text (compared without case) and numbers (without leading zeros).
    private struct Key {
        let name: String
        let chunks: [Chunk]

        init(_ name: String) {
            self.name = name
            var result: [Chunk] = []
            var current = ""
            var inDigits = false
            for character in name {
                let isDigit = character.isASCII && character.isNumber
                if !current.isEmpty, isDigit != inDigits {
                    result.append(Chunk(current, isNumber: inDigits))
                    current = ""
                }
                inDigits = isDigit
                current.append(character)
            }
            if !current.isEmpty { result.append(Chunk(current, isNumber: inDigits)) }
            chunks = result
        }
    }

    private enum Chunk {
        /// Lowercased text.
        case text(String)
        /// Digits without leading zeros.
        case number(Substring)

        init(_ run: String, isNumber: Bool) {
            self = isNumber ? .number(run.drop { $0 == "0" }) : .text(run.lowercased())
        }
    }

    private static func compare(_ lhs: Key, _ rhs: Key) -> Int {
        for (a, b) in zip(lhs.chunks, rhs.chunks) {
            let result = compare(chunk: a, b)
            if result != 0 { return result }
        }
        if lhs.chunks.count != rhs.chunks.count { return lhs.chunks.count < rhs.chunks.count ? -1 : 1 }
        // Same reading: fall back to plain code-unit order so the result is total and deterministic.
        if lhs.name == rhs.name { return 0 }
        return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) ? -1 : 1
    }

    private static func compare(chunk lhs: Chunk, _ rhs: Chunk) -> Int {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            if a.count != b.count { return a.count < b.count ? -1 : 1 }
            if a != b { return a < b ? -1 : 1 }
            return 0
        case (.number, .text):
            return -1
        case (.text, .number):
            return 1
        case (.text(let la), .text(let lb)):
            if la == lb { return 0 }
            // A shorter text that is a prefix of the other sorts first ("Example" < "Example ").
            if lb.hasPrefix(la) { return -1 }
            if la.hasPrefix(lb) { return 1 }
            return la < lb ? -1 : 1
        }
    }
}

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
        let left = chunks(lhs)
        let right = chunks(rhs)
        for (a, b) in zip(left, right) {
            let result = compare(chunk: a, b)
            if result != 0 { return result }
        }
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        // Same reading: fall back to plain code-unit order so the result is total and deterministic.
        if lhs == rhs { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }

    private enum Chunk {
        case text(String)
        case number(String)
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = ""
        var inDigits = false
        for character in name {
            let isDigit = character.isASCII && character.isNumber
            if !current.isEmpty, isDigit != inDigits {
                result.append(inDigits ? .number(current) : .text(current))
                current = ""
            }
            inDigits = isDigit
            current.append(character)
        }
        if !current.isEmpty { result.append(inDigits ? .number(current) : .text(current)) }
        return result
    }

    private static func compare(chunk lhs: Chunk, _ rhs: Chunk) -> Int {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            let a1 = a.drop { $0 == "0" }
            let b1 = b.drop { $0 == "0" }
            if a1.count != b1.count { return a1.count < b1.count ? -1 : 1 }
            if a1 != b1 { return a1 < b1 ? -1 : 1 }
            return 0
        case (.number, .text):
            return -1
        case (.text, .number):
            return 1
        case (.text(let a), .text(let b)):
            let la = a.lowercased()
            let lb = b.lowercased()
            if la == lb { return 0 }
            // A shorter text that is a prefix of the other sorts first ("Example" < "Example ").
            if lb.hasPrefix(la) { return -1 }
            if la.hasPrefix(lb) { return 1 }
            return la < lb ? -1 : 1
        }
    }
}

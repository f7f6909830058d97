import Foundation

/// Orders version names by what a regular expression captures from them (`(\d+)$`, `v(?<version>[\d.]+)`).
struct PatternOrdering {
    let expression: String

    init(_ expression: String) {
        self.expression = expression
    }

    /// The names sorted by their captures; throws naming a version the pattern does not match, or two
    /// versions whose captures are equal.
    func sort(_ names: [String]) throws(PlanningError) -> [String] {
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: expression)
        } catch {
            throw PlanningError(.invalidOrder, message: "version order pattern /\(expression)/ is not a valid regular expression")
        }
        var keys: [String: [String]] = [:]
        for name in names {
            guard let key = captures(of: name, regex) else {
                throw PlanningError(
                    .invalidOrder, versions: [name],
                    message: "version \"\(name)\" does not match the order pattern /\(expression)/")
            }
            keys[name] = key
        }
        let sorted = names.sorted { a, b in
            let result = Self.compare(keys[a]!, keys[b]!)
            return result != 0 ? result < 0 : NaturalOrder.precedes(a, b)
        }
        for (a, b) in zip(sorted, sorted.dropFirst()) where Self.compare(keys[a]!, keys[b]!) == 0 {
            throw PlanningError(
                .invalidOrder, versions: [a, b],
                message: "versions \"\(a)\" and \"\(b)\" capture the same key with /\(expression)/; the order is ambiguous")
        }
        return sorted
    }

    private func captures(of name: String, _ regex: NSRegularExpression) -> [String]? {
        let range = NSRange(name.startIndex..., in: name)
        guard let match = regex.firstMatch(in: name, range: range) else { return nil }
        let text = { (r: NSRange) -> String in
            guard r.location != NSNotFound, let swiftRange = Range(r, in: name) else { return "" }
            return String(name[swiftRange])
        }
        let named = match.range(withName: "version")
        if named.location != NSNotFound { return [text(named)] }
        if match.numberOfRanges == 1 { return [text(match.range)] }
        return (1..<match.numberOfRanges).map { text(match.range(at: $0)) }
    }

    private static func compare(_ a: [String], _ b: [String]) -> Int {
        for (x, y) in zip(a, b) {
            let result = NaturalOrder.compare(x, y)
            if result != 0 { return result }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}

/// `NSPredicate`'s `LIKE` pattern: `*` matches any run of characters (none included), `?` exactly one,
/// `\` takes the next character literally; the pattern matches the whole text.
///
/// Matching keeps only the last `*` to go back to, so it needs no recursion; its work is bounded by
/// ``maximumSteps`` per text, so a long hostile value against a pattern of many stars fails with an error
/// rather than running for minutes.
struct WildcardPattern {
    private enum Element: Equatable {
        case character(Character)
        case one
        case any
    }

    /// The most character comparisons one match may make.
    static let maximumSteps = 10_000_000

    private let elements: [Element]

    init(_ pattern: String) {
        var elements: [Element] = []
        var escaped = false
        for character in pattern {
            if escaped {
                elements.append(.character(character))
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "*": if elements.last != .any { elements.append(.any) }
            case "?": elements.append(.one)
            default: elements.append(.character(character))
            }
        }
        if escaped { elements.append(.character("\\")) }
        self.elements = elements
    }

    /// Whether the whole of `text` matches.
    ///
    /// - Throws: ``ExpressionEvaluationError`` when the match would take more than ``maximumSteps``.
    func matches(_ text: String) throws -> Bool {
        let characters = Array(text)
        var (t, p) = (0, 0)
        var star: (pattern: Int, text: Int)?
        var steps = 0
        while t < characters.count {
            steps += 1
            guard steps <= Self.maximumSteps else {
                throw ExpressionEvaluationError(
                    "LIKE gave up after \(Self.maximumSteps) steps on a text of \(characters.count) characters")
            }
            if p < elements.count, elements[p] == .any {
                star = (p, t)
                p += 1
            } else if p < elements.count, elements[p] == .one || elements[p] == .character(characters[t]) {
                p += 1
                t += 1
            } else if let last = star {
                // Let the last star take one more character and try the rest of the pattern again.
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        return elements[p...].allSatisfy { $0 == .any }
    }
}

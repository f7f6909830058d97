import MigrationEngine

/// The sample app's Swift migration policy (Journal 4 → 5): each entry's word count, which no
/// expression can state, is computed in Swift after the mapping's expressions made the entry.
public struct WordCountPolicy: MigrationPolicy {
    /// The name the sample app's mapping file uses (`policy: WordCount`).
    public static let name = "WordCount"

    /// Creates the policy.
    public init() {}

    /// Makes the entry as the mapping describes, then stores the number of words of its text.
    ///
    /// - Parameters:
    ///   - source: The source `Entry`.
    ///   - mapping: The entity mapping naming this policy.
    ///   - context: The running step.
    /// - Throws: ``MappingRuntimeError`` when the mapping's expressions fail for the entry, and the context's
    ///   errors when `text` cannot be read or `wordCount` cannot be written.
    public func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        let text = try context.value("text", of: source)
        try context.update(entry, values: ["wordCount": .integer(Int64(Self.words(in: text.isNull ? "" : text.text)))])
    }

    /// Stage 2 stays the mapping's own (its relationship lookups run in bulk).
    public var customizesRelationships: Bool { false }

    /// Every source entry became exactly one destination entry.
    ///
    /// - Parameters:
    ///   - mapping: The entity mapping naming this policy.
    ///   - context: The running step, whose `Entry` objects are counted on both sides.
    /// - Throws: ``ExpressionEvaluationError`` naming both counts when they differ, and the context's errors
    ///   when a count cannot be read.
    public func validate(mapping: EntityMapping, context: some MigrationPolicyContext) throws {
        let before = try context.count("Entry", side: .source)
        let after = try context.count("Entry", side: .destination)
        guard before == after else {
            throw ExpressionEvaluationError("\(before) entries were read but \(after) were written")
        }
    }

    /// Words are runs of letters or digits (of `Character`s, so a letter with combining marks is one).
    static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        // ASCII text, the common case, is counted by bytes: there each byte is one character (a CR LF pair is
        // one character, but neither of its bytes is a letter or digit either), and a letter or digit is
        // exactly `A–Z`, `a–z`, `0–9`.
        for byte in text.utf8 {
            guard byte < 0x80 else { return characterWords(in: text) }
            let wordByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if wordByte && !inWord { count += 1 }
            inWord = wordByte
        }
        return count
    }

    private static func characterWords(in text: String) -> Int {
        var count = 0
        var inWord = false
        for character in text {
            let wordCharacter = character.isLetter || character.isNumber
            if wordCharacter && !inWord { count += 1 }
            inWord = wordCharacter
        }
        return count
    }
}

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
        var text = text
        // A native string's bytes are contiguous; the loop then reads them straight from memory.
        return text.withUTF8 { bytes in asciiWords(in: bytes) } ?? characterWords(in: text)
    }

    /// The words of ASCII text, counted by bytes: there each byte is one character (a CR LF pair is one
    /// character, but neither of its bytes is a letter or digit either), and a letter or digit is exactly
    /// `A–Z`, `a–z`, `0–9`. `nil` when the text is not ASCII.
    private static func asciiWords(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var inWord = false
        var all: UInt8 = 0
        for byte in bytes {
            all |= byte
            // `byte | 0x20` folds `A–Z` onto `a–z` (and maps no other byte there).
            let wordByte = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
            count &+= wordByte && !inWord ? 1 : 0
            inWord = wordByte
        }
        return all < 0x80 ? count : nil
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

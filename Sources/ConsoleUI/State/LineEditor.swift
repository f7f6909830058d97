/// A line typed at a prompt (the filter, an export path), edited as readline edits one: ← → move the cursor,
/// Home/End (Ctrl-A/Ctrl-E) go to either end, Backspace erases before the cursor, Ctrl-U everything before it,
/// Ctrl-W the word before it, Ctrl-K everything after it. Other control characters are ignored, never typed.
package struct LineEditor: Sendable, Hashable {
    /// The text typed.
    package private(set) var text: String
    /// The cursor, in characters from the start of ``text`` (its count: after the last character).
    package private(set) var cursor: Int

    /// A line holding `text`, the cursor after it.
    package init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// The text before the cursor, the character under it (nil at the end) and the text after it.
    package var parts: (before: String, at: Character?, after: String) {
        let characters = Array(text)
        let at = cursor < characters.count ? characters[cursor] : nil
        let after = cursor < characters.count ? String(characters[(cursor + 1)...]) : ""
        return (String(characters[..<cursor]), at, after)
    }

    /// Applies an editing key.
    ///
    /// - Parameter key: The key pressed.
    /// - Returns: Whether the key is an editing key (applied, or a control character ignored); false for
    ///   keys the prompt itself answers (Enter, Esc, ↑ ↓, …).
    package mutating func edit(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .character("\u{01}"): cursor = 0
        case .end, .character("\u{05}"): cursor = characters.count
        case .backspace, .character("\u{7F}"), .character("\u{08}"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .character("\u{15}"):
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .character("\u{0B}"):
            characters.removeSubrange(cursor...)
        case .character("\u{17}"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .character(let character):
            // Ctrl-keys without a meaning here would otherwise be typed into the line as ␕, ␗, ….
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return true
            }
            characters.insert(character, at: cursor)
            cursor += 1
        default:
            return false
        }
        text = String(characters)
        return true
    }
}

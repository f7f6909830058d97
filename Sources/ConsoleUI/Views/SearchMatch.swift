/// Where a filter's text shows in a cell, so the browser can mark it.
enum SearchMatch {
    /// The screen columns of `text` (from its first) that hold `search`, each match once from left to right.
    ///
    /// Letters are compared as SQLite's `LIKE` compares them, the filter's own test: ASCII letters in either
    /// case, any other character exactly. The filter matches the text cells show, so only a cell that is cut
    /// (`…`) may hold no match although its row was kept for it.
    static func columns(of search: String, in text: String) -> [Range<Int>] {
        let wanted = search.map(folded)
        guard !wanted.isEmpty else { return [] }
        let characters = Array(text)
        let folded = characters.map(folded)
        // Where each character starts on screen, as ScreenBuffer.put lays it out (line breaks take none).
        var starts: [Int] = []
        var column = 0
        for character in characters {
            starts.append(column)
            guard character != "\n", character != "\r" else { continue }
            column += TerminalWidth.of(TerminalWidth.picture(of: character) ?? character)
        }
        starts.append(column)
        var matches: [Range<Int>] = []
        var index = 0
        while index + wanted.count <= folded.count {
            if folded[index..<index + wanted.count].elementsEqual(wanted) {
                matches.append(starts[index]..<starts[index + wanted.count])
                index += wanted.count
            } else {
                index += 1
            }
        }
        return matches
    }

    private static func folded(_ character: Character) -> Character {
        guard character.isASCII, character.isUppercase else { return character }
        return Character(character.lowercased())
    }
}

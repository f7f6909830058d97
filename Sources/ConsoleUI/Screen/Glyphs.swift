/// The characters the console draws with: Unicode box drawing, marks and bars where the locale can show
/// them, ASCII where it cannot (`LANG=C` would otherwise blank every one of them).
///
/// Views draw in Unicode; the renderer passes the finished buffer through ``apply(to:)``, so no view needs
/// two spellings and no non-ASCII character can slip through in an ASCII locale. The few glyphs whose ASCII
/// form is longer than one column (NULL) are asked for by the views that show them.
package struct Glyphs: Sendable, Hashable {
    /// Whether the terminal is drawn with ASCII only.
    package let isASCII: Bool

    /// Unicode glyphs, for UTF-8 locales.
    package static let unicode = Glyphs(isASCII: false)
    /// ASCII glyphs, for every other locale.
    package static let ascii = Glyphs(isASCII: true)

    /// The glyph set for a locale's character set name (`nl_langinfo(CODESET)`): Unicode only for UTF-8.
    package static func forCodeset(_ codeset: String) -> Glyphs {
        let name = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return name == "utf8" ? .unicode : .ascii
    }

    /// How SQL NULL is shown in the data browser (`∅`, or `NULL` in ASCII so it never looks like "").
    package var null: String { isASCII ? "NULL" : "∅" }

    /// The ASCII stand-ins, one column each so layouts stay as they are.
    static let asciiReplacements: [Character: Character] = [
        "─": "-", "━": "-", "═": "=", "│": "|", "║": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "█": "#", "░": ".", "▏": ".", "▎": ".", "▍": ".", "▌": ".", "▋": ".", "▊": ".", "▉": ".",
        "✓": "v", "✗": "x", "⚠": "!", "∅": "-", "→": ">", "←": "<", "↑": "^", "↓": "v", "▶": ">", "◀": "<",
        "▸": ">", "●": "*", "≈": "~", "★": "+", "…": "~", "≠": "/", "·": ".", "⏎": "|", "—": "-", "–": "-",
        "×": "x", "◉": "@", "○": "o", "◂": "<",
    ]

    /// The character drawn for `character`: itself in Unicode, its ASCII stand-in (or `?`) in ASCII.
    package func character(for character: Character) -> Character {
        guard isASCII, !character.isASCII else { return character }
        return Self.asciiReplacements[character] ?? "?"
    }

    /// The buffer as this glyph set draws it.
    package func apply(to buffer: ScreenBuffer) -> ScreenBuffer {
        isASCII ? buffer.transliterated { character(for: $0) } : buffer
    }
}

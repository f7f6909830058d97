/// How many terminal columns text occupies, independent of the process locale.
///
/// Combining marks and zero-width characters take no column; East Asian wide and fullwidth characters and
/// emoji take two; everything else takes one. This agrees with glibc's `wcwidth` for the text a store holds.
package enum TerminalWidth {
    /// The columns one character occupies (0, 1 or 2).
    package static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(first)
    }

    /// The columns a string occupies.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one scalar occupies; a control character takes the one column of its ``picture(of:)``.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if isControl(v) { return 1 }
        if v == 0x200B || (0x200C...0x200F).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// What a character starting with a control character (C0, DEL or C1: a NUL, an escape, a carriage
    /// return) is drawn as: its symbol from Unicode's Control Pictures (`␀`, `␛`, `␍`, `␡`; `�` for C1), so
    /// text from a store can neither move the cursor nor hide its bytes. Nil for every other character.
    package static func picture(of character: Character) -> Character? {
        guard let v = character.unicodeScalars.first?.value, isControl(v) else { return nil }
        switch v {
        case 0..<0x20: return Character(Unicode.Scalar(0x2400 + v) ?? "\u{FFFD}")
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    private static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v)
    }

    private static func isWide(_ v: UInt32) -> Bool {
        v >= 0x1100 && wideRanges.contains { $0.contains(v) }
    }

    /// The text cut to at most `width` columns, ending in `…` when something was cut.
    package static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// The text cut or padded with spaces to exactly `width` columns; `alignRight` pads on the left.
    package static func fit(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? padding + cut : cut + padding
    }

    /// Word-wraps text into lines of at most `width` columns; a word longer than a line (a path, a hash) is
    /// split across lines, never cut, so a reason can always be read in full.
    package static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrapLine(String($0), to: width) }
    }

    private static func wrapLine(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if of(candidate) <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                var pieces = hardWrap(word, to: width)
                current = pieces.removeLast()
                lines += pieces
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Cuts text into lines of at most `width` columns anywhere (for paths, which have no spaces to break at).
    package static func hardWrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var current = ""
        for character in text {
            if of(current) + of(character) > width {
                lines.append(current)
                current = ""
            }
            current.append(character)
        }
        lines.append(current)
        return lines
    }
}

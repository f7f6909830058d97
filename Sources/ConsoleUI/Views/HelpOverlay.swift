/// The `?` overlay: every binding, grouped by where it applies, generated from the ``KeyTable``.
///
/// The section for where the user is comes first; the rest follow in table order.
package enum HelpOverlay {
    /// The overlay's lines for a context.
    package static func lines(for context: KeyContext, keys: KeyTable, width: Int = 200) -> [StyledText] {
        let contexts = [context] + KeyContext.allCases.filter { $0 != context && $0 != .help }
        var lines: [StyledText] = []
        let labelWidth = keys.bindings.map { TerminalWidth.of($0.label) }.max() ?? 8
        for section in contexts {
            let bindings = keys.bindings(in: section).filter(\.inHelp)
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(StyledText(section.title + (section == context ? " (here)" : ""), style: .title))
            let textWidth = max(10, width - labelWidth - 5)
            for binding in bindings {
                let wrapped = TerminalWidth.wrap(binding.help, to: textWidth)
                for (index, part) in wrapped.enumerated() {
                    let label = index == 0 ? binding.label : ""
                    lines.append(
                        StyledText("  ").appending(TerminalWidth.fit(label, to: labelWidth), CellStyle(.accent, bold: true))
                            .appending("  " + part))
                }
            }
        }
        return lines
    }

    /// The width the overlay's lines are wrapped to in a body.
    static func frameWidth(_ body: Rect) -> Int { min(body.width, 96) - 3 }

    /// Draws the overlay centred over the body.
    package static func draw(for context: KeyContext, keys: KeyTable, scroll: Int, into buffer: inout ScreenBuffer, in body: Rect)
    {
        buffer.fill(body)
        let rect = body.centered(width: min(body.width, 96), height: body.height)
        PaneFrame(
            title: "Help — Esc, q or ? closes", focused: true, lines: lines(for: context, keys: keys, width: frameWidth(body)),
            scroll: scroll
        )
        .draw(into: &buffer, in: rect)
    }
}

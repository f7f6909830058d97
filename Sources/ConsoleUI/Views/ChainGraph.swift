import MigrationEngine

/// The chain drawn as a graph of versions down the left edge: the store's version `●`, each step on the rail
/// to the next version (`║` a mapping, `│` inferred; a step that loses data in the danger style), the target
/// `◉`; the model's other versions `○`, dim, where they fall in the version order, so the chosen path stands
/// out among them. What is said about each step (its operations, or its live progress) hangs off its rail.
package enum ChainGraph {
    /// The graph's lines for a width; `versions` is the model's order (empty: the path alone), `node` adds to a
    /// version's line, and `edge` gives the lines drawn beside step `index`'s rail (`width - 3` columns wide).
    package static func lines(
        source: String, steps: [PlanStep], versions: [String], width: Int,
        node: (String) -> StyledText = { _ in StyledText() }, edge: (Int) -> [StyledText]
    ) -> [StyledText] {
        let path = [source] + steps.map(\.summary.to)
        let (before, between, after) = offPath(path: path, versions: versions)
        var lines = offPathLines(before, rail: nil)
        for (index, version) in path.enumerated() {
            let role: NodeRole = index == 0 ? .store : index == path.count - 1 ? .target : .passing
            var line = nodeLine(version, role: role)
            let extra = node(version)
            if !extra.spans.isEmpty { line = line.appending("  ") + extra }
            lines.append(line)
            guard index < steps.count else { break }
            let rail = Self.rail(for: steps[index])
            for line in edge(index) { lines.append(StyledText(rail.glyph + " ", style: rail.style) + line) }
            lines += offPathLines(between[index], rail: rail)
        }
        return lines + offPathLines(after, rail: nil)
    }

    /// A run of versions off the path: each on its line when there are at most ``longestRun``, else one line
    /// for the run, so that on a 90-version model the chain, not the history around it, fills the pane.
    static func offPathLines(_ versions: [String], rail: (glyph: String, style: CellStyle)?) -> [StyledText] {
        guard versions.count > longestRun, let first = versions.first, let last = versions.last else {
            return versions.map { offPathLine($0, rail: rail) }
        }
        let prefix = rail.map { StyledText($0.glyph + " ", style: $0.style) } ?? StyledText("  ")
        return [prefix.appending("○ \(first) … \(last)  \(versions.count) versions not on the path", .dim)]
    }

    /// The most versions off the path listed one by one.
    static let longestRun = 3

    /// The rail of a step: its glyph and style.
    package static func rail(for step: PlanStep) -> (glyph: String, style: CellStyle) {
        let glyph = step.summary.kind == .explicit ? "║" : "│"
        if step.isLossy { return (glyph, .danger) }
        return (glyph, step.summary.warnings.isEmpty ? CellStyle(.info, bold: true) : .warning)
    }

    /// What a step is, in words: `mapping` or `inferred`, with `⚠ LOSES DATA` or `⚠` for warnings.
    package static func kind(of step: PlanStep) -> StyledText {
        var text = StyledText(step.summary.kind.word, style: CellStyle(.info))
        if step.isLossy {
            text.append("  ⚠ LOSES DATA", .danger)
        } else if !step.summary.warnings.isEmpty {
            text.append("  ⚠", .warning)
        }
        return text
    }

    private enum NodeRole { case store, passing, target }

    private static func nodeLine(_ version: String, role: NodeRole) -> StyledText {
        switch role {
        case .store: StyledText("● ", style: .ok).appending(version, CellStyle(.ok, bold: true))
        case .passing: StyledText("● ", style: CellStyle(.normal, bold: true)).appending(version, CellStyle(.normal, bold: true))
        case .target: StyledText("◉ ", style: .title).appending(version, .title)
        }
    }

    private static func offPathLine(_ version: String, rail: (glyph: String, style: CellStyle)?) -> StyledText {
        let prefix = rail.map { StyledText($0.glyph + " ", style: $0.style) } ?? StyledText("  ")
        return prefix.appending("○ " + version + "  not on the path", .dim)
    }

    /// The model's versions not on the path: before it, between each step's ends, after it. Only a path that
    /// goes forward through the order has versions between its nodes; any other lists the rest after it.
    private static func offPath(path: [String], versions: [String]) -> ([String], [[String]], [String]) {
        var between = Array(repeating: [String](), count: max(0, path.count - 1))
        let others = versions.filter { !path.contains($0) }
        let positions = path.compactMap { versions.firstIndex(of: $0) }
        guard positions.count == path.count, zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 }),
            let first = positions.first, let last = positions.last
        else { return ([], between, others) }
        for (index, pair) in zip(positions, positions.dropFirst()).enumerated() {
            between[index] = Array(versions[(pair.0 + 1)..<pair.1])
        }
        return (Array(versions[..<first]), between, Array(versions[(last + 1)...]))
    }
}

extension StyledText {
    /// Two lines joined into one.
    static func + (left: StyledText, right: StyledText) -> StyledText {
        var joined = left
        for span in right.spans { joined.append(span.text, span.style) }
        return joined
    }
}

import MigrationEngine

/// The whole version graph as text or Graphviz DOT.
enum GraphRendering {
    static func text(_ graph: VersionGraph) -> String {
        var out = "versions (in order):\n"
        for version in graph.versions {
            var notes: [String] = []
            if graph.routing.broken.contains(version) { notes.append("broken") }
            if let via = graph.routing.overrides[version] { notes.append("routed to \(via)") }
            out += "  \(version)" + (notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))") + "\n"
        }
        out += "steps:\n"
        for edge in graph.edges {
            let lossy = edge.isLossy ? "  LOSES DATA" : ""
            let origin = edge.origin.mappingName.map { "  (\($0))" } ?? ""
            out += "  \(edge.from) \(edge.kind == .explicit ? "═mapping═▶" : "─inferred→") \(edge.to)\(origin)\(lossy)\n"
        }
        if !graph.uninferable.isEmpty {
            out += "cannot be inferred:\n"
            for (pair, reasons) in graph.uninferable { out += "  \(pair): \(reasons.joined(separator: "; "))\n" }
        }
        if !graph.unusableMappings.isEmpty {
            out += "unusable mappings:\n"
            for unusable in graph.unusableMappings { out += "  \(unusable.name) (\(unusable.pair)): \(unusable.line)\n" }
        }
        return out
    }

    static func dot(_ graph: VersionGraph, chain: MigrationPlan?) -> String {
        let chosen = Set((chain?.steps ?? []).map { "\($0.from)\u{0}\($0.to)\u{0}\($0.origin.description)" })
        var out = "digraph versions {\n  rankdir=LR;\n"
        for version in graph.versions {
            let style = graph.routing.broken.contains(version) ? " style=dashed color=red" : ""
            out += "  \(quote(version)) [shape=box\(style)];\n"
        }
        for edge in graph.edges {
            var attributes = [edge.kind == .explicit ? "style=bold" : "style=dashed", "label=\(quote(edge.origin.description))"]
            if edge.isLossy { attributes.append("color=red") }
            if chosen.contains("\(edge.from)\u{0}\(edge.to)\u{0}\(edge.origin.description)") { attributes.append("penwidth=3") }
            out += "  \(quote(edge.from)) -> \(quote(edge.to)) [\(attributes.joined(separator: " "))];\n"
        }
        return out + "}\n"
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

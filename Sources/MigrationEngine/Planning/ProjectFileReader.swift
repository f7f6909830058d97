import Foundation
import Yams

/// Turns a composed project-file document into settings, reporting problems at their line and column.
struct ProjectFileReader {
    let path: String

    func settings(from root: Node) throws(PlanningError) -> PlanningSettings {
        guard let mapping = root.mapping else { throw problem(root, "expected a mapping of settings") }
        var settings = PlanningSettings()
        for (keyNode, value) in mapping {
            switch keyNode.string ?? "" {
            case "order": settings.order = try order(value)
            case "downgrades": settings.allowsDowngrades = try bool(value)
            case "mappings": settings.mappingDirectories = try strings(value).map(resolve)
            case "routes": settings.routing.overrides = try routes(value)
            case "broken": settings.routing.broken = Set(try strings(value))
            case let other:
                throw problem(keyNode, "unknown setting \"\(other)\" (known: order, downgrades, mappings, routes, broken)")
            }
        }
        return settings
    }

    private func order(_ node: Node) throws(PlanningError) -> VersionOrderRule {
        if let word = node.scalar?.string {
            guard word == "natural" else { throw problem(node, "unknown order \"\(word)\" (natural, pattern, list, pairs)") }
            return .natural
        }
        guard let mapping = node.mapping, mapping.count == 1, let (key, value) = mapping.first else {
            throw problem(node, "order must be `natural` or a mapping with one of pattern, list, pairs")
        }
        switch key.string ?? "" {
        case "natural": return .natural
        case "pattern": return .pattern(try string(value))
        case "list": return .list(try strings(value))
        case "pairs": return .pairs(try pairs(value))
        case let other: throw problem(key, "unknown order \"\(other)\" (natural, pattern, list, pairs)")
        }
    }

    private func pairs(_ node: Node) throws(PlanningError) -> [VersionPair] {
        guard let sequence = node.sequence else { throw problem(node, "expected a list of pairs") }
        var result: [VersionPair] = []
        for item in sequence {
            if let text = item.scalar?.string {
                let parts = text.components(separatedBy: "->").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw problem(item, "a pair is written \"A -> B\" or [A, B]")
                }
                result.append(VersionPair(from: parts[0], to: parts[1]))
            } else {
                let names = try strings(item)
                guard names.count == 2 else { throw problem(item, "a pair has exactly two versions") }
                result.append(VersionPair(from: names[0], to: names[1]))
            }
        }
        return result
    }

    private func routes(_ node: Node) throws(PlanningError) -> [String: String] {
        guard let mapping = node.mapping else { throw problem(node, "routes must map a version to the version to go to") }
        var result: [String: String] = [:]
        for (key, value) in mapping { result[try string(key)] = try string(value) }
        return result
    }

    private func strings(_ node: Node) throws(PlanningError) -> [String] {
        if node.scalar != nil { return [try string(node)] }
        guard let sequence = node.sequence else { throw problem(node, "expected a list of names") }
        var result: [String] = []
        for item in sequence { result.append(try string(item)) }
        return result
    }

    private func string(_ node: Node) throws(PlanningError) -> String {
        guard let scalar = node.scalar else { throw problem(node, "expected a name") }
        return scalar.string
    }

    private func bool(_ node: Node) throws(PlanningError) -> Bool {
        guard let value = node.bool else { throw problem(node, "expected true or false") }
        return value
    }

    private func resolve(_ directory: String) -> String {
        if directory.hasPrefix("/") { return directory }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(directory)
            .standardizedFileURL.path
    }

    private func problem(_ node: Node, _ message: String) -> PlanningError {
        let place = node.mark.map { ":\($0.line):\($0.column)" } ?? ""
        return PlanningError(.invalidProjectFile, message: "\(path)\(place): \(message)")
    }
}

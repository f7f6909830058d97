import Foundation
import Yams

/// `cdmigrate.yaml` (or `.yml`, or `cdmigrate.json`) next to the model: the version order, downgrades,
/// routing overrides, broken versions and mapping directories of a project.
///
/// ```yaml
/// order: natural                 # or {pattern: '(\d+)$'}, {list: [A, B]}, {pairs: [[A, B], "B -> C"]}
/// downgrades: false
/// mappings: [Mappings]           # relative to this file
/// routes: {"Model 2": "Model 4"} # from Model 2 go straight to Model 4
/// broken: ["Model 3"]
/// ```
package enum ProjectFile {
    /// The names looked for beside the model, in this order.
    package static let fileNames = ["cdmigrate.yaml", "cdmigrate.yml", "cdmigrate.json"]

    /// The project file beside the model at `modelPath`, if there is one.
    package static func locate(besideModel modelPath: String) -> String? {
        let folder = URL(fileURLWithPath: modelPath).standardizedFileURL.deletingLastPathComponent()
        return fileNames.map { folder.appendingPathComponent($0).path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Reads the settings in the file at `path`; mapping directories come back resolved against its folder.
    package static func load(path: String) throws(PlanningError) -> PlanningSettings {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw PlanningError(.invalidProjectFile, message: "\(path): cannot read the project file")
        }
        return try parse(text, path: path)
    }

    /// Parses project-file text (YAML or JSON); `path` names the file in errors and anchors relative paths.
    package static func parse(_ text: String, path: String) throws(PlanningError) -> PlanningSettings {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, path: path)
        } catch {
            throw PlanningError(.invalidProjectFile, message: "\(path): \(error)")
        }
        guard let root else { return PlanningSettings() }
        let reader = ProjectFileReader(path: path)
        return try reader.settings(from: root)
    }

    private static func syntaxError(_ error: YamlError, path: String) -> PlanningError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return PlanningError(.invalidProjectFile, message: "\(path):\(mark.line):\(mark.column): \(problem)")
        default:
            return PlanningError(.invalidProjectFile, message: "\(path): \(error)")
        }
    }
}

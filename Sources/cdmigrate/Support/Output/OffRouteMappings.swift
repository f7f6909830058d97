import Foundation
import MigrationEngine

/// The mappings a plan cannot use but does not need either: their source version is none the chain leaves
/// from. Each one's full reason (what its custom policy did, how to replace it) is for `plan --graph`; a plan
/// says them once per mapping folder, in a line.
enum OffRouteMappings {
    /// How many names a line lists before it says how many more there are.
    static let namesShown = 3

    /// One warning line per folder holding unusable mappings off the chain (a mapping found in no folder is
    /// listed under the first); unusable mappings on the chain are not among them.
    static func lines(_ planning: StorePlanning, folders: [String]) -> [String] {
        let off = planning.graph.unusableMappings.filter { !isOnRoute($0.pair, planning) }.map(\.name)
        var byFolder: [(folder: String, names: [String])] = []
        for name in off.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let folder =
                folders.first {
                    FileManager.default.fileExists(atPath: URL(fileURLWithPath: $0).appendingPathComponent(name).path)
                }
                ?? folders.first ?? "the mapping folders"
            if let index = byFolder.firstIndex(where: { $0.folder == folder }) {
                byFolder[index].names.append(name)
            } else {
                byFolder.append((folder, [name]))
            }
        }
        return byFolder.map { folder, names in
            let shown = names.prefix(namesShown).joined(separator: ", ")
            let more = names.count > namesShown ? " and \(names.count - namesShown) more" : ""
            let count = names.count == 1 ? "1 mapping" : "\(names.count) mappings"
            return "\(count) in \(folder) cannot be used, none on this chain (\(shown)\(more));"
                + " cdmigrate plan --graph says why"
        }
    }

    /// Whether an unusable mapping is on the chain (its source is a version the chain leaves from): the
    /// plan shows its full reason.
    static func isOnRoute(_ pair: VersionPair, _ planning: StorePlanning) -> Bool {
        planning.plan.from == pair.from || planning.plan.steps.contains { $0.from == pair.from }
    }
}

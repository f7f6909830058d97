import Foundation
import MigrationEngine

/// What `cdmigrate diff` prints, as text or JSON.
struct DiffReport: Encodable {
    let from: String
    let to: String
    let inferable: Bool
    /// Whether the step drops data: values counted in the store, or (without a store) anything dropped.
    let lossy: Bool
    let countedInStore: String?
    let operations: [String]
    let drops: [DataLoss]
    let notInferable: [NotInferable]
    /// What the store's objects must satisfy for the step to run, with counts when a store was given.
    let conditions: [StoreCondition]
    let suggestedRenames: [RenameSuggestion]
    let warnings: [String]
    let mapping: InferredMapping

    init(mapping: InferredMapping, drops: [DataLoss], conditions: [StoreCondition], countedInStore: String?) {
        from = mapping.sourceVersion
        to = mapping.destinationVersion
        inferable = mapping.isInferable
        lossy = drops.contains { ($0.count ?? 1) > 0 }
        self.countedInStore = countedInStore
        operations = mapping.operations
        self.drops = drops
        notInferable = mapping.notInferable
        self.conditions = conditions
        suggestedRenames = mapping.suggestedRenames
        warnings = mapping.warnings
        self.mapping = mapping
    }

    func json() throws -> String {
        try JSONOutput.encode(self)
    }

    func text() -> String {
        let headline =
            !inferable
            ? "NOT inferable: needs an explicit mapping"
            : conditions.contains { ($0.count ?? 0) > 0 }
                ? "inferable (lightweight), but not for this store: its objects break a condition below"
                : "inferable (lightweight)"
        var lines = ["\(from) → \(to): " + headline]
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("")
            lines.append(title)
            lines += items.map { "  " + $0 }
        }
        section("Operations:", operations.isEmpty ? ["(none: the versions store the same data)"] : operations)
        let lossTitle = countedInStore.map { "Data loss (counted in \($0)):" } ?? "Data loss (no store given; may lose data):"
        section(
            lossTitle,
            drops.map { loss in
                loss.description + (loss.count == nil ? "  (if the store holds any)" : loss.count! > 0 ? "  LOSSY" : "")
            })
        section("Not inferable:", notInferable.map(\.description))
        section("Checked against the store when the step runs (as Core Data does):", conditions.map(\.description))
        section("Suggested renames:", suggestedRenames.map(\.description))
        section("Warnings:", warnings)
        if lossy { lines += ["", countedInStore == nil ? "This step drops data." : "This step is lossy for this store."] }
        return lines.joined(separator: "\n")
    }
}

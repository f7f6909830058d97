import MigrationEngine

/// What a planned chain deletes from one store, as the migrate command states it before asking.
enum DataLossText {
    /// `Journal 2 → Journal 3 drops Entry.body (40 values)`, one clause per losing step.
    static func summary(_ planning: StorePlanning) -> String {
        (planning.dataLoss ?? []).filter(\.losesData).map { step in
            guard !step.losses.isEmpty else { return "\(step.from) → \(step.to) drops data that could not be counted" }
            let drops = step.losses.map { $0.count == nil ? "\($0.description) (not counted)" : $0.description }
            return "\(step.from) → \(step.to) " + drops.joined(separator: ", ").replacingOccurrences(of: ", drops ", with: ", ")
        }.joined(separator: "; ")
    }

    /// The `dataLoss` line of `migrate --json`: every lossy step's drops with their counts in this store.
    static func jsonLine(_ planning: StorePlanning) throws -> String {
        try JSONOutput.line(Event(planning)) + "\n"
    }

    private struct Event: Encodable {
        struct Step: Encodable {
            var from: String
            var to: String
            var losesData: Bool
            var drops: [DataLoss]
        }

        var event = "dataLoss"
        var store: String
        var losesData: Bool
        var steps: [Step]

        init(_ planning: StorePlanning) {
            let steps = planning.dataLoss ?? []
            store = planning.storePath
            losesData = steps.contains(where: \.losesData)
            self.steps = steps.map { Step(from: $0.from, to: $0.to, losesData: $0.losesData, drops: $0.drops) }
        }
    }
}

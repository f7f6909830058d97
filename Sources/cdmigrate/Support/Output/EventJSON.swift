import Foundation
import MigrationEngine

/// A migration event as one line of JSON: `{"event":"stepStarted","index":0,…}`.
enum EventJSON {
    static func line(_ event: MigrationEvent) -> String {
        var object: [String: Any]
        switch event {
        case .planReady(let steps):
            object = ["event": "planReady", "steps": steps.map(summary)]
        case .stepStarted(let index, let step):
            object = ["event": "stepStarted", "index": index, "step": summary(step)]
        case .entityProgress(let index, let entity, let done, let total):
            object = ["event": "entityProgress", "index": index, "entity": entity, "done": done, "total": total]
        case .stepValidated(let index, let seconds):
            object = ["event": "stepValidated", "index": index, "seconds": seconds]
        case .log(let message):
            object = ["event": "log", "message": message]
        case .recovered(let store, let outcome):
            object = ["event": "recovered", "store": store, "outcome": outcome.rawValue]
        case .committed(let backup, let dryRun):
            object = ["event": "committed", "dryRun": dryRun, "backup": backup ?? NSNull()]
        case .failed(let reason):
            object = ["event": "failed", "reason": reason]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func summary(_ step: StepSummary) -> [String: Any] {
        ["from": step.from, "to": step.to, "kind": step.kind.rawValue, "operations": step.operations, "warnings": step.warnings]
    }
}

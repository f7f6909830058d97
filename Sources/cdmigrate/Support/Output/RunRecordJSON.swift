import Foundation
import MigrationEngine

/// One line of `history --json`: the run's record (its dates in ISO 8601, to the second as every date the
/// command line writes) and `seconds`, how long the run took to the millisecond, as the log keeps it (the
/// dates alone made a 0.22 s run last 0 s).
struct RunRecordJSON: Encodable {
    let record: RunRecord

    private enum Key: String, CodingKey { case seconds }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        let seconds = record.finished.timeIntervalSince(record.started)
        try container.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
    }
}

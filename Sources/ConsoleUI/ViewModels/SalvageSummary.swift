import Foundation
import MigrationEngine

/// What a salvage kept, as the console shows it: one line for the title bar, and per entity what was found,
/// recovered and lost for the report.
package struct SalvageSummary: Sendable, Hashable {
    /// One entity's figures.
    package struct Entity: Sendable, Hashable {
        /// The entity.
        package var name: String
        /// Objects the damaged store counted (an intact index), or nil when nothing counted them.
        package var found: Int?
        /// Objects written to the new store.
        package var recovered: Int
        /// Objects known to be lost, or nil when they could not be counted.
        package var lost: Int?
        /// Keys handed out that no object read carries: at most this many more may have been lost.
        package var mayHaveBeenLost: Int64?
    }

    /// The damaged store, which was only read.
    package var store: String
    /// The new store.
    package var output: String
    /// Per entity, in the engine's order.
    package var entities: [Entity]
    /// What else was lost or changed (a rebuilt header, a `-wal` read in part).
    package var notes: [String]
    /// One line on what was kept.
    package var line: String

    /// A summary of these figures.
    package init(store: String, output: String, entities: [Entity], notes: [String] = [], line: String) {
        self.store = store
        self.output = output
        self.entities = entities
        self.notes = notes
        self.line = line
    }

    /// The summary of the engine's report.
    package init(_ report: SalvageReport) {
        store = report.store
        output = report.output
        entities = report.entities.map {
            Entity(
                name: $0.entity, found: $0.found, recovered: $0.recovered, lost: $0.lost, mayHaveBeenLost: $0.mayHaveBeenLost)
        }
        notes = report.notes
        var lost = report.lost.map { ", \(NumberText.grouped($0)) known lost" } ?? ""
        if let more = report.mayHaveBeenLost, more > 0 {
            lost += ", up to \(NumberText.grouped(Int(more))) more may have been lost"
        }
        let cleared = report.danglingReferences.map(\.cleared).reduce(0, +)
        let references = cleared > 0 ? ", \(NumberText.grouped(cleared)) references to lost objects cleared" : ""
        let name = URL(fileURLWithPath: report.output).lastPathComponent
        line = "Salvaged into \(name): \(NumberText.grouped(report.recovered)) objects recovered\(lost)\(references)"
    }
}

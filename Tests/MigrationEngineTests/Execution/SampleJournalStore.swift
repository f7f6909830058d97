import Foundation
import GRDB
import JournalSample
import TestSupport

@testable import MigrationEngine

/// Small hand-made stores of the sample app (Examples/Journal.xcdatamodeld), made with the store writer.
enum SampleJournalStore {
    static let bundle: ModelBundle = try! ModelLoader.load(
        path: SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path)

    static func version(_ number: Int) -> ObjectModel { bundle.version(named: "Journal \(number)")! }

    static func mapping(_ file: String) throws -> MappingModel {
        try MappingFileReader.read(path: SampleApp.examplesFolder.appendingPathComponent("Mappings/\(file)").path)
    }

    /// A Journal 3 store with these `(author, mood, text)` entries, keys 1…n.
    static func journal3(_ entries: [(String?, Int, String)]) throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try StoreWriter(model: version(3)).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (index, entry) in entries.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO ZENTRY (Z_PK, Z_ENT, Z_OPT, ZFAVORITE, ZMOOD, ZCREATED, ZAUTHOR, ZTEXT, ZTITLE)
                        VALUES (?, 1, 1, 0, ?, 700000000, ?, ?, ?)
                        """,
                    arguments: [index + 1, entry.1, entry.0, entry.2, "Entry \(index + 1)"])
            }
            try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'Entry'", arguments: [entries.count])
        }
        try queue.close()
        return path
    }

    /// Runs `step` from `source` into a new file and returns its path.
    static func run(_ step: MappedStep, source: String, cancellation: CancellationFlag = CancellationFlag()) throws -> String {
        let destination = try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path
        try step.perform(
            StepContext(
                sourcePath: source, destinationPath: destination, index: 0, report: { _ in }, cancellation: cancellation))
        return destination
    }
}

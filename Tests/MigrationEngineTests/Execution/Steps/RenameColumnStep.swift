import Foundation
import GRDB
import MigrationEngine

/// A real step for the rename-chain stores, written the way an app's own Swift migration policy would be:
/// copy the source, rename the one column, and stamp the destination's metadata with the new version's
/// hashes. `failAfterWriting` makes it fail on purpose after it has written part of its destination.
struct RenameColumnStep: MigrationStep {
    struct PurposefulFailure: Error, CustomStringConvertible {
        var description: String { "failing on purpose after writing part of the destination" }
    }

    let sourceModel: ObjectModel
    let destinationModel: ObjectModel
    var failAfterWriting = false

    var summary: StepSummary {
        StepSummary(from: sourceModel.name, to: destinationModel.name, kind: .explicit, operations: ["rename column"])
    }

    func perform(_ context: StepContext) throws {
        let oldColumn = "Z" + sourceModel.entities[0].attributes[0].name.uppercased()
        let newColumn = "Z" + destinationModel.entities[0].attributes[0].name.uppercased()
        let source = try DatabaseQueue(path: context.sourcePath)
        try source.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [context.destinationPath])
        }
        try source.close()
        if failAfterWriting { throw PurposefulFailure() }
        let destination = try DatabaseQueue(path: context.destinationPath)
        defer { try? destination.close() }
        let total = try destination.read { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZBASICENTITY""#) ?? 0 }
        context.report(.entityProgress(index: context.index, entity: "BasicEntity", done: 0, total: total))
        try context.checkCancelled()
        try destination.write { db in
            try db.execute(sql: #"ALTER TABLE "ZBASICENTITY" RENAME COLUMN "\#(oldColumn)" TO "\#(newColumn)""#)
            let data = try Data.fetchOne(db, sql: #"SELECT "Z_PLIST" FROM "Z_METADATA""#) ?? Data()
            var plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] ?? [:]
            let hasher = VersionHasher(model: destinationModel)
            plist["NSStoreModelVersionHashes"] = hasher.entityHashes
            plist["NSStoreModelVersionHashesDigest"] = hasher.digest
            plist["NSStoreModelVersionChecksumKey"] = hasher.checksum
            let encoded = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            try db.execute(sql: #"UPDATE "Z_METADATA" SET "Z_PLIST" = ?"#, arguments: [encoded])
            try db.execute(sql: #"DELETE FROM "Z_MODELCACHE""#)
        }
        context.report(.entityProgress(index: context.index, entity: "BasicEntity", done: total, total: total))
    }
}

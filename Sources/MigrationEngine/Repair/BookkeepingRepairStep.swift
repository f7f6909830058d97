import Foundation
import GRDB
import Synchronization

/// A step from a version to itself that rewrites a store's bookkeeping to the version its schema matches
/// (issue 32 item 6, like Flyway's repair or Alembic's stamp): the metadata's version hashes, identifiers,
/// digest and checksum as Core Data writes them for that version, the model cache, and each table's
/// `Z_MAX` raised to its largest `Z_PK`. Rows are copied page for page and not touched. Run by the chain
/// executor, so a store repaired in place gets the usual snapshot, validation, backup, journal and swap.
struct BookkeepingRepairStep: MigrationStep {
    /// The version the store's schema matches.
    let model: ObjectModel
    /// The changes the step made, read once it has run.
    let changes = Changes()

    final class Changes: Sendable {
        let report = Mutex(RepairReport())
    }

    var summary: StepSummary {
        StepSummary(from: model.name, to: model.name, kind: .inferred, operations: ["rewrite the bookkeeping for \(model.name)"])
    }
    var sourceModel: ObjectModel { model }
    var destinationModel: ObjectModel { model }
    /// Pages are copied as they are, and the source's `Z_MAX` may be what the step repairs: a count would
    /// refuse a key above it.
    var counting: StepCounting { .none }
    /// The recorded hashes and low `Z_MAX` values are what the step repairs.
    var bookkeeping: StepBookkeeping {
        .rewritten { [changes] in changes.report.withLock { $0 } }
    }

    func perform(_ context: StepContext) throws {
        let source = try HardenedConnection.open(context.sourcePath, readonly: true)
        defer { try? source.close() }
        let destination = try HardenedConnection.open(context.destinationPath)
        defer { try? destination.close() }
        try source.backup(to: destination)
        try context.checkCancelled()
        let report = try destination.write { db in try rewrite(db, path: context.destinationPath) }
        changes.report.withLock { $0 = report }
    }

    /// Rewrites the bookkeeping of the store open on `db` (at `path`, named in errors); the caller's
    /// transaction decides whether the changes stay.
    /// - Returns: Every change made.
    func rewrite(_ db: Database, path: String) throws -> RepairReport {
        var report = RepairReport()
        try rewriteMetadata(db, path: path, &report)
        try rewriteModelCache(db, path: path, &report)
        for change in try BrokenObjects.reading(db, model: model).raiseMaxKeys(db) { report.add(change) }
        return report
    }

    /// `Z_METADATA`'s plist rebuilt for ``model`` from the store's own (its other keys, UUID, framework
    /// version and digest/checksum keys kept), each key that changes listed.
    private func rewriteMetadata(_ db: Database, path: String, _ report: inout RepairReport) throws {
        let old = try StoreMetadata.read(db, path: path)
        let plist = try MetadataPlistBuilder(model: model, options: StoreCreationOptions(sourceMetadata: old)).build(path: path)
        try db.execute(sql: #"UPDATE "Z_METADATA" SET "Z_PLIST" = ?"#, arguments: [plist])
        var new = try StoreMetadata.read(db, path: path)
        if let uuid = old.plist["NSStoreUUID"], new.plist["NSStoreUUID"] == nil {
            // The builder leaves the UUID to the Z_UUID column; a store that also keeps it in its plist keeps it.
            new.plist["NSStoreUUID"] = uuid
            let kept = BinaryPropertyListWriter.write(.dictionary(new.plist))
            try db.execute(sql: #"UPDATE "Z_METADATA" SET "Z_PLIST" = ?"#, arguments: [kept])
        }
        for key in Set(old.plist.keys).union(new.plist.keys).sorted() where old.plist[key] != new.plist[key] {
            if key == StoreMetadata.Key.versionHashes {
                for entity in Set(old.versionHashes.keys).union(new.versionHashes.keys).sorted()
                where old.versionHashes[entity] != new.versionHashes[entity] {
                    report.add(
                        change(
                            "\(key).\(entity)", old.versionHashes[entity]?.base64EncodedString(),
                            new.versionHashes[entity]?.base64EncodedString()))
                }
            } else {
                report.add(change(key, old.plist[key].map(Self.text), new.plist[key].map(Self.text)))
            }
        }
    }

    /// `Z_MODELCACHE` holding ``model`` when the store caches another model, or one it cannot decode.
    private func rewriteModelCache(_ db: Database, path: String, _ report: inout RepairReport) throws {
        guard try db.tableExists("Z_MODELCACHE"),
            let data = try Data.fetchOne(db, sql: #"SELECT "Z_CONTENT" FROM "Z_MODELCACHE""#)
        else { return }
        let cached: ObjectModel?
        do {
            cached = try ModelCacheDecoder.decode(data, path: path)
        } catch {
            cached = nil
        }
        if let cached, model.matchesVersionHashes(VersionHasher(model: cached).entityHashes) { return }
        try db.execute(sql: #"UPDATE "Z_MODELCACHE" SET "Z_CONTENT" = ?"#, arguments: [try ModelCacheEncoder.encode(model)])
        report.add(change("Z_MODELCACHE", cached == nil ? "a model that cannot be read" : "another model", model.name))
    }

    private func change(_ property: String, _ old: String?, _ new: String?) -> ObjectRepair {
        ObjectRepair(
            entity: "Z_METADATA", primaryKey: 1, property: property, rule: "the bookkeeping of \(model.name)",
            action: .rewritten, old: old, new: new)
    }

    /// A metadata value in one short line.
    private static func text(_ value: PropertyListValue) -> String {
        let full = String(describing: value)
        return full.count > 120 ? String(full.prefix(117)) + "…" : full
    }
}

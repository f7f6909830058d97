import Foundation
import GRDB

extension MigrationProject {
    /// Writes a new, valid store at `output` holding every object that can still be read from the damaged
    /// store at `store`, which is only read (through a private snapshot, its `-wal` applied as far as
    /// SQLite can; a `-wal` that does not give this store over what is left of the database is left out,
    /// the database read alone and ``SalvageReport/leftOutLog`` saying why).
    ///
    /// The version is `version` when given, else the one the store's metadata, its model cache or its
    /// table layout identifies among the project's versions; without a model, the store's cached model.
    /// References to lost objects are cleared and counted. The new store is written beside `output` under
    /// a temporary name and must pass ``verify(store:version:report:)``'s checks before it gets its name.
    ///
    /// - Parameters:
    ///   - store: The damaged store's `.sqlite` file; only read.
    ///   - output: The new store's path; it must not exist.
    ///   - version: The model version to read the store as; nil to identify it.
    ///   - brokenObjects: What becomes of objects that break the model where the damage does not explain it
    ///     (a required value empty, a key naming an object that was never lost, an entity number of no entity,
    ///     a `Z_MAX` below keys read whole): refused (the error names the first; nothing is written), or
    ///     repaired as a migration repairs them and listed in ``SalvageReport/repairs``, those that cannot be
    ///     set aside in a side store beside `output`. References to objects the damage took are cleared
    ///     either way (``SalvageReport/danglingReferences``).
    ///   - progress: Called with a table name and the rows copied from it so far.
    /// - Returns: The version chosen and why, what was copied and lost per entity and table, and the references
    ///   cleared.
    /// - Throws: ``SalvageError`` for an existing output, an unknown version or a model that cannot be told;
    ///   ``StoreError`` for a missing store, a file that is not SQLite or not Core Data, or a schema SQLite
    ///   cannot read at all.
    public func salvage(
        store: String, to output: String, version: String? = nil, brokenObjects: BrokenObjectPolicy = .refuse,
        progress: (String, Int) -> Void = { _, _ in }
    ) throws -> SalvageReport {
        do {
            return try salvageReading(
                store: store, to: output, version: version, brokenObjects: brokenObjects, progress: progress)
        } catch var error as StoreError where error.remedy == .salvage {
            // Reading the store failed in salvage itself, which has nothing further to offer.
            error.remedy = nil
            throw error
        }
    }

    /// ``salvage(store:to:version:brokenObjects:progress:)``, whose errors may still point to salvage.
    private func salvageReading(
        store: String, to output: String, version: String?, brokenObjects: BrokenObjectPolicy,
        progress: (String, Int) -> Void
    ) throws -> SalvageReport {
        let destination = try SalvageOutput(output, store: store)
        let sideStore =
            brokenObjects == .repair ? try SetAsideStore(path: SetAsideStore.path(beside: output), store: store) : nil
        let snapshot = try StoreSnapshot.take(
            of: store, options: SnapshotOptions(acceptWALLoss: true, repairsHeader: true, readsDatabaseAloneWhenLogRefused: true))
        defer { snapshot.remove() }
        let logReview = try SetAsideLogReview.review(snapshot)
        let journalMode = try JournalMode(path: snapshot.path)
        var queue = try Self.openForSalvage(snapshot, store: store)
        var rebuilt: LostSchemaRebuild?
        if let schema = queue.map({ $0.inDatabase(SalvageSource.schema) }) ?? .unreadable {
            // No table can be found by name: the rows are read off the pages and told apart by the model.
            try queue?.close()
            let path = snapshot.directory.appendingPathComponent("rebuilt.sqlite").path
            let rebuild = try rebuildFromPages(
                snapshot, schema: schema, readsLog: logReview.leftOut == nil, version: version, into: path, store: store)
            queue = try HardenedConnection.open(path, readonly: true, label: "rebuilt copy of \(store)")
            rebuilt = rebuild
        }
        guard let queue else { throw StoreError(.damaged, path: store, message: "the database schema is unreadable") }
        do {
            // No enclosing read transaction: after SQLite reports damage its COMMIT fails too, and every
            // statement reads the same private copy anyway.
            let report = try queue.inDatabase { db in
                let source = try SalvageSource.read(db, store: store)
                let choice =
                    try rebuilt?.choice
                    ?? SalvageModelChoice.choose(bundle: bundle, version: version, source: source, store: store)
                var salvage = StoreSalvage(store: store, source: source, choice: choice, journalMode: journalMode)
                salvage.notes = logReview.notes + snapshot.headerRepairs + (rebuilt?.notes ?? [])
                salvage.leftOutLog = logReview.leftOut
                salvage.sideStore = sideStore
                // With frames in its log, the copy's file may hold pages the log replaced.
                let readsLog = snapshot.writeAheadLog.appliedFrames > 0 && salvage.leftOutLog == nil
                let scan = rebuilt != nil ? nil : LoosePageScan(path: snapshot.path)
                salvage.loosePages = readsLog ? nil : scan
                // The rows written last may live only in the log's frames: they raise the ceiling too.
                salvage.ceiling = scan?.largestRowID(log: readsLog ? (snapshot.path + "-wal", snapshot.writeAheadLog) : nil)
                if readsLog, snapshot.writeAheadLog.losesCommittedData { salvage.notes.append(snapshot.writeAheadLog.summary) }
                salvage.rebuilt = rebuilt != nil
                salvage.cut = snapshot.headerRepairs.contains { $0.hasPrefix(SnapshotHeaderRepair.cutNote) }
                salvage.logLost = logReview.leftOut != nil || (readsLog && snapshot.writeAheadLog.losesCommittedData)
                return try salvage.write(from: db, to: destination, progress: progress)
            }
            try sideStore?.publish()
            do {
                try destination.publish()
            } catch {
                if sideStore?.isUsed == true { unlink(SetAsideStore.path(beside: output)) }
                throw error
            }
            return report
        } catch var error as ExecutionError {
            // The new store failed its own checks: the error is about the output, not its temporary name; an
            // object that breaks the model is the damaged store's.
            destination.discard()
            sideStore?.discard()
            if error.code != .brokenObject { error.path = output }
            throw error
        } catch let error as DatabaseError {
            destination.discard()
            sideStore?.discard()
            throw StoreError.reading(error, path: store)
        } catch {
            destination.discard()
            sideStore?.discard()
            throw error
        }
    }

    /// Rebuilds the store whose schema is lost from its pages at `path` (see ``LostSchemaRebuild``). When its log
    /// is read (`readsLog`, and SQLite would apply some of its frames), the pages are the file's with the log's
    /// laid over them, as SQLite reads them: the rows and changes committed only to the log are kept, and the
    /// older copies of the pages it replaced are not read.
    private func rebuildFromPages(
        _ snapshot: StoreSnapshot, schema: LostSchemaRebuild.Schema, readsLog: Bool, version: String?, into path: String,
        store: String
    ) throws -> LostSchemaRebuild {
        let log = snapshot.writeAheadLog
        let logged =
            readsLog && log.appliedFrames > 0 && log.foreignReason == nil
            ? try LoggedPages.write(
                database: snapshot.path, log: snapshot.path + "-wal", check: log,
                to: snapshot.directory.appendingPathComponent("logged.sqlite").path, store: store) : nil
        guard let scan = LoosePageScan(path: logged ?? snapshot.path) else {
            throw StoreError(.damaged, path: store, message: "the database schema is unreadable and so are its pages")
        }
        var rebuild = try LostSchemaRebuild.rebuild(
            scan: scan, schema: schema, bundle: bundle, history: versionsInOrder(), version: version, into: path,
            store: store)
        if logged != nil {
            rebuild.notes.insert(
                "the -wal's \(log.appliedFrames) frame(s) (\(log.appliedTransactions) committed transaction(s)) were laid over the file's pages before they were read, as SQLite reads them",
                at: min(1, rebuild.notes.count))
        }
        return rebuild
    }

    /// The bundle's versions, oldest first under the project's version order (the natural order of their
    /// names when the settings cannot order them).
    private func versionsInOrder() -> [ObjectModel] {
        guard let bundle else { return [] }
        do {
            let order = try settings.versionOrder(for: bundle.versions.map(\.name))
            return bundle.versions.sorted { order.precedes($0.name, $1.name) }
        } catch {
            return bundle.versions.sorted { NaturalOrder.precedes($0.name, $1.name) }
        }
    }

    /// Opens the copy; nil when opening failed on damage (opening reads the schema, and with its pages lost
    /// no table can be found).
    private static func openForSalvage(_ snapshot: StoreSnapshot, store: String) throws(StoreError) -> DatabaseQueue? {
        do {
            return try snapshot.openReadOnly()
        } catch {
            guard error.code == .damaged else { throw error }
            return nil
        }
    }
}

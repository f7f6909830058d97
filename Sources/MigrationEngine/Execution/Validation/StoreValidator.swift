import Foundation
import GRDB

/// Checks a store a step has just written against the model version it claims to be at, before anything
/// is allowed to replace the original: SQLite's `integrity_check`, the bookkeeping rows (one `Z_METADATA`
/// row whose version hashes are the model's, one `Z_PRIMARYKEY` row per entity with the right number,
/// parent and a `Z_MAX` no lower than any key handed out), the tables and columns ``SchemaBuilder`` derives,
/// every to-one key and join-table row pointing at an existing object of the right entity, required
/// attributes and to-ones filled, every row of an entity table belonging to an entity of that table, and
/// row counts equal to the ones expected (see `CountExpectation` for where a step fixes them).
///
/// A store holding one configuration's entities is checked against that configuration alone, and a
/// `Z_PRIMARYKEY` row may keep the old name of an entity Core Data renamed (`coredataplus-cars` V2).
package struct StoreValidator: Sendable {
    /// The model version the store must be at.
    package let model: ObjectModel

    /// A validator for one model version.
    package init(model: ObjectModel) {
        self.model = model
    }

    /// Checks the store at `path` against ``model``.
    ///
    /// - Parameters:
    ///   - path: The store's `.sqlite` file, one nothing writes while it is validated (a snapshot, a step's
    ///     result): read through ``PrivateStoreConnection``, or opened read-write so a WAL-mode store whose
    ///     `-wal` holds data needs no `-shm`, but not written.
    ///   - expectedCounts: rows each entity must hold (entities not named are not checked).
    ///   - checksIntegrity: whether SQLite's `integrity_check` runs (it reads every page); a chain
    ///     runs it on the store it will swap in, not on each intermediate one.
    /// - Returns: The rows each entity holds.
    /// - Throws: ``ExecutionError`` `.validationFailed` naming the first problem found, including a store that
    ///   cannot be opened or read.
    @discardableResult
    package func validate(_ path: String, expectedCounts: [String: Int] = [:], checksIntegrity: Bool = true)
        throws(ExecutionError) -> [String: Int]
    {
        try validateCounting(path, expectedCounts: expectedCounts, checksIntegrity: checksIntegrity).byEntity
    }

    /// ``validate(_:expectedCounts:checksIntegrity:)``, answering the rows found by entity and by table, so a
    /// chain can hand them to the next step that reads this store instead of counting them again.
    /// - Parameters:
    ///   - path: The store to validate.
    ///   - expectedCounts: Rows expected per entity; an entity left out is not compared.
    ///   - checksIntegrity: Whether SQLite's `integrity_check` runs beside the other checks.
    ///   - written: Rows per entity number of the tables the step's own statements are known to have
    ///     written whole (see ``WrittenRows``): taken as those tables' counts instead of reading their rows.
    /// - Returns: The rows found, by entity and by table.
    /// - Throws: ``ExecutionError`` (`validation`) naming the first check the store fails, the integrity
    ///   check's verdict first.
    func validateCounting(
        _ path: String, expectedCounts: [String: Int] = [:], checksIntegrity: Bool = true,
        written: [String: [Int: Int]] = [:]
    ) throws(ExecutionError) -> EntityRows.Counts {
        // The integrity check reads every page and the checks below read the entity tables: they run side by
        // side, on two connections and the machine's two cores. Its verdict is given first, since a damaged
        // file explains whatever else was found.
        let integrity = checksIntegrity ? ConcurrentWork { try Self.integrityProblems(path) } : nil
        let checked: Result<EntityRows.Counts, ExecutionError>
        do {
            checked = .success(try checkContents(path, expectedCounts: expectedCounts, written: written))
        } catch {
            checked = .failure(error)
        }
        if let integrity {
            let problems: [String]
            do {
                problems = try integrity.value()
            } catch {
                throw problem(path, "cannot read the store: \(error)")
            }
            guard problems == ["ok"] else {
                throw problem(path, Self.integrityMessage(Self.integrityLines(problems)))
            }
        }
        return try checked.get()
    }

    /// SQLite's `integrity_check` of the store at `path`, on a connection of its own: `["ok"]` or the problems.
    private static func integrityProblems(_ path: String) throws -> [String] {
        // Read-write so a WAL-mode temporary opens without a -shm; nothing is written.
        let queue = try openBesideAnother(path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
    }

    /// SQLite's `integrity_check` rows as its problems, one line each: a row may hold several lines, and the
    /// `*** in database main ***` heading names the schema checked, not a problem.
    static func integrityLines(_ rows: [String]) -> [String] {
        rows.flatMap { $0.split(whereSeparator: \.isNewline) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !($0.hasPrefix("*** in database ") && $0.hasSuffix(" ***")) }
    }

    /// The failure's words for the integrity check's problems `lines`: the first three, and how many more.
    static func integrityMessage(_ lines: [String]) -> String {
        let more = lines.count > 3 ? " (and \(lines.count - 3) more)" : ""
        return "integrity_check: \(lines.prefix(3).joined(separator: "; "))\(more)"
    }

    /// A connection that waits while the other one opening the same WAL-mode file rebuilds its `-shm` from
    /// the `-wal` (which locks the file for a moment) instead of failing as busy.
    private static func openBesideAnother(_ path: String) throws -> DatabaseQueue {
        // Only files no one writes meanwhile are validated (a step's result, a snapshot, a salvaged copy):
        // when the database file holds all their data, they are read as such (see PrivateStoreConnection).
        try PrivateStoreConnection.open(path) {
            var configuration = HardenedConnection.configuration(path: path)
            configuration.busyMode = .timeout(30)
            return try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// Every problem of the store at `path`, each check going on past what it found (what `verify` lists):
    /// the integrity check's verdict first, then the others in the order ``validate(_:expectedCounts:checksIntegrity:)``
    /// runs them; empty for a valid store.
    /// - Parameter path: The store's `.sqlite` file, one nothing writes while it is checked (a snapshot).
    /// - Returns: Each problem, once.
    func problems(_ path: String) -> [ValidationProblems.Found] {
        let integrity = ConcurrentWork { try Self.integrityProblems(path) }
        let collector = ValidationProblems()
        do {
            _ = try checkContents(path, expectedCounts: [:], written: [:], problems: collector)
        } catch {
            // What no check could go past (an unreadable table) ends the listing.
            collector.add(error)
        }
        var verdict: [ValidationProblems.Found] = []
        do {
            let problems = try integrity.value()
            if problems != ["ok"] {
                // One problem each, as SQLite found them (each a page or cell): verify lists them one a line.
                verdict += Self.integrityLines(problems).map { line in
                    .init(error: problem(path, Self.integrityMessage([line])), aboutObjects: false, isDamage: true)
                }
            }
        } catch {
            // A check that stops on a damaged page is as much a verdict of damage as one that lists it.
            let damaged = (error as? DatabaseError)?.resultCode == .SQLITE_CORRUPT
            verdict.append(.init(error: problem(path, "cannot read the store: \(error)"), aboutObjects: false, isDamage: damaged))
        }
        return verdict + collector.found
    }

    /// Everything but the integrity check: metadata, `Z_PRIMARYKEY`, schema, references and counts.
    private func checkContents(
        _ path: String, expectedCounts: [String: Int], written: [String: [Int: Int]], problems: ValidationProblems? = nil
    ) throws(ExecutionError) -> EntityRows.Counts {
        do {
            // Read-write so a WAL-mode temporary opens without a -shm; nothing is written, and closing the
            // last connection removes the sidecars again.
            let queue = try Self.openBesideAnother(path)
            defer { try? queue.close() }
            return try queue.read { db in
                try checkMetadata(db, path, problems: problems)
                // A store of one configuration holds that configuration's entities only, numbered among them.
                let scope = StoreValidator(model: model.scoped(toStoreEntries: try EntityRows.modelEntries(db)))
                guard let entries = try scope.checkPrimaryKeys(db, path, problems: problems) else {
                    // Without its entities' numbers no row can be given to an entity.
                    return EntityRows.Counts()
                }
                var scanned = try SchemaConformance(model: scope.model, path: path, problems: problems)
                    .check(db, written: Set(written.keys))
                for (table, rows) in written where try db.tableExists(table) {
                    // The highest key still comes from the file (the b-tree's last cell): EntityRows holds it to Z_MAX.
                    let maxKey = try EntityRows.highestKey(SQLIdentifier(table), db)
                    scanned[table] = rows.mapValues { (rows: $0, maxKey: maxKey) }
                }
                let counts: EntityRows.Counts
                do {
                    counts = try EntityRows(model: scope.model, entries: entries).counts(db, path: path, scanned: scanned)
                } catch let error as ExecutionError {
                    // A row of no entity of its table, or a key above Z_MAX: about objects.
                    try problems.report(error, aboutObjects: true)
                    return EntityRows.Counts()
                }
                for (entity, expected) in expectedCounts.sorted(by: { $0.key < $1.key })
                where (counts.byEntity[entity] ?? 0) != expected {
                    throw problem(path, "\(entity) has \(counts.byEntity[entity] ?? 0) rows, expected \(expected)")
                }
                return counts
            }
        } catch let error as ExecutionError {
            throw error
        } catch {
            throw problem(path, "cannot read the store: \(error)")
        }
    }

    private func checkMetadata(_ db: Database, _ path: String, problems: ValidationProblems?) throws {
        let rows = try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "Z_METADATA""#) ?? 0
        guard rows == 1 else {
            try problems.report(problem(path, "Z_METADATA has \(rows) rows, expected 1"))
            return
        }
        let metadata = try StoreMetadata.read(db, path: path)
        let expected = VersionHasher(model: model).entityHashes
        let actual = metadata.versionHashes
        guard model.matchesVersionHashes(actual) else {
            let wrong = Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }.sorted()
            try problems.report(
                problem(path, "metadata version hashes differ from \(model.name) for \(wrong.joined(separator: ", "))"))
            return
        }
        if let digest = metadata.hashesDigest, digest != VersionHasher.digest(of: actual) {
            try problems.report(problem(path, "metadata hashes digest does not match \(model.name)"))
        }
    }

    /// The store's `Z_PRIMARYKEY` entries when they name the model's entities with their parents; nil when a
    /// problem was collected instead of thrown.
    private func checkPrimaryKeys(_ db: Database, _ path: String, problems: ValidationProblems?) throws -> [PrimaryKeyEntry]? {
        let entries = PrimaryKeyEntry.resolvingRenames(try EntityRows.modelEntries(db), model: model)
        let names = entries.map(\.name)
        guard Set(names) == Set(model.entities.map(\.name)), names.count == model.entities.count else {
            try problems.report(
                problem(
                    path,
                    "Z_PRIMARYKEY lists \(names.sorted().joined(separator: ", ")), the model has \(model.entities.map(\.name).sorted().joined(separator: ", "))"
                ))
            return nil
        }
        var valid = true
        for entry in entries {
            let parent = model.entity(named: entry.name)?.parentName
            let recorded = entries.first { $0.number == entry.superNumber }?.name
            guard parent == recorded else {
                try problems.report(
                    problem(
                        path, "Z_PRIMARYKEY gives \(entry.name) the parent \(recorded ?? "none"), the model \(parent ?? "none")"))
                valid = false
                continue
            }
        }
        return valid ? entries : nil
    }

    private func problem(_ path: String, _ message: String) -> ExecutionError {
        ExecutionError(.validationFailed, path: path, message: problemPrefix + message)
    }

    /// What every problem's message starts with.
    private var problemPrefix: String { "not a valid \(model.name) store: " }
}

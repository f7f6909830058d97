import Foundation
import GRDB

/// A database laid out as the model's store, rebuilt in salvage's private folder from the table-leaf pages of a
/// store whose `sqlite_master` cannot be read: without it SQLite finds no table, but the rows still sit whole
/// on their pages. Salvage then reads the rebuilt database as it reads any store.
///
/// Every record on the pages (``LoosePageScan``) is given to a table by what the model says that table's rows
/// look like, never by a guess:
/// - the bookkeeping rows by their shape: `Z_METADATA`'s (NULL, UUID text, a plist dictionary),
///   `Z_PRIMARYKEY`'s (NULL, entity name, two integers), `Z_MODELCACHE`'s (one blob that decodes as a model);
/// - an entity table's row when its record has at most the table's column count (a row written before a
///   column was added by `ALTER TABLE` keeps fewer), NULL where `Z_PK` is (the
///   key lives in the row id), a `Z_ENT` of one of the table's entities (which names one table only) and in
///   every column a value SQLite can keep in a column of that type;
/// - a join table's row when its record is that many integers and no other join table has as many columns.
///
/// What fits nothing (rows of tables outside the model, of join tables alike in shape) is kept apart in a
/// `lost_and_found` table, as `.recover` keeps it, and said.
struct LostSchemaRebuild {
    /// The rebuilt database.
    let path: String
    /// The version chosen and why.
    let choice: SalvageModelChoice
    /// How rows were attributed and what was not, for the report.
    var notes: [String]

    /// What became of the store's schema (`sqlite_master`), as the report words it.
    enum Schema: Equatable {
        /// SQLite cannot read it (its pages lost or damaged): no table is found by name.
        case unreadable
        /// It reads, but lists only the first `tables` tables, `entityTables` of them Core Data's entity
        /// tables, and neither `Z_PRIMARYKEY` nor `Z_METADATA`: the pages holding the rest were lost.
        case cutShort(tables: Int, entityTables: Int)

        /// What became of it, in two words.
        var state: String {
            switch self {
            case .unreadable: "unreadable"
            case .cutShort: "cut short"
            }
        }

        /// How the report says it.
        var words: String {
            switch self {
            case .unreadable: "the database schema is unreadable"
            case .cutShort(let tables, let entityTables):
                "the database schema is cut short (it lists \(tables) tables, \(entityTables) of them entity tables, but neither Z_PRIMARYKEY nor Z_METADATA: the pages holding the rest were lost)"
            }
        }
    }

    /// Where the records of one version's tables go.
    private struct Placement {
        var rows: [String: [Record]] = [:]
        /// Per table, its columns in the order its records hold them.
        var orders: [String: [String]] = [:]
        var placed = 0
        /// Rows placed in entity tables: only those tell versions apart (a join row is placed by its width alone).
        var entityRows = 0
        /// What each entity row placed means under this version: its table, its entity and the columns its
        /// values go to.
        var meanings: [RecordKey: RowMeaning] = [:]
        var notes: [String] = []
    }

    /// The version the rows fit, and the rows left out because the versions they fit alike disagree on them.
    private struct Fit {
        let choice: SalvageModelChoice
        var excluded: Set<RecordKey> = []
        var notes: [String] = []
    }

    /// Reads `scan`'s pages, chooses the version (`version` from `bundle`, else the one the store's metadata or
    /// model cache found on its pages names, else the one its rows fit best; without `bundle`, the model cache
    /// found) and writes the rebuilt database at `path`, which must not exist. Errors name `store`.
    ///
    /// `history` is the bundle's versions in the project's order: a store migrated in place keeps the column
    /// order of the version it was created at, with each later version's new columns appended.
    static func rebuild(
        scan: LoosePageScan, schema lost: Schema, bundle: ModelBundle?, history: [ObjectModel], version: String?,
        into path: String, store: String
    ) throws -> LostSchemaRebuild {
        var records: [Record] = []
        let unreadable = scan.forEachRecord { page, id, values in
            records.append(Record(page: page, id: id, values: values))
        } partial: { page, id, values in
            // Its overflow chain broken: kept as a row only where every value missing may be (an optional attribute's).
            let missing = Set(values.indices.filter { values[$0] == nil })
            records.append(Record(page: page, id: id, values: values.map { $0 ?? .null }, missing: missing))
        }
        var notes: [String] = []
        let bookkeeping = Bookkeeping(records, store: store, notes: &notes)
        let declared = declaredColumns(records)
        let source = SalvageSource(
            metadata: bookkeeping.metadata, primaryKeys: bookkeeping.primaryKeys, cachedModel: bookkeeping.cachedModel,
            tableColumns: [:], notes: [])
        var fit: Fit
        do {
            fit = Fit(choice: try SalvageModelChoice.choose(bundle: bundle, version: version, source: source, store: store))
        } catch {
            guard let bundle, error.remedy == .giveStoreVersion else {
                guard bundle == nil else { throw error }
                throw SalvageError(
                    store: store,
                    message:
                        "\(lost.words) and no readable copy of the store's model cache was found on its pages, so no model tells its rows apart",
                    category: .invalidInput, remedy: .giveModel)
            }
            // The store's own word was found and names no version of the model: the store is at none of them (an
            // intact one is refused the same way), and its rows would be read into another version's columns.
            if bookkeeping.metadata != nil || bookkeeping.cachedModel != nil {
                let found = bookkeeping.metadata != nil ? "metadata" : "model cache"
                throw SalvageError(
                    store: store,
                    message:
                        "cannot tell the store's version: its schema is \(lost.state) and the \(found) found on its pages matches no version of \(bundle.path)",
                    category: .noRoute, remedy: .giveStoreVersion)
            }
            fit = try fittingVersion(
                bundle, history: history, records: records, scan: scan, bookkeeping: bookkeeping, declared: declared,
                lost: lost, store: store)
        }
        let choice = fit.choice
        let (schema, numbers) = layout(choice.model, bookkeeping: bookkeeping)
        let known = Set(schema.tableNames).union(bookkeepingTables)
        let foreign = ForeignTable.found(records, scan: scan, known: known)
        let foreignKeys = Set(foreign.flatMap { $0.rows.map(\.key) })
        let earlier = Array(history.prefix { $0.name != choice.model.name }) + [choice.model]
        let placement = place(
            records, schema: schema, model: choice.model, numbers: numbers, declared: declared, history: earlier,
            excluded: fit.excluded.union(foreignKeys), scan: scan)
        let placed = Set(placement.rows.values.joined().map(\.key)).union(bookkeeping.taken).union(foreignKeys)
            .union(fit.excluded)
        let leftOut = records.filter { !placed.contains($0.key) && !$0.isSchemaRow }
        let roots = leftOut.isEmpty ? [:] : scan.roots()
        let lostAndFound = LostAndFound(leftOut, roots: roots, taken: known.union(foreign.map(\.name)))
        try write(
            placement, bookkeeping: bookkeeping, schema: schema, model: choice.model, foreign: foreign,
            lostAndFound: lostAndFound, to: path)
        var attribution =
            "\(lost.words): rows were read page by page (\(scan.pageCount) pages) and given to the tables of \(choice.model.name) by their shape — an entity table's rows by their column count, NULL where Z_PK is, a Z_ENT of the table's entities and values of its columns' types; \(placement.placed) rows placed"
        if !lostAndFound.rows.isEmpty {
            // Schema rows are the schema, not data: they are neither counted here nor kept.
            attribution +=
                ", \(lostAndFound.rows.count) rows of no table of the model kept apart in \(lostAndFound.name) (a table outside the model is lost with its row of the schema)"
        }
        if !leftOut.isEmpty { notes.append(Self.leftOutNote(leftOut, roots: roots, lostAndFound: lostAndFound)) }
        if unreadable > 0 { attribution += ", \(unreadable) cells unreadable" }
        notes.insert(attribution, at: 0)
        if !foreign.isEmpty {
            let tables = foreign.map { "\($0.name) (\($0.rows.count) rows)" }.joined(separator: ", ")
            notes.append(
                "tables outside the model found by their row of the schema on a page, their rows by the pages under their root: \(tables); each rebuilt with its columns' names and types only (its constraints, indexes and triggers are not read from the text)"
            )
        }
        return LostSchemaRebuild(path: path, choice: choice, notes: notes + fit.notes + placement.notes)
    }

    /// The version whose tables the rows fill best, when the metadata and model cache found name none.
    ///
    /// Only the versions whose entities are those the store's `Z_PRIMARYKEY` rows name, when some were found
    /// (and some version has exactly them), and only rows placed in entity tables count: a join row is
    /// placed by its width alone, so a version with fewer join tables of one width would win by taking the
    /// rows of several. Versions the rows fit alike (their tables differ only where no row was found)
    /// cannot be told apart: the earliest in the project's order is used and a note names the others; a
    /// row those versions would put in different tables or columns is left out (never read into columns
    /// that may be the wrong ones) and counted in the note. Refused when no row fits any version. The rows of a
    /// table outside a version's model (found by its own row of the schema, as salvage then carries it: history,
    /// an app's table) count for no version: shaped like an entity table's rows, they would make a version
    /// with such an entity win.
    private static func fittingVersion(
        _ bundle: ModelBundle, history: [ObjectModel], records: [Record], scan: LoosePageScan, bookkeeping: Bookkeeping,
        declared: [String: [String]], lost: Schema, store: String
    ) throws(SalvageError) -> Fit {
        let ordered = history.count == bundle.versions.count ? history : bundle.versions
        var candidates = ordered
        if let entries = bookkeeping.primaryKeys {
            let named = ordered.filter { model in
                let (schema, _) = layout(model, bookkeeping: bookkeeping)
                let resolved = model.storeView(of: entries).entries
                return Set(schema.entities.map(\.name)) == Set(resolved.map(\.name))
            }
            if !named.isEmpty { candidates = named }
        }
        let fits = candidates.map { model in
            let (schema, numbers) = layout(model, bookkeeping: bookkeeping)
            let foreign = ForeignTable.found(records, scan: scan, known: Set(schema.tableNames).union(bookkeepingTables))
            let placement = place(
                records, schema: schema, model: model, numbers: numbers, declared: declared, history: [],
                excluded: Set(foreign.flatMap { $0.rows.map(\.key) }))
            return (model, placement)
        }
        let best = fits.map(\.1.entityRows).max() ?? 0
        let winners = fits.filter { $0.1.entityRows == best }
        guard best > 0, let model = winners.first?.0 else {
            let metadata = bookkeeping.metadata == nil ? "no metadata" : "metadata naming no version"
            let cache = bookkeeping.cachedModel == nil ? "no model cache" : "a model cache matching no version"
            throw SalvageError(
                store: store,
                message:
                    "cannot tell the store's version: its schema is \(lost.state), its pages hold \(metadata) and \(cache) of \(bundle.path), and its rows fit no version",
                category: .noRoute, remedy: .giveStoreVersion)
        }
        guard winners.count > 1 else { return Fit(choice: SalvageModelChoice(model: model, evidence: .rowLayout)) }
        // The tables' index entries on the pages may tell the versions apart: at the one the store is at, the
        // rows hold the values of its indexes' entries in the columns those index. Those most entries agree
        // with stay.
        let fitting = winners.map(\.0.name).joined(separator: ", ")
        let told = toldByIndexes(winners, scan: scan, bookkeeping: bookkeeping)
        let left = told.map { told in told.best.map { winners[$0] } } ?? winners
        let (chosen, placement) = left[0]
        var fit = Fit(choice: SalvageModelChoice(model: chosen, evidence: .rowLayout))
        let byIndexes = told.map {
            "the index entries found on the pages agree with \($0.agree) of the rows as \(left.map(\.0.name).joined(separator: ", ")) read them, at most \($0.next) as another does"
        }
        guard left.count > 1 else {
            fit.notes.append("the rows fit versions \(fitting) alike; \(byIndexes ?? ""): the new store is at \(chosen.name)")
            return fit
        }
        // A row means the same under every tied version, or its columns cannot be told: left out.
        let keys = left.reduce(into: Set<RecordKey>()) { $0.formUnion($1.1.meanings.keys) }
        fit.excluded = keys.filter { key in left.contains { $0.1.meanings[key] != placement.meanings[key] } }
        // Core Data migrates a store forward only: an app at any of these versions opens a store at the earliest
        // (migrating it), none earlier than the version a store is at opens it. The rows kept mean the same at
        // each (those that do not are left out), so the earliest loses nothing and keeps the store usable.
        var note =
            "the rows fit versions \(fitting) alike (\(byIndexes.map { $0 + "; " } ?? "")nothing found on the pages tells \(left.map(\.0.name).joined(separator: ", ")) apart): the new store is at \(chosen.name), the earliest, which an app at any of them opens (Core Data migrates a store forward, never back); pass the version to read the store as another"
        if !fit.excluded.isEmpty {
            var tables: [String: Int] = [:]
            for key in fit.excluded {
                let table = left.lazy.compactMap { $0.1.meanings[key]?.table }.first ?? ""
                tables[table, default: 0] += 1
            }
            let counts = tables.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            note +=
                "; \(fit.excluded.count) rows those versions would put in different tables or columns were left out (\(counts))"
        }
        fit.notes.append(note)
        return fit
    }

    /// Those of `winners` (versions with the rows each places) whose tables' index entries found on `scan`'s
    /// pages agree with the most rows as that version reads them (their positions in `winners`), with that count
    /// and the most another's agree with; nil when none agree, or every version's as many.
    private static func toldByIndexes(
        _ winners: [(ObjectModel, Placement)], scan: LoosePageScan, bookkeeping: Bookkeeping
    ) -> (best: [Int], agree: Int, next: Int)? {
        let schemas = winners.map { layout($0.0, bookkeeping: bookkeeping).0 }
        let ids = Set(winners.flatMap { $0.1.meanings.keys.map(\.id) })
        let widths = Set(schemas.flatMap { $0.tables.flatMap { $0.indexes.map { $0.columns.count + 1 } } })
        guard !ids.isEmpty, !widths.isEmpty else { return nil }
        let entries = scan.indexEntries(rowIDs: ids, widths: widths)
        guard !entries.isEmpty else { return nil }
        let agreeing = zip(winners, schemas).map { winner, schema in
            schema.tables.reduce(0) { sum, table in
                let order = winner.1.orders[table.name] ?? []
                let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                let indexes = table.indexes.compactMap { index -> [Int]? in
                    let columns = index.columns.compactMap { position[$0] }
                    return columns.count == index.columns.count ? columns : nil
                }
                let rows = (winner.1.rows[table.name] ?? []).map { ($0.id, $0.values) }
                return sum + ColumnOrderFit.agreeing(rows, indexes: indexes, entries: entries)
            }
        }
        let most = agreeing.max() ?? 0
        let best = agreeing.indices.filter { agreeing[$0] == most }
        guard most > 0, best.count < winners.count else { return nil }
        return (best, most, agreeing.filter { $0 != most }.max() ?? 0)
    }

    /// Where the rows no table took sit, B-tree by B-tree, and the table that keeps them: a table outside the model
    /// lost with its row of the schema (history, an app's table) is named by its pages and rows and its rows kept
    /// as `.recover` keeps them, since nothing on the pages gives its name or columns.
    private static func leftOutNote(_ records: [Record], roots: [Int: Int], lostAndFound: LostAndFound) -> String {
        let trees = Dictionary(grouping: records) { roots[$0.page] ?? $0.page }
            .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        let listed = trees.prefix(8).map { root, rows in
            let widths = rows.map(\.values.count)
            let low = widths.min() ?? 0
            let high = widths.max() ?? 0
            let values = low == high ? "\(low) values" : "\(low)–\(high) values"
            let pages = Set(rows.map(\.page))
            let place = pages == [root] ? "on page \(root)" : "under page \(root) (on \(pages.count) leaf pages)"
            return "\(rows.count) rows of \(values) \(place)"
        }
        let more = trees.count > 8 ? ", and \(trees.count - 8) more B-trees" : ""
        let tooWide =
            lostAndFound.tooWide > 0
            ? "; \(lostAndFound.tooWide) rows of more than \(LostAndFound.widest) values are left out (no table holds them)"
            : ""
        return
            "rows of no table kept apart in \(lostAndFound.name) (rootpgno, pgno, nfield, id, c0, c1, …: the B-tree's root page, the page, the number of values, the row id, the values), as SQLite's .recover keeps them, by the B-tree they sit in (a table outside the model whose row of the schema was lost, or rows no table's shape fits; nothing on the pages names such a table or its columns): \(listed.joined(separator: ", "))\(more)\(tooWide)"
    }

    /// Core Data's own tables beside the model's.
    private static let bookkeepingTables: Set<String> = ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"]

    /// The schema `model` lays out for the store's entities, and each entity table's source entity numbers
    /// (the store's own when its `Z_PRIMARYKEY` rows were found, else the model's).
    private static func layout(_ model: ObjectModel, bookkeeping: Bookkeeping) -> (StoreSchema, EntityNumbers) {
        let view = bookkeeping.primaryKeys.map { model.storeView(of: $0) }
        let (scoped, entries) = (view?.model ?? model, view?.entries)
        let schema = SchemaBuilder(model: scoped).build()
        var numbers = EntityNumbers()
        for entity in schema.entities {
            let number = entries.map { $0.first { $0.name == entity.name }?.number } ?? entity.number
            if let number {
                numbers.tables[entity.table, default: []].insert(Int64(number))
                numbers.names[Int64(number)] = entity.name
            }
        }
        return (schema, numbers)
    }

    /// The column order of every table whose `CREATE TABLE` row of `sqlite_master` survived on a page (a
    /// record of five values: `table`, name, table name, root page, text); a table found with two texts that
    /// disagree has none.
    private static func declaredColumns(_ records: [Record]) -> [String: [String]] {
        var found: [String: [String]?] = [:]
        for record in records where record.values.count == 5 {
            guard String.fromDatabaseValue(record.values[0]) == "table", let sql = String.fromDatabaseValue(record.values[4]),
                let declared = CreateTableColumns(sql)
            else { continue }
            if let known = found[declared.table], known != declared.columns {
                found[declared.table] = .some(nil)
            } else {
                found[declared.table] = declared.columns
            }
        }
        return found.compactMapValues { $0 }
    }

    /// Gives each record to the one table whose rows it looks like; a row id found twice in a table keeps
    /// its first page's row (said in a note). A table's columns are in the order its own `CREATE TABLE` text
    /// gives, when it survived and names the columns the model lays out; else in the order, among those a
    /// store created at one of the `history` versions and migrated in place to the last would have, that most
    /// of its rows fit (types, and an ordered to-one's position set wherever its key is); on a tie the one its
    /// index entries on `scan`'s pages agree with, else the one whose history agrees with the versions the other
    /// tables say the store was created at, else the model's order for a new store first.
    private static func place(
        _ records: [Record], schema: StoreSchema, model: ObjectModel, numbers: EntityNumbers, declared: [String: [String]],
        history: [ObjectModel], excluded: Set<RecordKey> = [], scan: LoosePageScan? = nil
    ) -> Placement {
        var placement = Placement()
        var partialRows: [String: [PartialRow]] = [:]
        let nullable = Dictionary(
            uniqueKeysWithValues: schema.tables.map { ($0.name, PartialRow.nullableColumns(of: $0, in: model)) })
        var types: [String: [String]] = [:]
        var tableOfEntity: [Int64: String] = [:]
        // Per table, how many values its records may have (fewer than its columns: written before some were added).
        var lengths: [String: Set<Int>] = [:]
        // Per table, where its records hold a related object's entity number.
        var referenceColumns: [String: [Int]] = [:]

        var fromText = 0
        let layouts = history.count > 1 ? history.map(ColumnOrderFit.Layout.init) : []
        // Each table's candidate orders, worked out once for the steps below.
        let orderFits = Dictionary(
            schema.tables.map { ($0.name, ColumnOrderFit(table: $0, layouts: layouts, model: model)) },
            uniquingKeysWith: { first, _ in first })
        // First how each table's rows (or its surviving CREATE TABLE text) fit the orders it may have, and which
        // versions the store may have been created at by each; then the orders, a tie told apart by all of them.
        var fitted: [String: ColumnOrderFit.Fit] = [:]
        var scored: [String: [(id: Int64, values: [DatabaseValue])]] = [:]
        var store: Set<Int>?
        for table in schema.tables {
            let predicted = table.columns.map(\.name)
            if let text = declared[table.name], Set(text) == Set(predicted), text.first == "Z_PK" { continue }
            let rows = records.filter { record in
                guard record.values.count >= 3, record.values.count <= predicted.count, record.values[0].isNull,
                    case .int64(let entity) = record.values[1].storage
                else { return false }
                return numbers.tables[table.name]?.contains(entity) == true
            }
            let type = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.sqlType) })
            fitted[table.name] = orderFits[table.name]?.fit(rows.map(\.values), types: type)
            scored[table.name] = rows.map { ($0.id, $0.values) }
        }
        // Orders still tied: the tables' own index entries, read off the pages once for all of them, may tell.
        let tied = schema.tables.filter { (fitted[$0.name]?.best.count ?? 0) > 1 && !$0.indexes.isEmpty }
        if let scan, !tied.isEmpty {
            let entries = scan.indexEntries(
                rowIDs: Set(tied.flatMap { scored[$0.name, default: []].map(\.id) }),
                widths: Set(tied.flatMap { $0.indexes.map { $0.columns.count + 1 } }))
            for table in tied {
                guard let fit = fitted[table.name] else { continue }
                fitted[table.name] = orderFits[table.name]?.told(fit, rows: scored[table.name, default: []], entries: entries)
            }
        }
        for table in schema.tables {
            let predicted = table.columns.map(\.name)
            let starts: Set<Int>?
            if let text = declared[table.name], Set(text) == Set(predicted), text.first == "Z_PK" {
                starts = orderFits[table.name]?.starts(of: text)
            } else {
                starts = fitted[table.name]?.starts
            }
            if let starts { store = store.map { $0.intersection(starts) } ?? starts }
        }
        // Tables that contradict each other tell nothing (a table rebuilt by a later migration).
        if store?.isEmpty == true { store = nil }
        for table in schema.tables {
            let type = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.sqlType) })
            let order: [String]
            if let fit = fitted[table.name], let fitting = orderFits[table.name] {
                let chosen = fitting.choose(fit, store: store)
                order = chosen.order
                lengths[table.name] = chosen.lengths
                if let note = chosen.note { placement.notes.append("\(table.name): \(note)") }
            } else {
                order = declared[table.name] ?? table.columns.map(\.name)
                // The text says the columns, not which were added later: any shorter record may be an older row.
                lengths[table.name] = Set(3...order.count)
                fromText += 1
            }
            placement.orders[table.name] = order
            types[table.name] = order.map { type[$0] ?? "" }
            let entityColumns = Set(table.columns.filter { if case .foreignEntity = $0.role { true } else { false } }.map(\.name))
            referenceColumns[table.name] = order.indices.filter { entityColumns.contains(order[$0]) }
            for number in numbers.tables[table.name] ?? [] { tableOfEntity[number] = table.name }
        }
        var joinsByWidth: [Int: [JoinTable]] = [:]
        for join in schema.joinTables {
            let predicted = [join.ownerColumn, join.targetColumn] + join.orderColumns
            let order = declared[join.name].flatMap { Set($0) == Set(predicted) ? $0 : nil }
            if order != nil { fromText += 1 }
            placement.orders[join.name] = order ?? predicted
            joinsByWidth[predicted.count, default: []].append(join)
        }
        let total = schema.tables.count + schema.joinTables.count
        placement.notes.append(
            "column order: \(fromText) of \(total) tables from their CREATE TABLE text found on the pages, the rest as the model lays them out for a new store"
        )
        // What each column holds, so that versions naming it otherwise (a rename) read a row alike.
        let held = Dictionary(
            schema.tables.map { ($0.name, RowMeaning.held(by: $0, in: model)) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: Set<Int64>] = [:]
        var pairs: [String: Set<[DatabaseValue]>] = [:]
        var twice: [String: Int] = [:]
        for record in records where !excluded.contains(record.key) {
            let values = record.values
            let name: String
            var meaning: RowMeaning?
            var record = record
            // A row written before `ALTER TABLE … ADD COLUMN` keeps fewer values (SQLite reads the rest as NULL).
            if values.count >= 3, values[0].isNull, case .int64(let entity) = values[1].storage,
                let table = tableOfEntity[entity], let type = types[table], lengths[table]?.contains(values.count) == true,
                values.count <= type.count,
                zip(type, values).allSatisfy({ fits($1, $0) }),
                let order = placement.orders[table],
                record.missing.allSatisfy({ $0 < order.count && nullable[table]?.contains(order[$0]) == true })
            {
                name = table
                if !record.missing.isEmpty {
                    partialRows[table, default: []].append(
                        PartialRow(id: record.id, columns: record.missing.sorted().map { order[$0] }))
                }
                record = Record(
                    page: record.page, id: record.id, values: values + Array(repeating: .null, count: type.count - values.count))
                let references = (referenceColumns[table] ?? []).map {
                    record.values[$0].isNull ? "" : numbers.name(record.values[$0])
                }
                meaning = RowMeaning(
                    table: table, entity: numbers.name(values[1]),
                    columns: (placement.orders[table] ?? []).map { held[table]?[$0] ?? RowMeaning.Held(name: $0, was: $0) },
                    references: references)
            } else if let joins = joinsByWidth[values.count], joins.count == 1, let join = joins.first,
                values.allSatisfy({ if case .int64 = $0.storage { true } else { false } })
            {
                name = join.name
            } else {
                continue
            }
            // An entity table's key is its row id; a join table's is its pair of objects, and its row id is kept
            // too, so it must be new as well (a join table's rows taken by width alone may come from several).
            guard !seen[name, default: []].contains(record.id),
                values[0].isNull || pairs[name, default: []].insert(Array(values.prefix(2))).inserted
            else {
                twice[name, default: 0] += 1
                continue
            }
            seen[name, default: []].insert(record.id)
            placement.rows[name, default: []].append(record)
            placement.placed += 1
            if let meaning {
                placement.entityRows += 1
                placement.meanings[record.key] = meaning
            }
        }
        placement.notes += twice.sorted { $0.key < $1.key }.map {
            "\($0.key): \($0.value) rows found twice (on a page the store no longer used but did not free): the first page's kept"
        }
        placement.notes += partialRows.sorted { $0.key < $1.key }.map { PartialRow.note(table: $0.key, $0.value) }
        return placement
    }

    /// Whether SQLite keeps `value` so in a column declared `type`: REAL affinity stores whole numbers as
    /// integers, NUMERIC may keep text, a BLOB column anything.
    static func fits(_ value: DatabaseValue, _ type: String) -> Bool {
        switch (value.storage, type) {
        case (.null, _), (_, "BLOB"): true
        case (.int64, "INTEGER"): true
        case (.int64, "TIMESTAMP"), (.int64, "FLOAT"), (.int64, "DECIMAL"): true
        case (.double, "TIMESTAMP"), (.double, "FLOAT"), (.double, "DECIMAL"): true
        case (.string, "VARCHAR"), (.string, "DECIMAL"): true
        default: false
        }
    }

    private static func write(
        _ placement: Placement, bookkeeping: Bookkeeping, schema: StoreSchema, model: ObjectModel, foreign: [ForeignTable],
        lostAndFound: LostAndFound, to path: String
    ) throws {
        let options = StoreCreationOptions(installsTriggers: false, layout: .migrated)
        try StoreWriter(model: model, schema: schema).create(at: path, options: options)
        let queue = try HardenedConnection.open(path)
        try queue.write { db in
            // The writer's bookkeeping is the model's; only what the store's pages hold may stand for the store's.
            try db.execute(sql: "DELETE FROM \"Z_PRIMARYKEY\"; DELETE FROM \"Z_METADATA\"; DELETE FROM \"Z_MODELCACHE\"")
            for entry in bookkeeping.primaryKeys ?? [] {
                try db.execute(
                    sql: "INSERT INTO \"Z_PRIMARYKEY\" (\"Z_ENT\", \"Z_NAME\", \"Z_SUPER\", \"Z_MAX\") VALUES (?, ?, ?, ?)",
                    arguments: [entry.number, entry.name, entry.superNumber, entry.maxPrimaryKey])
            }
            if let metadata = bookkeeping.metadataRecord {
                try db.execute(
                    sql: "INSERT INTO \"Z_METADATA\" (\"Z_VERSION\", \"Z_UUID\", \"Z_PLIST\") VALUES (?, ?, ?)",
                    arguments: StatementArguments(metadata))
            }
            if let cache = bookkeeping.cacheRecord {
                try db.execute(sql: "INSERT INTO \"Z_MODELCACHE\" (\"Z_CONTENT\") VALUES (?)", arguments: [cache])
            }
            for (table, rows) in placement.rows {
                guard let columns = placement.orders[table] else { continue }
                // An entity row's Z_PK is its row id (the record keeps NULL in its place); a join table's row id
                // is kept too, since salvage reads every table in row-id order.
                let entityTable = rows.first?.values[0].isNull == true
                let names = ((entityTable ? [] : ["rowid"]) + columns).map(SQLIdentifier.init)
                let insert = try db.makeStatement(
                    "INSERT INTO \(SQLIdentifier(table)) (\(names)) VALUES (\(placeholders: names.count))" as SQLFragment)
                for row in rows.sorted(by: { $0.id < $1.id }) {
                    var values = row.values
                    if entityTable { values[0] = row.id.databaseValue }
                    try insert.run(binding: (entityTable ? [] : [row.id.databaseValue]) + values)
                }
            }
            for table in foreign { try table.write(db) }
            try lostAndFound.write(db)
        }
        try queue.close()
    }
}

/// A table outside the model whose `CREATE TABLE` row of `sqlite_master` survived on a page: its rows are the
/// records on the table-leaf pages under its root page (a page belongs to one B-tree, so nothing else tells
/// them apart), and it is rebuilt from its columns' names and plain types alone, never by running the text.
private struct ForeignTable {
    let name: String
    let declared: CreateTableColumns
    let rows: [Record]

    /// The declared types a table rebuilt from its text may have (the plain ones Core Data and apps write; each
    /// gives its column SQLite's affinity), as the engine's own text.
    static let types: [String: SQLFragment] = [
        "": "", "INTEGER": "INTEGER", "INT": "INT", "VARCHAR": "VARCHAR", "TEXT": "TEXT", "TIMESTAMP": "TIMESTAMP",
        "BLOB": "BLOB", "FLOAT": "FLOAT", "REAL": "REAL", "NUMERIC": "NUMERIC", "DECIMAL": "DECIMAL", "BOOLEAN": "BOOLEAN",
    ]

    /// The tables named by the schema rows among `records` that are not `known` (nor SQLite's own), whose text
    /// reads as a plain `CREATE TABLE` with plain types and whose root page leads to table-leaf pages; a table
    /// found with two rows that disagree is left out.
    static func found(_ records: [Record], scan: LoosePageScan, known: Set<String>) -> [ForeignTable] {
        // Keyed by the lower-cased name: SQLite's names are case-insensitive, so `log` and `LOG` are one table.
        var found: [String: (CreateTableColumns, Int)?] = [:]
        let taken = Set(known.map { $0.lowercased() })
        for record in records where record.values.count == 5 {
            guard String.fromDatabaseValue(record.values[0]) == "table", let sql = String.fromDatabaseValue(record.values[4]),
                let root = Int64.fromDatabaseValue(record.values[3]), root > 1, root <= Int64(scan.pageCount),
                let declared = CreateTableColumns(sql), declared.canBeRebuilt(beside: taken),
                declared.types.allSatisfy({ Self.types[$0] != nil })
            else { continue }
            let key = declared.table.lowercased()
            if let known = found[key], known.map({ $0.0 != declared || $0.1 != Int(root) }) ?? true {
                found[key] = .some(nil)
            } else {
                found[key] = (declared, Int(root))
            }
        }
        return found.values.compactMap { entry -> ForeignTable? in
            guard let (declared, root) = entry else { return nil }
            let name = declared.table
            let pages = scan.leafPages(under: root)
            // A record has at most the table's columns (fewer when written before `ADD COLUMN`).
            let rows = records.filter { pages.contains($0.page) && $0.values.count <= declared.columns.count }
            return pages.isEmpty ? nil : ForeignTable(name: name, declared: declared, rows: rows)
        }.sorted { $0.name < $1.name }
    }

    /// Creates the table from its columns' names and types (checked plain words) and writes its rows, row ids
    /// kept.
    func write(_ db: Database) throws {
        let columns = zip(declared.columns, declared.types).enumerated().map { index, column -> SQLFragment in
            index == declared.rowIDAlias
                ? "\(SQLIdentifier(column.0)) INTEGER PRIMARY KEY" : "\(SQLIdentifier(column.0)) " + (Self.types[column.1] ?? "")
        }
        try db.execute("CREATE TABLE \(SQLIdentifier(name)) (\(SQLFragment.joined(columns)))" as SQLFragment)
        let names = (["rowid"] + declared.columns).map(SQLIdentifier.init)
        let insert = try db.makeStatement(
            "INSERT INTO \(SQLIdentifier(name)) (\(names)) VALUES (\(placeholders: names.count))" as SQLFragment)
        for row in rows.sorted(by: { $0.id < $1.id }) {
            var values = row.values + Array(repeating: .null, count: declared.columns.count - row.values.count)
            if let alias = declared.rowIDAlias { values[alias] = row.id.databaseValue }
            try insert.run(binding: [row.id.databaseValue] + values)
        }
    }
}

/// The rows no table took, kept as SQLite's `.recover` keeps them, in a table of its own that salvage then
/// carries as any table outside the model: `lost_and_found` (`lost_and_found_0`, … when a table has that name)
/// with the B-tree's root page, the page, the number of values and the row id of each, then its values in
/// untyped columns `c0`, `c1`, … as wide as the widest row. So a table lost with its row of the schema is not
/// lost: the user finds its rows by their root page and reads them by position.
private struct LostAndFound {
    /// The most values a row kept has: SQLite refuses a table of more than 2,000 columns by default.
    static let widest = 996

    let name: String
    /// Each row kept, with the root page of the B-tree it sits in.
    let rows: [(root: Int, record: Record)]
    /// The values of the widest row kept.
    let width: Int
    /// Rows of more than ``widest`` values, not kept.
    let tooWide: Int

    /// The rows of `records` (their roots in `roots`, a page of none its own root), named apart from `taken`.
    init(_ records: [Record], roots: [Int: Int], taken: Set<String>) {
        let names = Set(taken.map { $0.lowercased() })
        var name = "lost_and_found"
        var suffix = 0
        while names.contains(name) {
            name = "lost_and_found_\(suffix)"
            suffix += 1
        }
        self.name = name
        let kept = records.filter { $0.values.count <= Self.widest }
        rows = kept.map { (roots[$0.page] ?? $0.page, $0) }
        width = kept.map(\.values.count).max() ?? 0
        tooWide = records.count - kept.count
    }

    /// Creates the table and writes the rows, in page and row-id order; nothing when there are none.
    func write(_ db: Database) throws {
        guard !rows.isEmpty else { return }
        let values = (0..<width).map { SQLIdentifier("c\($0)") }
        let places = ["rootpgno", "pgno", "nfield", "id"].map(SQLIdentifier.init)
        // The place columns are integers; the values keep whatever type each row holds, as `.recover`'s do.
        let columns = places.map { "\($0) INTEGER" as SQLFragment } + values.map { "\($0)" as SQLFragment }
        try db.execute("CREATE TABLE \(SQLIdentifier(name)) (\(SQLFragment.joined(columns)))" as SQLFragment)
        let names = places + values
        let insert = try db.makeStatement(
            "INSERT INTO \(SQLIdentifier(name)) (\(names)) VALUES (\(placeholders: names.count))" as SQLFragment)
        for (root, record) in rows.sorted(by: { ($0.record.page, $0.record.id) < ($1.record.page, $1.record.id) }) {
            let padding = Array(repeating: DatabaseValue.null, count: width - record.values.count)
            try insert.run(
                binding: [
                    root.databaseValue, record.page.databaseValue, record.values.count.databaseValue, record.id.databaseValue,
                ]
                    + record.values + padding)
        }
    }
}

/// One record found on a page.
private struct Record {
    let page: Int
    let id: Int64
    let values: [DatabaseValue]
    /// The positions of values not read (on an overflow page lost), NULL in `values`.
    var missing: Set<Int> = []

    /// Which record it is: a page holds a row id once.
    var key: RecordKey { RecordKey(page: page, id: id) }

    /// Whether it is a row of `sqlite_master` (a table's, index's, view's or trigger's): the schema, not data.
    var isSchemaRow: Bool {
        values.count == 5 && ["table", "index", "view", "trigger"].contains(String.fromDatabaseValue(values[0]) ?? "")
    }
}

/// A record's place in the file.
private struct RecordKey: Hashable {
    let page: Int
    let id: Int64
}

/// What an entity row means under one version: where its values go.
private struct RowMeaning: Equatable {
    /// What a column holds: the attribute or relationship by its name (a to-one's entity column by its
    /// relationship, not by the entity number in its name, which a version may change) and by its renaming
    /// identifier. Two versions' columns hold the same when either agrees: a version that renames an attribute
    /// (wire 2.54.0's `mutedStatus`, renamed from 2.53.0's `isSilenced`) gives it the old name as its renaming
    /// identifier, as Core Data's inferred mapping reads it, and a row holds the same values under both.
    struct Held: Equatable {
        let name: String
        let was: String

        static func == (lhs: Held, rhs: Held) -> Bool {
            lhs.name == rhs.name || lhs.was == rhs.was
        }
    }

    let table: String
    let entity: String
    let columns: [Held]
    /// The entities its related objects' entity numbers name.
    let references: [String]

    /// What each column of `table` holds in `model`, by column name.
    static func held(by table: SchemaTable, in model: ObjectModel) -> [String: Held] {
        func property(_ kind: String, _ owner: String, _ name: String, renamed: String?) -> Held {
            Held(name: "\(kind) \(owner).\(name)", was: "\(kind) \(owner).\(renamed ?? name)")
        }
        func relationship(_ kind: String, _ owner: String, _ name: String) -> Held {
            property(kind, owner, name, renamed: model.entity(named: owner)?.relationship(named: name)?.renamingIdentifier)
        }
        return Dictionary(
            table.columns.map { column -> (String, Held) in
                switch column.role {
                case .primaryKey, .entityNumber, .saveCounter:
                    return (column.name, Held(name: column.name, was: column.name))
                case .attribute(let owner, let name):
                    let renamed = model.entity(named: owner)?.attribute(named: name)?.renamingIdentifier
                    return (column.name, property("attribute", owner, name, renamed: renamed))
                case .foreignKey(let owner, let name): return (column.name, relationship("to-one", owner, name))
                case .foreignEntity(let owner, let name): return (column.name, relationship("entity of", owner, name))
                case .foreignOrder(let owner, let name): return (column.name, relationship("order of", owner, name))
                case .toManyKey(let owner, let name): return (column.name, relationship("to-many", owner, name))
                }
            }, uniquingKeysWith: { first, _ in first })
    }
}

/// Each entity table's source entity numbers, and each number's entity.
private struct EntityNumbers {
    var tables: [String: Set<Int64>] = [:]
    var names: [Int64: String] = [:]

    /// The entity `value` numbers, or "?" for a number of none.
    func name(_ value: DatabaseValue) -> String {
        Int64.fromDatabaseValue(value).flatMap { names[$0] } ?? "?"
    }
}

/// The bookkeeping rows found on a store's pages.
private struct Bookkeeping {
    var metadata: StoreMetadata?
    var metadataRecord: [DatabaseValue]?
    var primaryKeys: [PrimaryKeyEntry]?
    var cachedModel: ObjectModel?
    var cacheRecord: Data?
    /// The records taken as bookkeeping.
    var taken: Set<RecordKey> = []
    /// How many records were taken as bookkeeping.
    var count: Int { taken.count }

    init(_ records: [Record], store: String, notes: inout [String]) {
        var keys: [Int: PrimaryKeyEntry] = [:]
        for record in records {
            let values = record.values
            switch values.count {
            case 3 where metadata == nil && values[0].isNull:
                guard let uuid = String.fromDatabaseValue(values[1]), let blob = Data.fromDatabaseValue(values[2]),
                    case .dictionary(let plist)? = Self.plist(blob)
                else { continue }
                metadata = StoreMetadata(rowVersion: record.id, uuid: uuid, plist: plist)
                metadataRecord = [record.id.databaseValue, values[1], values[2]]
                taken.insert(record.key)
            case 4 where values[0].isNull:
                guard let name = String.fromDatabaseValue(values[1]), case .int64(let parent) = values[2].storage,
                    case .int64(let max) = values[3].storage, record.id > 0, record.id < Int64(Int32.max)
                else { continue }
                let entry = PrimaryKeyEntry(number: Int(record.id), name: name, superNumber: Int(parent), maxPrimaryKey: max)
                if let known = keys[entry.number], known != entry {
                    notes.append("Z_PRIMARYKEY: entity \(entry.number) found twice with different rows: the first page's kept")
                } else if keys[entry.number] == nil {
                    keys[entry.number] = entry
                    taken.insert(record.key)
                }
            case 1 where cachedModel == nil:
                guard let blob = Data.fromDatabaseValue(values[0]), let model = Self.model(blob, store: store) else { continue }
                cachedModel = model
                cacheRecord = blob
                taken.insert(record.key)
            default: continue
            }
        }
        primaryKeys = keys.isEmpty ? nil : keys.values.sorted { $0.number < $1.number }
        if metadata == nil { notes.append("no Z_METADATA row was found on the pages") }
        if keys.isEmpty { notes.append("no Z_PRIMARYKEY row was found on the pages: the model's entity numbers are used") }
    }

    /// The plist in `blob`, or nil when it is not one: then the record is not `Z_METADATA`'s.
    private static func plist(_ blob: Data) -> PropertyListValue? {
        do {
            return try BinaryPropertyList.read(blob)
        } catch {
            return nil
        }
    }

    /// The model cached in `blob`, or nil when it does not decode: then the record is not `Z_MODELCACHE`'s.
    private static func model(_ blob: Data, store: String) -> ObjectModel? {
        do {
            return try ModelCacheDecoder.decode(blob, path: store)
        } catch {
            return nil
        }
    }
}

import Foundation

/// Differences between an Apple store's `sqlite_master` and the predicted schema that are recognised by
/// their shape, in any store, as traces of the store's history rather than of the model
/// (`docs/guide/store-schema.md`, "History: what a prediction cannot know"). Each rule checks the evidence it
/// names; anything else stays unexplained and fails the test. A predicted entry is never excused by a rule
/// except where the same table is on both sides.
enum HistoryRule: String, Sendable, CaseIterable {
    /// Persistent-history tables (`ACHANGE`, `ATRANSACTION`, `ATRANSACTIONSTRING`), their indexes and their
    /// `Z_PRIMARYKEY` rows (entity numbers from 16000), which belong to no model version.
    case persistentHistory
    /// A table an in-place migration renamed (`ALTER TABLE … RENAME`): SQLite writes the new name quoted
    /// (`CREATE TABLE "Z_15ADDEDUSERS"`), Core Data never does; same columns, maybe in their old order. Its
    /// indexes, rewritten by the rename, go with it.
    case renamedTable
    /// Columns an in-place migration added with `ALTER TABLE … ADD COLUMN`: the same columns, the added ones
    /// at the end instead of in their group.
    case appendedColumn
    /// An index only Apple's store has, on a table the prediction has too: in-place migrations never drop
    /// indexes, so one named for a join table's earlier entity numbers, or one in an older style over columns
    /// the prediction indexes too, stays.
    case leftoverIndex
    /// Apple's store has no `Z_MODELCACHE` (frameworks before the cache, surfjournal at 519); cdmigrate
    /// always writes one so a store it creates can be read without its model.
    case noModelCache

    /// The rule that explains a difference, if one does.
    ///
    /// - Parameters:
    ///   - name: The entry's name (or the `Z_PRIMARYKEY …` text).
    ///   - appleOnly: Whether the differing text is Apple's.
    ///   - apple: Apple's entries by name.
    ///   - ours: The predicted entries by name.
    /// - Returns: The rule whose evidence the difference shows; nil when none does.
    static func explaining(
        _ name: String, appleOnly: Bool, apple: [String: StoreDump.SchemaEntry], ours: [String: StoreDump.SchemaEntry]
    ) -> HistoryRule? {
        if name.hasPrefix("Z_PRIMARYKEY ") {
            let number = Int(name.dropFirst("Z_PRIMARYKEY ".count).prefix { $0.isNumber }) ?? 0
            return appleOnly && number >= 16000 ? .persistentHistory : nil
        }
        if name == "Z_MODELCACHE", !appleOnly, apple[name] == nil { return .noModelCache }
        let entry = appleOnly ? apple[name] : ours[name]
        guard let entry else { return nil }
        if appleOnly, ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"].contains(entry.table) {
            return .persistentHistory
        }
        if entry.type == "table", let theirs = apple[name], let mine = ours[name] {
            return tableRule(apple: theirs.sql, ours: mine.sql)
        }
        guard entry.type == "index" else { return nil }
        if let theirTable = apple[entry.table], let ourTable = ours[entry.table],
            tableRule(apple: theirTable.sql, ours: ourTable.sql) == .renamedTable
        {
            return .renamedTable
        }
        guard appleOnly, ours[name] == nil, ours[entry.table] != nil else { return nil }
        // Named for a join table's earlier name (entity numbers moved), or the same columns the prediction
        // indexes under the name of another style: never an index the prediction lacks altogether.
        let namedForAnotherTable = entry.table.hasPrefix("Z_") && !name.hasPrefix(entry.table + "_")
        let sameColumns = ours.values.contains { index in
            index.type == "index" && index.table == entry.table && indexedColumns(index.sql) == indexedColumns(entry.sql)
        }
        return namedForAnotherTable || sameColumns ? .leftoverIndex : nil
    }

    /// The bare column names an index covers, without collation or order.
    static func indexedColumns(_ sql: String) -> [String] {
        columns(sql).map { String($0.prefix { !$0.isWhitespace }) }
    }

    /// Which rule explains two `CREATE TABLE` statements of one table, if any.
    static func tableRule(apple: String, ours: String) -> HistoryRule? {
        let (theirs, mine) = (columns(apple), columns(ours))
        // A renamed table keeps its old column order, its primary key's too.
        let unordered = { (parts: [String]) in
            Set(parts.map { $0.hasPrefix("PRIMARY KEY") ? "PRIMARY KEY " + columns($0).sorted().joined(separator: ", ") : $0 })
        }
        if apple.hasPrefix("CREATE TABLE \""), theirs.count == mine.count, unordered(theirs) == unordered(mine) {
            return .renamedTable
        }
        guard Set(theirs) == Set(mine), theirs.count == mine.count else { return nil }
        // The longest head of Apple's columns that keeps the predicted order; the rest was appended.
        for split in stride(from: theirs.count - 1, through: 1, by: -1) {
            let head = Array(theirs[..<split])
            let headSet = Set(head)
            if head == mine.filter({ headSet.contains($0) }) {
                return Array(theirs[split...]) == Array(mine.suffix(theirs.count - split)) ? nil : .appendedColumn
            }
        }
        return nil
    }

    /// Column definitions of a `CREATE TABLE` (top-level comma-separated parts between the outer parentheses).
    static func columns(_ sql: String) -> [String] {
        guard let open = sql.firstIndex(of: "("), let close = sql.lastIndex(of: ")"), open < close else { return [] }
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in sql[sql.index(after: open)..<close] {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}

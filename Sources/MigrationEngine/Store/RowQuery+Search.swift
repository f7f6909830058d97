import Foundation
import GRDB

extension RowQuery {
    /// The search's condition on a table with `declared` columns: the rows where some column the browser
    /// shows holds the text in a cell as the browser shows it (``ShownText``), ASCII letters in either case as
    /// `LIKE` compares them.
    ///
    /// SQLite answers it over the whole table at once: where the shown text is the stored one (text, whole
    /// numbers) by `LIKE` on the column; a to-one's `Entity #pk` by `LIKE` on the name joined to the key; a
    /// Boolean's `yes`/`no` as `<> 0`/`= 0`; a date typed from its year on (`2016`, `2016-02-21 10:15`) as
    /// the range of seconds it shows, from its middle (`02-21`) as SQLite's `strftime` spells it. Only a value
    /// SQLite cannot spell as the cell does (a fraction, a UUID, a date out of the four-digit years) is spelled
    /// by ``ShownText`` per row (`cdmigrate_shown`, added to `db`), and only where the text typed could be in it.
    ///
    /// - Parameters:
    ///   - declared: The table's columns.
    ///   - shown: What each shown column holds for the entity browsed (nil: every column as stored).
    ///   - entity: The entity browsed.
    ///   - entities: The entities whose rows are read, by `Z_ENT`: more than one, and each row's entity is
    ///     shown in a column of its own.
    ///   - db: The connection the condition runs on.
    /// - Returns: The condition, or nil without a search.
    func searchCondition(
        declared: [DeclaredColumn], shown: EntityColumns?, entity: String, entities: [(number: Int, name: String)],
        db: Database
    ) -> SQLFragment? {
        guard let search, !search.isEmpty, let pattern = likePattern else { return nil }
        let layout = shown ?? EntityColumns.asStored(entity: entity, columns: declared.map(\.name))
        let match = ShownSearch(text: search, pattern: pattern)
        var terms: [SQLFragment] = []
        for column in declared {
            let name = SQLIdentifier(column.name)
            let term: SQLFragment?
            switch (column.name, layout.byColumn[column.name]) {
            case ("Z_PK", _): term = match.column(name, kind: .stored)
            case ("Z_ENT", _):
                let numbers = entities.count > 1 ? entities.filter { match.holds($0.name) }.map(\.number) : []
                term = numbers.isEmpty ? nil : "\(name) IN (\(values: numbers))"
            case (_, .attribute(let attribute)?): term = match.column(name, kind: ShownText.Kind(attribute.type))
            case (_, .toOne(_, let destination)?): term = match.reference(name, destination: destination)
            case (_, .stored?): term = match.column(name, kind: .stored)
            case (_, nil): term = nil
            }
            if let term { terms.append(term) }
        }
        if match.scans { db.add(function: ShownText.sqlFunction) }
        return terms.isEmpty ? "0" : "(\(SQLFragment.joined(terms, separator: " OR ")))"
    }
}

/// One search's test of one column, as ``RowQuery/searchCondition(declared:shown:entity:entities:db:)`` builds it.
final class ShownSearch {
    let text: String
    let pattern: String
    /// Whether a condition calls `cdmigrate_shown`.
    private(set) var scans = false

    init(text: String, pattern: String) {
        self.text = text
        self.pattern = pattern
    }

    /// Whether `shown` holds the text, ASCII letters in either case (as `LIKE` and the browser's marks compare).
    func holds(_ shown: String) -> Bool {
        Self.folded(shown).contains(Self.folded(text))
    }

    private static func folded(_ text: String) -> String {
        String(text.map { $0.isASCII && $0.isUppercase ? Character($0.lowercased()) : $0 })
    }

    /// Whether every character typed is one of `characters` (any case): else no text made of them holds it.
    private func only(_ characters: String) -> Bool {
        text.lowercased().allSatisfy { characters.contains($0) }
    }

    /// The condition on a column of `kind`, by each value's storage class.
    func column(_ name: SQLIdentifier, kind: ShownText.Kind) -> SQLFragment {
        var branches: [SQLFragment] = []
        // Text is shown as stored but for line breaks and tabs (⏎, a space): typed text without either
        // matches the one where it matches the other, as nothing typed holds a line break or a tab.
        if text.contains("⏎") || text.contains(" ") {
            branches.append(
                "WHEN 'text' THEN replace(replace(\(name), char(10), '⏎'), char(9), ' ') LIKE \(value: pattern) ESCAPE '\\'")
        } else {
            branches.append("WHEN 'text' THEN \(name) LIKE \(value: pattern) ESCAPE '\\'")
        }
        switch kind {
        case .boolean:
            let truth = bool(name)
            branches += truth.map { ["WHEN 'integer' THEN \($0)", "WHEN 'real' THEN \($0)"] } ?? []
        case .date:
            let shown = date(name)
            branches += ["WHEN 'integer' THEN \(shown)", "WHEN 'real' THEN \(shown)"]
        case .real:
            branches +=
                shownByEngine(name, kind, alphabet: Self.realAlphabet).map {
                    ["WHEN 'integer' THEN \($0)", "WHEN 'real' THEN \($0)"]
                } ?? []
        case .stored, .integer, .text, .uuid:
            branches.append("WHEN 'integer' THEN CAST(\(name) AS TEXT) LIKE \(value: pattern) ESCAPE '\\'")
            branches += shownByEngine(name, kind, alphabet: Self.realAlphabet).map { ["WHEN 'real' THEN \($0)"] } ?? []
            if kind == .uuid, let uuid = shownByEngine(name, kind, alphabet: "0123456789abcdef-") {
                branches.append("WHEN 'blob' THEN \(uuid)")
            }
        }
        return "(CASE typeof(\(name)) \(SQLFragment.joined(branches, separator: " ")) ELSE 0 END)"
    }

    /// A to-one's key column, shown `Destination #key` (a value that is no whole number as stored).
    func reference(_ name: SQLIdentifier, destination: String) -> SQLFragment {
        let stored: SQLFragment =
            shownByEngine(name, .stored, alphabet: Self.realAlphabet).map { (shown: SQLFragment) -> SQLFragment in
                "WHEN 'real' THEN \(shown) "
            } ?? ""
        return """
            (CASE typeof(\(name)) WHEN 'integer' THEN (\(value: destination) || ' #' || \(name)) LIKE \(value: pattern) \
            ESCAPE '\\' WHEN 'text' THEN \(name) LIKE \(value: pattern) ESCAPE '\\' \(stored)ELSE 0 END)
            """
    }

    /// The characters a number's shown text is made of (`-1.5e+20`, `inf`, `nan`).
    static let realAlphabet = "0123456789.-+einfa"
    /// The characters of a date shown as a date.
    static let dateAlphabet = "0123456789-: "

    /// `cdmigrate_shown(column) LIKE pattern`, when the text typed is made of `alphabet`'s characters.
    private func shownByEngine(_ name: SQLIdentifier, _ kind: ShownText.Kind, alphabet: String) -> SQLFragment? {
        guard only(alphabet) else { return nil }
        scans = true
        return "cdmigrate_shown(\(name), \(value: kind.rawValue)) LIKE \(value: pattern) ESCAPE '\\'"
    }

    /// A Boolean shown as `yes` or `no`.
    private func bool(_ name: SQLIdentifier) -> SQLFragment? {
        switch (holds("yes"), holds("no")) {
        case (true, true): "1"
        case (true, false): "\(name) <> 0"
        case (false, true): "\(name) = 0"
        case (false, false): nil
        }
    }

    /// A date (seconds since 2001, shown to the second): text typed from its year on is the range of seconds
    /// that show it; text from its middle is looked for in each date as SQLite spells it the same way; a date
    /// out of the four-digit years shows its seconds, spelled by the engine for those rows alone.
    private func date(_ name: SQLIdentifier) -> SQLFragment {
        let range = ShownText.dateRange
        var terms: [SQLFragment] = []
        if only(Self.dateAlphabet) {
            if let shown = Self.dateRange(typed: text) {
                if let shown { terms.append("(\(name) >= \(value: shown.lowerBound) AND \(name) < \(value: shown.upperBound))") }
            } else {
                // SQLite spells a date of the four-digit years as ShownText.date does (proleptic Gregorian, UTC,
                // the second rounded down; ShownTextTests compares the two), so no row calls into Swift.
                let floor: SQLFragment = "(CAST(\(name) AS INTEGER) - (\(name) < CAST(\(name) AS INTEGER)))"
                terms.append(
                    """
                    (CASE WHEN \(name) >= \(value: range.lowerBound) AND \(name) < \(value: range.upperBound) \
                    THEN strftime('%Y-%m-%d %H:%M:%S', \(floor) + 978307200, 'unixepoch') LIKE \(value: pattern) ESCAPE '\\' \
                    ELSE 0 END)
                    """)
            }
        }
        // Behind CASE, not AND: SQLite (3.40 here) evaluates both sides of an AND, so `out of range AND
        // cdmigrate_shown(…)` called into Swift for every date of every row searched, which made a search of
        // 1M rows 3–5× slower than the SQL alone; a CASE branch is evaluated only when taken.
        scans = true
        terms.append(
            """
            (CASE WHEN \(name) < \(value: range.lowerBound) OR \(name) >= \(value: range.upperBound) \
            THEN cdmigrate_shown(\(name), 'date') LIKE \(value: pattern) ESCAPE '\\' ELSE 0 END)
            """)
        return "(\(SQLFragment.joined(terms, separator: " OR ")))"
    }

    /// The seconds since 2001 whose dates are shown starting with `typed`, when it is a date from its year
    /// to a whole field (`2016`, `2016-02`, `2016-02-21 10:15`, a separator after it allowed): `.some(nil)`
    /// when no shown date starts so (`2016-02-30`); nil for any other text (`2016-0`, `02-21`).
    static func dateRange(typed: String) -> Range<Double>?? {
        let characters = Array(typed)
        // The end of each field in `yyyy-MM-dd HH:mm:ss`, and the separator after it.
        let ends = [4, 7, 10, 13, 16, 19]
        let template = Array("0000-00-00 00:00:00")
        guard characters.count >= 4, characters.count <= template.count else { return nil }
        for (index, character) in characters.enumerated() {
            guard template[index] == "0" ? character.isASCII && character.isNumber : character == template[index] else {
                return nil
            }
        }
        guard let fields = ends.lastIndex(where: { $0 <= characters.count }),
            characters.count == ends[fields] || characters.count == ends[fields] + 1
        else { return nil }
        let numbers = [0..<4, 5..<7, 8..<10, 11..<13, 14..<16, 17..<19].prefix(fields + 1).compactMap {
            Int(String(characters[$0]))
        }
        guard numbers.count == fields + 1 else { return nil }
        var start = tm()
        start.tm_year = Int32(numbers[0] - 1900)
        start.tm_mon = Int32((numbers.count > 1 ? numbers[1] : 1) - 1)
        start.tm_mday = Int32(numbers.count > 2 ? numbers[2] : 1)
        start.tm_hour = Int32(numbers.count > 3 ? numbers[3] : 0)
        start.tm_min = Int32(numbers.count > 4 ? numbers[4] : 0)
        start.tm_sec = Int32(numbers.count > 5 ? numbers[5] : 0)
        var end = start
        switch fields {
        case 0: end.tm_year += 1
        case 1: end.tm_mon += 1
        case 2: end.tm_mday += 1
        case 3: end.tm_hour += 1
        case 4: end.tm_min += 1
        default: end.tm_sec += 1
        }
        let since2001 = { (parts: inout tm) in Double(timegm(&parts)) - Date.timeIntervalBetween1970AndReferenceDate }
        let low = since2001(&start)
        let high = since2001(&end)
        // timegm rolls 2016-02-30 over to March: a date that does not show as typed is no date at all.
        let typedFields = String(characters.prefix(ends[fields]))
        guard ShownText.dateRange.contains(low), ShownText.date(low).hasPrefix(typedFields) else { return .some(nil) }
        return .some(low..<min(high, ShownText.dateRange.upperBound))
    }
}

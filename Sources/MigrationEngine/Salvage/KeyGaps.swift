/// The keys a table handed out that no row read carries, outside the ranges SQLite reported damaged.
///
/// Core Data hands keys out one by one from `Z_PRIMARYKEY.Z_MAX` and never reuses them, so every key from 1 to
/// `Z_MAX` once named an object. Where the table's pages read but a key has no row, the object was deleted by
/// the app, or was lost where no read fails: in the transactions of a `-wal` cut or damaged before them, or on
/// the part of a page a cut took. Salvage cannot tell which, so it lists these keys rather than calling them
/// lost or not.
enum KeyGaps {
    /// The ranges within `1...limit` that hold no key of `keys` and meet no range of `unreadable`.
    ///
    /// - Parameters:
    ///   - keys: The row ids read, ascending.
    ///   - unreadable: The ranges SQLite could not read, ascending (``RowWalker``).
    ///   - limit: The largest key handed out.
    /// - Returns: The gaps, ascending.
    static func find(keys: [Int64], unreadable: [KeyRange], limit: Int64) -> [KeyRange] {
        var gaps: [KeyRange] = []
        // The first key not yet accounted for by a row read or a damaged range.
        var next: Int64 = 1
        func cover(_ lower: Int64, _ upper: Int64) {
            if lower > next, next <= limit { gaps.append(KeyRange(lower: next, upper: min(lower - 1, limit))) }
            if upper >= next { next = upper == .max ? .max : upper + 1 }
        }
        var damaged = unreadable[...]
        for key in keys {
            while let range = damaged.first, range.lower <= key {
                cover(range.lower, range.upper ?? .max)
                damaged = damaged.dropFirst()
            }
            cover(key, key)
        }
        for range in damaged { cover(range.lower, range.upper ?? .max) }
        if next <= limit, next != .max { gaps.append(KeyRange(lower: next, upper: limit)) }
        return gaps
    }

    /// How many keys `ranges` hold (each closed; an open range holds none counted here).
    static func count(_ ranges: [KeyRange]) -> Int64 {
        ranges.compactMap { $0.span(upTo: nil) }.reduce(0, +)
    }

    /// `ranges` without `keys`: a range is split around each key in it; an open range stays open above them.
    ///
    /// - Parameters:
    ///   - keys: Keys found after all (rows on pages the table's B-tree no longer reaches), ascending.
    ///   - ranges: Ranges of keys SQLite could not read, ascending.
    /// - Returns: What is left of the ranges, ascending.
    static func subtract(_ keys: [Int64], from ranges: [KeyRange]) -> [KeyRange] {
        var result: [KeyRange] = []
        var remaining = keys[...]
        for range in ranges {
            var lower = range.lower
            while let key = remaining.first, key <= (range.upper ?? .max) {
                remaining = remaining.dropFirst()
                guard key >= lower else { continue }
                if key > lower { result.append(KeyRange(lower: lower, upper: key - 1)) }
                lower = key + 1
            }
            if range.upper.map({ lower <= $0 }) ?? true { result.append(KeyRange(lower: lower, upper: range.upper)) }
        }
        return result
    }
}

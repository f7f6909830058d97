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
}

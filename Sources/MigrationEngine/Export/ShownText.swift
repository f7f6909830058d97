import Foundation
import GRDB

/// How the console's data browser shows a value in a cell: the one definition of that text, which the
/// console draws and the browser's text filter (``RowQuery/search``) matches, so typing what is on screen
/// (`Author #7`, `2016-02-21 10:15`, `yes`) finds the rows showing it.
///
/// Unlike ``ValueRenderer`` (what `export` and `rows` write, ISO 8601 and JSON for other programs), this is
/// text for people: a date to the second in UTC, Booleans as yes/no, a to-one as `Entity #pk`, text on one
/// line.
package enum ShownText {
    /// The earliest and latest-but-one second since 2001 a date is shown as a date for: years 0001 to 9999,
    /// the years a four-digit `yyyy` holds (and SQLite's date range); outside them the stored seconds.
    static let dateRange: Range<Double> = -63_113_904_000..<252_423_993_600

    /// A date stored as `seconds` since 2001-01-01 UTC, as `yyyy-MM-dd HH:mm:ss` in UTC (proleptic Gregorian,
    /// the fraction dropped); one out of the four-digit years (a garbage value) as the seconds Core Data
    /// stored, so it is never an empty cell.
    package static func date(_ seconds: Double) -> String {
        let whole = seconds.rounded(.down)
        guard dateRange.contains(whole) else { return real(seconds) + " s since 2001 (out of range)" }
        var time = time_t(whole + Date.timeIntervalBetween1970AndReferenceDate)
        var parts = tm()
        gmtime_r(&time, &parts)
        return padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-"
            + padded(Int(parts.tm_mday), 2) + " " + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2)
            + ":" + padded(Int(parts.tm_sec), 2)
    }

    /// A floating-point number: a whole one below 10^15 with one decimal (`3.0`), any other as Swift's
    /// shortest text that reads back to it.
    package static func real(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : String(value)
    }

    /// A Boolean attribute's value.
    package static func bool(_ flag: Bool) -> String { flag ? "yes" : "no" }

    /// A to-one relationship to object `key` of `entity`.
    package static func reference(entity: String, key: Int64) -> String { "\(entity) #\(key)" }

    /// Text on one line: a line break shown as `⏎`, a tab as a space.
    package static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\t", with: " ")
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// How a column's values are shown, which decides how a search finds them.
    enum Kind: String, Sendable {
        /// As SQLite holds them: `Z_PK`, a column without a model.
        case stored
        /// By an attribute's type (the raw values are the type's names).
        case boolean, integer, real, date, uuid, text

        init(_ type: AttributeType) {
            switch type {
            case .boolean: self = .boolean
            case .integer16, .integer32, .integer64: self = .integer
            case .double, .float, .decimal: self = .real
            case .date: self = .date
            case .uuid: self = .uuid
            default: self = .text
            }
        }
    }

    /// The text a cell of a `kind` column shows for `value`; nil for values shown in no searchable text
    /// (NULL, whose glyph depends on the terminal, and bytes, shown as a size and a hex preview).
    ///
    /// The value is typed as the console types it (``MigrationProject/typedValue(_:of:)``): a whole number in
    /// a date column is a date, a fraction in an integer column a number, text anywhere text.
    static func of(_ value: DatabaseValue, kind: Kind) -> String? {
        switch value.storage {
        case .null: return nil
        case .string(let text): return oneLine(text)
        case .int64(let number):
            switch kind {
            case .boolean: return bool(number != 0)
            case .real: return real(Double(number))
            case .date: return date(Double(number))
            default: return String(number)
            }
        case .double(let number):
            switch kind {
            case .boolean: return bool(number != 0)
            case .date: return date(number)
            case .integer: return Int64(exactly: number).map(String.init) ?? real(number)
            default: return real(number)
            }
        case .blob(let data):
            guard kind == .uuid, data.count == 16 else { return nil }
            return UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString
        }
    }

    /// `cdmigrate_shown(value, kind)`: ``of(_:kind:)`` in SQL, for the values whose shown text SQLite cannot
    /// spell itself (dates, fractions, UUIDs), so a search scans them with the very text the cells show.
    static let sqlFunction = DatabaseFunction("cdmigrate_shown", argumentCount: 2, pure: true) { arguments in
        guard let raw = String.fromDatabaseValue(arguments[1]), let kind = Kind(rawValue: raw) else { return nil }
        return of(arguments[0], kind: kind)
    }
}

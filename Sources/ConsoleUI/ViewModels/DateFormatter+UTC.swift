import Foundation

extension DateFormatter {
    /// A formatter for `format` in UTC with the POSIX locale: the same text on every machine, as the
    /// engine records dates (the data browser's values, the history's times).
    static func utc(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}

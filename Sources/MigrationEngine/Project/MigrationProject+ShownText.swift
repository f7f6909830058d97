extension MigrationProject {
    /// The text a data browser shows for values, as the engine spells it (``ShownText``): the browser's text
    /// search matches this very text, so what is typed is what is on screen.
    package enum Shown {
        /// A date stored as `seconds` since 2001: `yyyy-MM-dd HH:mm:ss` in UTC, or the seconds stored when out
        /// of the four-digit years.
        package static func date(_ seconds: Double) -> String { ShownText.date(seconds) }
        /// A floating-point number (`3.0`, `0.25`).
        package static func real(_ value: Double) -> String { ShownText.real(value) }
        /// A Boolean (`yes`, `no`).
        package static func bool(_ flag: Bool) -> String { ShownText.bool(flag) }
        /// A to-one relationship to object `key` of `entity` (`Author #7`).
        package static func reference(entity: String, key: Int64) -> String { ShownText.reference(entity: entity, key: key) }
        /// Text on one line (line breaks `⏎`, tabs spaces).
        package static func oneLine(_ text: String) -> String { ShownText.oneLine(text) }
    }
}

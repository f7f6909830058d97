/// XML that could not be parsed, with the position where the parser gave up.
struct XMLTreeError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

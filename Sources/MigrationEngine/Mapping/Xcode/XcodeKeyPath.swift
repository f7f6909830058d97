/// Key paths as Xcode writes them in mapping models: `$source.country.continent`, or `continent` (read on
/// `$source`), with KVC collection operators such as `@distinctUnionOfSets` between keys.
enum XcodeKeyPath {
    /// The expression for `path`, or `nil` when it is not a key path (an empty key, or a variable alone).
    static func expression(_ path: String) -> Expression? {
        var keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = keys.first else { return nil }
        var base = Expression(.variable("source"))
        if first.hasPrefix("$") {
            base = Expression(.variable(String(first.dropFirst())))
            keys.removeFirst()
        }
        guard !keys.isEmpty, !base.isEmptyVariable, keys.allSatisfy(isKey) else { return nil }
        return Self.keys(keys.joined(separator: "."), on: base)
    }

    /// `base` followed by each key of the dotted `path`.
    static func keys(_ path: String, on base: Expression) -> Expression {
        path.split(separator: ".").reduce(base) { Expression(.key(base: $0, name: String($1))) }
    }

    private static func isKey(_ key: String) -> Bool {
        let name = key.hasPrefix("@") ? key.dropFirst() : Substring(key)
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension Expression {
    fileprivate var isEmptyVariable: Bool { kind == .variable("") }
}

import MigrationEngine

/// The command line's words for versions Core Data cannot tell apart (``ModelBundle/identicalHashVersions``).
enum IdenticalVersionsText {
    /// One warning line per group, without the `warning: ` prefix.
    static func lines(_ groups: [[String]]) -> [String] {
        groups.map { names in
            let listed = names.dropLast().joined(separator: ", ") + " and " + names.last!
            return "versions \(listed) have identical entity hashes: Core Data cannot tell their stores apart"
                + " (a forgotten version hash modifier?)"
        }
    }
}

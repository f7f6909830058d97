import Foundation

/// An entity mapping's source filter as Xcode keeps it: an `NSPredicate` format string over the source
/// object (`image != nil`), which Xcode writes as the mapping model's `sourcefilterpredicatestring` and
/// compiles into the source expression's fetch (`fetchRequestForSourceEntityNamed:predicateString:`). Core
/// Data migrates only the source objects it matches; cdmigrate gives the same test as the mapping's filter,
/// with the predicate's key paths read from `$source`.
enum SourceFilterPredicate {
    /// The filter `predicate` states, or nil for `TRUEPREDICATE` (every object, what Xcode writes for a mapping
    /// without a filter) and for an empty string.
    /// - Throws: ``ExpressionSyntaxError`` when the predicate is not one the expression language reads.
    static func filter(_ predicate: String) throws(ExpressionSyntaxError) -> MappingExpression? {
        let text = predicate.trimmingCharacters(in: .whitespacesAndNewlines)
        switch text.uppercased() {
        case "", "TRUEPREDICATE": return nil
        // Written back in the mapping language (`$source.image != nil`), as a scaffold from it states it.
        case "FALSEPREDICATE": return MappingExpression(Expression(.literal(.bool(false))))
        default: return MappingExpression(try ExpressionParser.parse(text, bareKeysOf: "source"))
        }
    }
}

/// The derivation of an archived `NSDerivedAttributeDescription` in the key-path form Xcode's model
/// source writes (`derivationExpression="pages.@count"`), so cached and source models read alike.
enum ArchivedDerivation {
    /// `<key path>.@count` for `count:(<key path>)`, the key path itself for a key-path expression, and
    /// `nil` for any other expression (it stays unknown rather than guessed).
    static func format(_ expression: ArchivedObject?) -> String? {
        guard let expression else { return nil }
        if expression.isKind(of: "NSKeyPathExpression") {
            return expression["NSArguments"]?.elements?.first.flatMap(keyPath)
        }
        guard expression.isKind(of: "NSFunctionExpression"), expression["NSSelectorName"]?.string == "count:",
            let argument = expression["NSArguments"]?.elements?.first, let path = format(argument)
        else { return nil }
        return path + ".@count"
    }

    /// The key of a key-path specifier (`pages` in `valueForKey:(pages)`).
    private static func keyPath(_ object: ArchivedObject) -> String? {
        object.isKind(of: "NSKeyPathSpecifierExpression") ? object["NSKeyPath"]?.string : nil
    }
}

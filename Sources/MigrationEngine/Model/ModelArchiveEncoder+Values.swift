import Foundation

extension ModelArchiveEncoder {
    /// An attribute's default value as the object Core Data keeps: numbers and Booleans inline, a string,
    /// `NSDate`, `NSUUID` or `NSURL` as an object. `$null` for a Decimal (its `NSDecimalNumber` archive
    /// is not written here) and for text that does not parse as the type.
    mutating func defaultValue(_ text: String, type: AttributeType) -> PropertyListValue {
        switch type {
        case .integer16, .integer32, .integer64:
            if let number = Int64(text) ?? Self.flag(text).map({ $0 ? 1 : 0 }) { return .integer(number) }
            return Double(text).flatMap { Int64(exactly: $0.rounded(.towardZero)) }.map(PropertyListValue.integer)
                ?? KeyedArchiveBuilder.null
        case .double, .float:
            return Double(text).map(PropertyListValue.real) ?? KeyedArchiveBuilder.null
        case .boolean:
            return (Self.flag(text) ?? Int64(text).map { $0 != 0 }).map(PropertyListValue.boolean) ?? KeyedArchiveBuilder.null
        case .string:
            return archive.string(text)
        case .date:
            guard let seconds = Double(text) else { return KeyedArchiveBuilder.null }
            return archive.object(classes: ["NSDate", "NSObject"], fields: ["NS.time": .real(seconds)])
        case .uuid:
            guard let uuid = UUID(uuidString: text) else { return KeyedArchiveBuilder.null }
            let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
            return archive.object(classes: ["NSUUID", "NSObject"], fields: ["NS.uuidbytes": .data(bytes)])
        case .uri:
            let relative = archive.string(text)
            return archive.object(
                classes: ["NSURL", "NSObject"], fields: ["NS.base": KeyedArchiveBuilder.null, "NS.relative": relative])
        case .decimal, .binary, .transformable, .undefined, .objectID, .composite:
            return KeyedArchiveBuilder.null
        }
    }

    /// `YES`/`NO` (and `true`/`false`) as the model source spells Booleans.
    private static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true": true
        case "no", "false": false
        default: nil
        }
    }

    /// A derivation in Xcode's key-path form as the `NSExpression` Core Data archives: `pages.@count` is
    /// `count:` of the key path (books' `Book.pagesCount`), anything else a key path. ``ArchivedDerivation``
    /// reads both back.
    mutating func derivation(_ text: String) -> PropertyListValue {
        let suffix = ".@count"
        guard text.hasSuffix(suffix), text.count > suffix.count else { return keyPathExpression(text) }
        let argument = keyPathExpression(String(text.dropLast(suffix.count)))
        let utilities = archive.string("_NSPredicateUtilities")
        let operand = archive.object(
            classes: ["NSConstantValueExpression", "NSExpression", "NSObject"],
            fields: ["NSConstantValueClassName": utilities, "NSExpressionType": .integer(0)])
        let arguments = archive.collection([argument], classes: Self.array)
        let selector = archive.string("count:")
        return archive.object(
            classes: ["NSFunctionExpression", "NSExpression", "NSObject"],
            fields: [
                "NSOperand": operand, "NSArguments": arguments, "NSSelectorName": selector, "NSExpressionType": .integer(4),
            ])
    }

    /// `valueForKey:` (or `valueForKeyPath:` for a dotted path) applied to the evaluated object.
    private mutating func keyPathExpression(_ path: String) -> PropertyListValue {
        let key = archive.string(path)
        let specifier = archive.object(
            classes: ["NSKeyPathSpecifierExpression", "NSExpression", "NSObject"],
            fields: ["NSKeyPath": key, "NSExpressionType": .integer(10)])
        let operand = archive.object(
            classes: ["NSSelfExpression", "NSExpression", "NSObject"], fields: ["NSExpressionType": .integer(1)])
        let arguments = archive.collection([specifier], classes: Self.mutableArray)
        let selector = archive.string(path.contains(".") ? "valueForKeyPath:" : "valueForKey:")
        return archive.object(
            classes: ["NSKeyPathExpression", "NSFunctionExpression", "NSExpression", "NSObject"],
            fields: [
                "NSOperand": operand, "NSArguments": arguments, "NSSelectorName": selector, "NSExpressionType": .integer(3),
            ])
    }
}

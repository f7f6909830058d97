import Foundation

@testable import MigrationEngine

/// A generated pair's step as an Xcode mapping model (`xcmapping.xml`), written as Xcode's mapping editor writes
/// one it generated: an `Undefined` entity mapping per destination entity from the source entity it was (named
/// `<Source>To<Destination>`, numbered in order), a property mapping per destination property the source entity
/// had (inherited ones included), left blank for Xcode to generate (`$source.<name>`, or the relationship's
/// lookup), except where the value had to be typed in the editor (a keyed-archived `NSExpression`): a property
/// renamed by renaming identifier stores `$source.<old name>`, and one made required with a default
/// `$source.x != nil ? $source.x : default`. Properties the destination added have no property mapping and take
/// their default.
enum GeneratedXcodeMapping {
    static func xml(_ pair: GeneratedModelPair) -> String {
        var objects: [String] = []
        var entityIDs: [String] = []
        let sourceOf = Dictionary(pair.entityNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        for (number, entity) in pair.destination.entities.enumerated() {
            guard let source = sourceOf[entity.name] else { continue }
            let id = "e\(number + 1)"
            entityIDs.append(id)
            // The entity and its parents, each with the source entity it was: Xcode lists inherited properties
            // in a sub-entity's mapping too.
            var lineage: [(entity: Entity, source: String)] = []
            var next: Entity? = entity
            while let current = next {
                lineage.append((current, sourceOf[current.name] ?? current.name))
                next = current.parentName.flatMap { name in pair.destination.entities.first { $0.name == name } }
            }
            var attributeIDs: [String] = []
            var relationshipIDs: [String] = []
            for (declaring, declaringSource) in lineage {
                // Destination property → the source property it was, for every property kept.
                var was: [String: String] = [:]
                for (key, new) in pair.propertyNames where key.hasPrefix(declaringSource + ".") {
                    was[new] = String(key.dropFirst(declaringSource.count + 1))
                }
                for attribute in declaring.attributes {
                    guard let old = was[attribute.name] else { continue }
                    let property = "\(id)a\(attributeIDs.count + 1)"
                    attributeIDs.append(property)
                    // An attribute made required with a default takes it where the source has no value, as
                    // inference gives it: `$source.x != nil ? $source.x : default`, typed in the editor.
                    let expression: String? =
                        pair.defaults["\(declaring.name).\(attribute.name)"] != nil
                        ? archive(old, orDefault: attribute) : old == attribute.name ? nil : archive(old, orDefault: nil)
                    let value =
                        expression.map { #"<attribute name="valueexpressiondata" type="binary">\#($0)</attribute>"# } ?? ""
                    objects.append(
                        #"<object type="XDDEVATTRIBUTEMAPPING" id="\#(property)"><attribute name="name" type="string">\#(attribute.name)</attribute>\#(value)</object>"#
                    )
                }
                for relationship in declaring.relationships {
                    guard let old = was[relationship.name] else { continue }
                    let property = "\(id)r\(relationshipIDs.count + 1)"
                    relationshipIDs.append(property)
                    // A relationship renamed by renaming identifier gets the lookup an inferred mapping model
                    // holds, typed in: the destination objects made from the members of the old relationship.
                    let value =
                        old == relationship.name
                        ? "" : #"<attribute name="valueexpressiondata" type="binary">\#(archiveLookup(old))</attribute>"#
                    objects.append(
                        #"<object type="XDDEVRELATIONSHIPMAPPING" id="\#(property)"><attribute name="autogenerateexpression" type="bool">1</attribute><attribute name="name" type="string">\#(relationship.name)</attribute>\#(value)</object>"#
                    )
                }
            }
            objects.append(
                """
                <object type="XDDEVENTITYMAPPING" id="\(id)">
                    <attribute name="name" type="string">\(source)To\(entity.name)</attribute>
                    <attribute name="sourcename" type="string">\(source)</attribute>
                    <attribute name="mappingtypename" type="string">Undefined</attribute>
                    <attribute name="mappingnumber" type="int16">\(number + 1)</attribute>
                    <attribute name="destinationname" type="string">\(entity.name)</attribute>
                    <attribute name="autogenerateexpression" type="bool">1</attribute>
                    <relationship name="attributemappings" type="0/0" destination="XDDEVATTRIBUTEMAPPING" idrefs="\(attributeIDs.joined(separator: " "))"></relationship>
                    <relationship name="relationshipmappings" type="0/0" destination="XDDEVRELATIONSHIPMAPPING" idrefs="\(relationshipIDs.joined(separator: " "))"></relationship>
                </object>
                """)
        }
        return """
            <?xml version="1.0" standalone="yes"?>
            <database>
                <object type="XDDEVMAPPINGMODEL" id="m1">
                    <attribute name="sourcemodelpath" type="string">Generated.xcdatamodeld/\(pair.source.name).xcdatamodel</attribute>
                    <attribute name="destinationmodelpath" type="string">Generated.xcdatamodeld/\(pair.destination.name).xcdatamodel</attribute>
                    <relationship name="entitymappings" type="0/0" destination="XDDEVENTITYMAPPING" idrefs="\(entityIDs.joined(separator: " "))"></relationship>
                </object>
            \(objects.joined(separator: "\n"))
            </database>
            """
    }

    /// `FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "<key>",
    /// $source.<key>)` as Xcode archives it. Base64 of the keyed archive.
    static func archiveLookup(_ key: String) -> String {
        var archive = KeyedArchiveBuilder()
        let expression = ["NSExpression", "NSObject"]
        let variable = { (archive: inout KeyedArchiveBuilder, name: String) -> PropertyListValue in
            archive.object(classes: ["NSVariableExpression"] + expression, fields: ["NSVariable": archive.string(name)])
        }
        let source = variable(&archive, "source")
        let specifier = archive.object(
            classes: ["NSKeyPathSpecifierExpression"] + expression, fields: ["NSKeyPath": archive.string(key)])
        let keyPath = archive.object(
            classes: ["NSFunctionExpression"] + expression,
            fields: [
                "NSSelectorName": archive.string("valueForKeyPath:"), "NSOperand": source,
                "NSArguments": archive.collection([specifier], classes: ["NSArray", "NSObject"]),
            ])
        let name = archive.object(
            classes: ["NSConstantValueExpression"] + expression, fields: ["NSConstantValue": archive.string(key)])
        let manager = variable(&archive, "manager")
        let root = archive.object(
            classes: ["NSFunctionExpression"] + expression,
            fields: [
                "NSSelectorName": archive.string(SelectorCall.relationshipLookup), "NSOperand": manager,
                "NSArguments": archive.collection([name, keyPath], classes: ["NSArray", "NSObject"]),
            ])
        return BinaryPropertyListWriter.write(archive.archive(root: root)).base64EncodedString()
    }

    /// `$source.<key>` as Xcode archives it (`valueForKeyPath:` on the `source` variable with a key path
    /// specifier); with `fallback`, `$source.<key> != nil ? $source.<key> : <its default value>` (a ternary with
    /// a comparison predicate). Base64 of the keyed archive.
    static func archive(_ key: String, orDefault fallback: Attribute?) -> String {
        var archive = KeyedArchiveBuilder()
        let expression = ["NSExpression", "NSObject"]
        let keyPath = { (archive: inout KeyedArchiveBuilder) -> PropertyListValue in
            let variable = archive.object(
                classes: ["NSVariableExpression"] + expression, fields: ["NSVariable": archive.string("source")])
            let specifier = archive.object(
                classes: ["NSKeyPathSpecifierExpression"] + expression, fields: ["NSKeyPath": archive.string(key)])
            let arguments = archive.collection([specifier], classes: ["NSArray", "NSObject"])
            return archive.object(
                classes: ["NSFunctionExpression"] + expression,
                fields: ["NSSelectorName": archive.string("valueForKeyPath:"), "NSOperand": variable, "NSArguments": arguments])
        }
        guard let fallback, let text = fallback.defaultValue else {
            let root = keyPath(&archive)
            return BinaryPropertyListWriter.write(archive.archive(root: root)).base64EncodedString()
        }
        let constant = { (archive: inout KeyedArchiveBuilder, value: PropertyListValue) -> PropertyListValue in
            archive.object(classes: ["NSConstantValueExpression"] + expression, fields: ["NSConstantValue": value])
        }
        let defaultValue: PropertyListValue
        if fallback.type == .string {
            defaultValue = archive.string(text)
        } else {
            defaultValue = .integer(Int64(text) ?? 0)
        }
        let comparison = archive.object(
            classes: ["NSComparisonPredicate", "NSPredicate", "NSObject"],
            fields: [
                "NSLeftExpression": keyPath(&archive), "NSRightExpression": constant(&archive, KeyedArchiveBuilder.null),
                "NSPredicateOperator": archive.object(
                    classes: ["NSPredicateOperator", "NSObject"], fields: ["NSOperatorType": .integer(5)]),
            ])
        let root = archive.object(
            classes: ["NSTernaryExpression"] + expression,
            fields: [
                "NSPredicate": comparison, "NSTrueExpression": keyPath(&archive),
                "NSFalseExpression": constant(&archive, defaultValue),
            ])
        return BinaryPropertyListWriter.write(archive.archive(root: root)).base64EncodedString()
    }
}

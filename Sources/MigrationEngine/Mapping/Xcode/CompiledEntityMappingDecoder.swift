import Foundation

/// Turns one archived `NSEntityMapping` of a compiled mapping model (`.cdm`) into an ``EntityMapping``, with
/// the entity version hashes Core Data matches it by.
///
/// Read: `NSMappingName`, `NSMappingType`, `NSSourceEntityName`, `NSDestinationEntityName`, their version
/// hashes, `NSEntityMigrationPolicyClassName`, `NSAttributeMappings` and `NSRelationshipMappings` (each an
/// `NSPropertyMapping`: `NSDestinationPropertyName` and `NSValueExpression`, whose absence leaves the property
/// unset), and `NSSourceExpression`, which must be Xcode's fetch of the source entity's objects with a
/// predicate string (``SourceFilterPredicate``: the mapping's filter). A source expression of another shape, a
/// predicate the expression language cannot read, or property transforms fail the import: the mapping is never
/// applied in part.
struct CompiledEntityMappingDecoder {
    /// What one archived entity mapping holds.
    struct Decoded {
        var mapping: EntityMapping
        var sourceHash: Data?
        var destinationHash: Data?
    }

    let file: String

    func decode(_ object: ArchivedObject) throws(MappingFileError) -> Decoded {
        let source = object["NSSourceEntityName"]?.string
        let destination = object["NSDestinationEntityName"]?.string
        let name = object["NSMappingName"]?.string ?? EntityMapping.defaultName(source: source, destination: destination)
        let policy = object["NSEntityMigrationPolicyClassName"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let code = object["NSMappingType"]?.integer ?? 0
        let kind =
            EntityMappingKind.allCases.first { Int64($0.code) == code }
            ?? EntityMappingKind.undefined(source: source, destination: destination, policy: policy)
        var mapping = EntityMapping(
            name: name, kind: kind, sourceEntity: source, destinationEntity: destination,
            filter: try sourceFilter(object["NSSourceExpression"], entity: source, mapping: name), policy: policy)
        mapping.attributes = try properties(object["NSAttributeMappings"], mapping: name, kind: "attribute")
        mapping.relationships = try properties(object["NSRelationshipMappings"], mapping: name, kind: "relationship")
        return Decoded(
            mapping: mapping, sourceHash: object["NSSourceEntityVersionHash"]?.data,
            destinationHash: object["NSDestinationEntityVersionHash"]?.data)
    }

    private func fail(_ message: String) -> MappingFileError {
        MappingFileError(path: file, at: nil, message)
    }

    /// The filter of `FETCH(FUNCTION($manager, "fetchRequestForSourceEntityNamed:predicateString:", <entity>,
    /// <predicate>), $manager.sourceContext, NO)`, what Xcode writes (`TRUEPREDICATE` for a mapping without a
    /// filter); any other source expression fails.
    private func sourceFilter(_ expression: ArchivedObject?, entity: String?, mapping: String) throws(MappingFileError)
        -> MappingExpression?
    {
        guard let expression else { return nil }
        let request = expression["NSFRExpression"]
        let arguments = request?["NSArguments"]?.elements ?? []
        guard expression.isKind(of: "NSFetchRequestExpression"),
            request?["NSSelectorName"]?.string == "fetchRequestForSourceEntityNamed:predicateString:",
            arguments.count == 2, arguments[0]["NSConstantValue"]?.string == entity
        else {
            throw fail("entity mapping \(mapping): its source expression is not a fetch of every \(entity ?? "source") object")
        }
        guard let predicate = arguments[1]["NSConstantValue"]?.string else {
            throw fail("entity mapping \(mapping): its source expression's predicate is not a string")
        }
        do {
            return try SourceFilterPredicate.filter(predicate)
        } catch {
            throw fail("entity mapping \(mapping): the source filter \(predicate) cannot be read: \(error)")
        }
    }

    private func properties(_ list: ArchivedObject?, mapping: String, kind: String) throws(MappingFileError)
        -> [PropertyMapping]
    {
        var result: [PropertyMapping] = []
        for item in list?.elements ?? [] {
            guard let name = item["NSDestinationPropertyName"]?.string else {
                throw fail("entity mapping \(mapping): a \(kind) mapping without a destination property name")
            }
            if let transforms = item["NSPropertyTransforms"], transforms.elements?.isEmpty != true {
                throw fail("entity mapping \(mapping), \(kind) \(name): property transforms are not supported")
            }
            guard let archived = item["NSValueExpression"] else {
                result.append(PropertyMapping(name: name, value: nil))
                continue
            }
            do {
                let expression = try ArchivedExpressionDecoder.decode(archived)
                result.append(
                    PropertyMapping(
                        name: name, value: MappingExpression(text: expression.description, expression: expression)))
            } catch {
                throw fail("entity mapping \(mapping), \(kind) \(name): value expression: \(error.message)")
            }
        }
        return result
    }
}

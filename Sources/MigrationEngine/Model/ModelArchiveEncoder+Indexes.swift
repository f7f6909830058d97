import Foundation

extension ModelArchiveEncoder {
    /// An entity's own fetch indexes as Core Data's migration writes them: one per indexed attribute
    /// (named after it, in name order), then one per compound index (its names joined by `_`), then the
    /// declared fetch indexes. Sub-entities do not repeat their parent's (wire 2.101.0's `Message`).
    func fetchIndexes(of entity: Entity) -> [FetchIndex] {
        let indexed = entity.attributes.filter(\.isIndexed).map(\.name)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { FetchIndex(name: $0, elements: [FetchIndex.Element(property: $0)]) }
        let compound = entity.compoundIndexes.map { names in
            FetchIndex(name: names.joined(separator: "_"), elements: names.map { FetchIndex.Element(property: $0) })
        }
        return indexed + compound + entity.fetchIndexes
    }

    /// `NSCompoundIndexes`, which Core Data derives from the fetch indexes: those of more than one element
    /// that name attributes only (wire's `Message` indexes, which name relationships, are left out; cars'
    /// `byMakerAndNumberPlate` is kept).
    func compoundIndexes(of entity: Entity, indexes: [FetchIndex]) -> [[String]] {
        let attributes = Set(model.allAttributes(of: entity).map(\.name))
        return indexes.map { $0.elements.map(\.property) }
            .filter { $0.count > 1 && $0.allSatisfy(attributes.contains) }
    }

    /// An `NSFetchIndexDescription` and its elements, each pointing back at it.
    mutating func encodeFetchIndex(_ index: FetchIndex, entity: PropertyListValue) -> PropertyListValue {
        let reference = archive.reserve()
        var elements: [PropertyListValue] = []
        for element in index.elements {
            let name = archive.string(element.property)
            elements.append(
                archive.object(
                    classes: ["NSFetchIndexElementDescription", "NSObject"],
                    fields: [
                        "NSPropertyName": name, "NSAscending": .boolean(element.ascending),
                        // NSFetchIndexElementType: 0 binary, 1 R-tree.
                        "NSFetchIndexElementType": .integer(element.type == "Binary" ? 0 : 1),
                        "NSFetchIndexDescription": reference,
                    ]))
        }
        let list = archive.collection(elements, classes: Self.mutableArray)
        let name = archive.string(index.name)
        archive.fill(
            reference, classes: ["NSFetchIndexDescription", "NSObject"],
            fields: [
                "NSIndexName": name, "NSIndexElements": list, "NSEntity": entity,
                "NSPartialIndexPredicate": KeyedArchiveBuilder.null,
            ])
        return reference
    }
}

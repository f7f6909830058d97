/// Builds the ``MappingScaffold`` of a migration step: from an explicit mapping (above all an Xcode mapping
/// model that names a custom policy class), or from the inferred mapping (``scaffoldInferred(origin:)``).
///
/// Every value the mapping states is written out, generated ones included (`$source.<name>`, the
/// relationship lookups Xcode generates), so the file says on its own what the step does. The part done
/// in code becomes a template: a mapping with a policy loses it, and each destination property it leaves
/// without a value gets a placeholder; an add mapping (which makes no objects without a policy) becomes one
/// object per source object of the entity its relationship leads back to, when exactly one policy mapping
/// makes that entity; optional `filter` and `merge` lines are offered as comments.
package struct MappingScaffolder: Sendable {
    /// The source model version.
    package let source: ObjectModel
    /// The destination model version.
    package let destination: ObjectModel
    /// The functions expressions may call.
    package let functions: ExpressionFunctions

    /// Creates a scaffolder for the step from `source` to `destination`.
    package init(source: ObjectModel, destination: ObjectModel, functions: ExpressionFunctions = .standard) {
        self.source = source
        self.destination = destination
        self.functions = functions
    }

    /// An add mapping turned into one destination object per source object of the policy mapping it links to.
    struct Split {
        var sourceEntity: String
        var relationship: Relationship
        var linked: EntityMapping
    }

    /// The scaffold of `model`; `origin` (the mapping model's file name) is named in the header.
    ///
    /// - Throws: ``MappingFileError`` when the mapping does not fit the two versions.
    package func scaffold(_ model: MappingModel, origin: String) throws(MappingFileError) -> MappingScaffold {
        let resolved = try MappingResolver(model: model, source: source, destination: destination, functions: functions)
            .resolve().filter { !$0.isImplicit }
        let custom = model.entityMappings.filter { $0.policy != nil }
        var splits: [String: Split] = [:]
        var inverses: [String: [String: String]] = [:]
        for entry in resolved where !custom.isEmpty && entry.mapping.kind == .add {
            guard let entity = entry.destinationEntity, let split = split(entity, custom: custom) else { continue }
            splits[entry.mapping.name] = split
            if let inverse = split.relationship.inverseName {
                inverses[split.linked.name, default: [:]][inverse] = "\(entity.name).\(split.relationship.name)"
            }
        }
        let mappings = resolved.map { entry in
            let mapping = entry.mapping
            let part: CustomPart? =
                if let policy = mapping.policy { .policy(policy) } else if let split = splits[mapping.name] {
                    .split(split)
                } else if !custom.isEmpty && mapping.kind == .add { .unknownSource } else { nil }
            return scaffoldMapping(entry, part: part, inverses: inverses[mapping.name] ?? [:])
        }
        var header = [
            "cdmigrate mapping file for \(model.sourceVersion) → \(model.destinationVersion), scaffolded by cdmigrate from",
            "\(origin). In the same mapping folder it is used for this step in place of",
            "\(origin) (a mapping file takes precedence over an Xcode mapping model for the same step).",
        ]
        if !custom.isEmpty {
            header += [
                "",
                custom.count == 1
                    ? "The mapping model names a custom policy class, whose code cdmigrate cannot run:"
                    : "The mapping model names custom policy classes, whose code cdmigrate cannot run:",
            ]
            header += custom.map { "  \($0.name): \($0.policy ?? "")" }
            header += [
                "Say what \(custom.count == 1 ? "it" : "they") did with expressions: replace every \(ScaffoldValue.placeholderText) below ($source.<property>, uuid(),",
                "trim(…), … see docs/guide/mapping-files.md; nil leaves a property empty). Until then the file is refused,",
                "naming the line of each value still to write.",
            ]
        }
        return MappingScaffold(
            sourceVersion: model.sourceVersion, destinationVersion: model.destinationVersion,
            copiesUnmappedEntities: model.copiesUnmappedEntities, header: header, mappings: mappings)
    }

    /// What part of the work code did for a mapping.
    enum CustomPart {
        case policy(String)
        case split(Split)
        case unknownSource
    }

    /// The one relationship of `entity` that leads to the objects a policy mapping makes from a source entity.
    private func split(_ entity: Entity, custom: [EntityMapping]) -> Split? {
        let links = destination.allRelationships(of: entity).filter { !$0.isTransient }.flatMap { relationship in
            custom.compactMap { mapping -> Split? in
                guard mapping.destinationEntity == relationship.destinationEntity, let source = mapping.sourceEntity else {
                    return nil
                }
                return Split(sourceEntity: source, relationship: relationship, linked: mapping)
            }
        }
        return links.count == 1 ? links[0] : nil
    }

    private func scaffoldMapping(_ entry: ResolvedEntityMapping, part: CustomPart?, inverses: [String: String])
        -> ScaffoldMapping
    {
        let mapping = entry.mapping
        var result = ScaffoldMapping(name: mapping.name, destination: mapping.destinationEntity, userInfo: mapping.userInfo)
        let sourceName: String?
        switch part {
        case .split(let split): sourceName = split.sourceEntity
        case .unknownSource: sourceName = nil
        case .policy, nil: sourceName = mapping.sourceEntity
        }
        result.source = sourceName.map(ScaffoldValue.text) ?? (part == nil ? nil : .placeholder)
        if part == nil, mapping.kind != Self.impliedKind(mapping) { result.kind = mapping.kind }
        let offered: ScaffoldValue? = part == nil ? nil : .commented("<expression>")
        result.filter = mapping.filter.map { .text($0.text) } ?? offered
        result.merge = mapping.mergeKey.map { .text($0.text) } ?? offered
        let templated = part != nil
        result.attributes = entry.attributes.map { attribute, value in
            if let value { return ScaffoldProperty(name: attribute.name, value: .text(value.text)) }
            if templated { return ScaffoldProperty(name: attribute.name, value: .placeholder, comment: describe(attribute)) }
            let sourceHasIt =
                entry.sourceEntity.map { source.allAttributes(of: $0).contains { $0.name == attribute.name } } ?? false
            if sourceHasIt {
                // Left unset by the mapping although the source has it: not listing it would copy it.
                return ScaffoldProperty(name: attribute.name, value: Self.defaultValue(attribute), comment: "the model's default")
            }
            return ScaffoldProperty(name: attribute.name, value: .note, comment: "not set (the model's default)")
        }
        result.relationships = relationships(entry, part: part, inverses: inverses)
        let sourceEntity = sourceName.flatMap { source.entity(named: $0) }
        result.notes = notes(for: entry, part: part, sourceEntity: sourceEntity)
        return result
    }

    private func relationships(_ entry: ResolvedEntityMapping, part: CustomPart?, inverses: [String: String])
        -> [ScaffoldProperty]
    {
        guard let entity = entry.destinationEntity else { return [] }
        return destination.allRelationships(of: entity).filter { !$0.isTransient }.map { relationship in
            let name = relationship.name
            if case .split(let split) = part, split.relationship.name == name {
                return ScaffoldProperty(name: name, value: .lookup(mapping: split.linked.name, from: nil))
            }
            if let value = entry.relationships.first(where: { $0.relationship.name == name })?.value {
                return ScaffoldProperty(name: name, value: Self.value(of: value.expression, text: value.text))
            }
            if let inverse = inverses[name] {
                return ScaffoldProperty(name: name, value: .note, comment: "set through its inverse \(inverse)")
            }
            if part != nil { return ScaffoldProperty(name: name, value: .placeholder, comment: describe(relationship)) }
            return ScaffoldProperty(name: name, value: .note, comment: "left empty")
        }
    }

    private func notes(for entry: ResolvedEntityMapping, part: CustomPart?, sourceEntity: Entity?)
        -> [String]
    {
        let mapping = entry.mapping
        let entity = mapping.destinationEntity ?? "?"
        var notes: [String]
        switch part {
        case nil: return []
        case .policy(let policy):
            notes = [
                "\(mapping.name): the mapping model gives it the custom policy class \(policy).",
                "Write what the policy set in place of each \(ScaffoldValue.placeholderText).",
            ]
        case .split(let split):
            notes = [
                "\(mapping.name): an add mapping in the mapping model, which makes no \(entity) objects by itself:",
                "the policy of \(split.linked.name) made them. Written here as one \(entity) for each \(split.sourceEntity)",
                "(\(entity).\(split.relationship.name) is the \(split.relationship.destinationEntity) that \(split.linked.name) makes from it);",
                "uncomment filter to make fewer, or merge to make one per distinct value.",
            ]
        case .unknownSource:
            let candidates = source.entities.filter { !$0.isAbstract }.map(\.name)
            notes = [
                "\(mapping.name): an add mapping in the mapping model, which makes no \(entity) objects by itself: a policy made them.",
                "Name the source entity whose objects each make one \(entity) (one of: \(candidates.joined(separator: ", "))),",
                "or delete the mapping to make none.",
            ]
        }
        if let sourceEntity {
            let properties =
                source.allAttributes(of: sourceEntity).filter { !$0.isTransient }.map { "\($0.name) (\($0.type.rawValue))" }
                + source.allRelationships(of: sourceEntity).filter { !$0.isTransient }.map { "\($0.name) (\(describe($0)))" }
            notes += wrapped("\(sourceEntity.name) in \(source.name) has: ", properties)
            let read = entry.readSourceKeys
            let unread = source.allAttributes(of: sourceEntity).filter { !$0.isTransient && !read.contains($0.name) }.map(\.name)
            if !unread.isEmpty { notes += wrapped("read by no value yet: ", unread) }
        }
        return notes
    }

    /// `prefix` and the items, comma-separated, cut into lines of at most about 110 characters.
    private func wrapped(_ prefix: String, _ items: [String]) -> [String] {
        var lines: [String] = []
        var line = prefix
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? "," : "")
            if line.count + piece.count > 110, line != prefix {
                lines.append(line)
                line = "  "
            }
            line += (line.hasSuffix(" ") ? "" : " ") + piece
        }
        return lines + [line]
    }

    func describe(_ attribute: Attribute) -> String {
        var parts = [attribute.type.rawValue, attribute.isOptional ? "optional" : "required"]
        if let value = attribute.defaultValue, !value.isEmpty { parts.append("default \(value)") }
        return parts.joined(separator: ", ")
    }

    func describe(_ relationship: Relationship) -> String {
        (relationship.isToMany ? "to-many " : "to-one ") + relationship.destinationEntity
            + (relationship.isOptional ? "" : ", required")
    }

    /// The kind a mapping file implies when `kind` is not written.
    static func impliedKind(_ mapping: EntityMapping) -> EntityMappingKind {
        if mapping.policy != nil { return .custom }
        switch (mapping.sourceEntity, mapping.destinationEntity) {
        case (_?, _?): return .transform
        case (_?, nil): return .remove
        default: return .add
        }
    }

    /// A relationship value as the file writes it: `{ mapping: Name, from: … }` for an entity mapping lookup.
    static func value(of expression: Expression, text: String) -> ScaffoldValue {
        if case .function(let target, SelectorCall.entityMappingLookup, let arguments) = expression.kind,
            target.kind == .variable("manager"), arguments.count == 2,
            case .literal(.string(let name)) = arguments[0].kind
        {
            let from = arguments[1]
            return .lookup(mapping: name, from: from.kind == .variable("source") ? nil : from.description)
        }
        return .text(text)
    }

    /// The attribute's default as an expression, or a placeholder when it has no literal form.
    static func defaultValue(_ attribute: Attribute) -> ScaffoldValue {
        switch DefaultLiteral(attribute: attribute) {
        case nil: .text("nil")
        case .integer(let value)?: .text("\(value)")
        case .real(let value)? where attribute.type != .date: .text("\(value)")
        case .text(let value)? where !value.contains("\""): .text("\"\(value)\"")
        default: .placeholder
        }
    }
}

extension ResolvedEntityMapping {
    /// The names the mapping's values read as `$source.<name>`.
    var readSourceKeys: Set<String> {
        var keys: Set<String> = []
        let values = [mapping.filter, mapping.mergeKey] + attributes.map(\.value) + relationships.map { $0.value }
        for value in values.compactMap({ $0 }) { Self.collect(value.expression, into: &keys) }
        return keys
    }

    private static func collect(_ expression: Expression, into keys: inout Set<String>) {
        if case .key(let base, let name) = expression.kind, base.kind == .variable("source") { keys.insert(name) }
        for child in expression.kind.children { collect(child, into: &keys) }
    }
}

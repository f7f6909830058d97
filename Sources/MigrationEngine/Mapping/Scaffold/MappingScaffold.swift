/// A cdmigrate mapping file in the making, as `cdmigrate scaffold-mapping` writes it: everything an Xcode
/// mapping model (or the inferred mapping) states, spelled out, and for the part done in code (a custom
/// policy class) or left undecided by inference, placeholders (`<fill>`) naming what a person must write.
///
/// ``MappingFileWriter`` turns it into text; ``MappingFileReader`` refuses a file that still holds a
/// placeholder, naming its line, so an unfinished scaffold never runs.
public struct MappingScaffold: Sendable, Hashable {
    /// The source model version's name.
    public var sourceVersion: String
    /// The destination model version's name.
    public var destinationVersion: String
    /// Whether entities no mapping reads are copied (`unmapped: copy`) or dropped.
    public var copiesUnmappedEntities: Bool
    /// Comment lines written at the top of the file.
    public var header: [String]
    /// The entity mappings, in run order.
    public var mappings: [ScaffoldMapping]

    /// Creates a scaffold.
    package init(
        sourceVersion: String, destinationVersion: String, copiesUnmappedEntities: Bool, header: [String],
        mappings: [ScaffoldMapping]
    ) {
        self.sourceVersion = sourceVersion
        self.destinationVersion = destinationVersion
        self.copiesUnmappedEntities = copiesUnmappedEntities
        self.header = header
        self.mappings = mappings
    }

    /// Every value left for a person to write, as `mapping.property` (`PostToColor.hex`), in file order.
    public var placeholders: [String] {
        mappings.flatMap { mapping in
            let fields: [(String, ScaffoldValue?)] = [
                ("source", mapping.source), ("filter", mapping.filter), ("merge", mapping.merge),
            ]
            return fields.compactMap { $0.1 == .placeholder ? "\(mapping.name).\($0.0)" : nil }
                + (mapping.attributes + mapping.relationships).filter { $0.value == .placeholder }.map {
                    "\(mapping.name).\($0.name)"
                }
        }
    }
}

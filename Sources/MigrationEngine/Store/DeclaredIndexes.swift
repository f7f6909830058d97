/// The indexes and constraints a table gets from what its entities declare: indexed attributes,
/// compound indexes, fetch indexes and uniqueness constraints, written in the ``SchemaStyle`` given.
///
/// Entity-named (framework 851 on): `Z_<Entity>_<attribute>` for an indexed attribute,
/// `Z_<Entity>_<p1>_<p2>` for a compound index, `Z_<Entity>_<fetch index name>` for a fetch index (R-tree
/// ones are not created) and `Z_<Entity>_UNIQUE_<p1>_<p2>` (a `UNIQUE` index) for a uniqueness
/// constraint, every column followed by `COLLATE BINARY ASC` (or `DESC`). Table-named (up to 752):
/// `<TABLE>_<COLUMN>_INDEX`, `<TABLE>_<COL1>_<COL2>` with bare columns (a fetch index too, by its element
/// count), and uniqueness constraints as
/// `CONSTRAINT <COL1>_<COL2> UNIQUE (<COL1>, <COL2>)` inside `CREATE TABLE`.
struct DeclaredIndexes {
    /// The indexes, entity by entity in number order.
    private(set) var indexes: [SchemaIndex] = []
    /// `CONSTRAINT … UNIQUE (…)` clauses for `CREATE TABLE` (table-named style only).
    private(set) var tableConstraints: [String] = []

    init(model: ObjectModel, style: SchemaStyle, root: Entity, table: String, columns: [SchemaColumn]) {
        func column(_ property: String, in entity: Entity) -> String? {
            let owners = Set(([entity] + model.ancestors(of: entity)).map(\.name))
            return columns.first { column in
                switch column.role {
                case .attribute(let owner, let name), .foreignKey(let owner, let name): owners.contains(owner) && name == property
                default: false
                }
            }?.name
        }
        let ascending = "COLLATE BINARY ASC"
        for entity in model.hierarchy(below: root) {
            let first = indexes.count
            defer { for index in first..<indexes.count { indexes[index].declaringEntity = entity.name } }
            for attribute in entity.attributes.sorted(by: { SchemaBuilder.precedes($0.name, $1.name) })
            where attribute.isIndexed && SchemaBuilder.isStored(attribute) {
                guard let name = column(attribute.name, in: entity) else { continue }
                indexes.append(
                    style == .tableNamed
                        ? SchemaIndex(name: "\(table)_\(name)_INDEX", table: table, columns: [name])
                        : SchemaIndex(
                            name: "Z_\(entity.name)_\(attribute.name)", table: table, columns: [name], columnSuffixes: [ascending]
                        ))
            }
            for compound in entity.compoundIndexes {
                let names = compound.compactMap { column($0, in: entity) }
                guard names.count == compound.count, !names.isEmpty else { continue }
                indexes.append(
                    style == .tableNamed
                        ? SchemaIndex(name: ([table] + names).joined(separator: "_"), table: table, columns: names)
                        : SchemaIndex(
                            name: "Z_\(entity.name)_" + compound.joined(separator: "_"), table: table, columns: names,
                            columnSuffixes: names.map { _ in ascending }))
            }
            for fetchIndex in entity.fetchIndexes where fetchIndex.elements.allSatisfy({ $0.type == "Binary" }) {
                let names = fetchIndex.elements.compactMap { column($0.property, in: entity) }
                guard names.count == fetchIndex.elements.count, !names.isEmpty else { continue }
                // Frameworks of the table-named style predate fetch indexes: one that Xcode converted from an
                // indexed attribute or a compound index (wire's re-saved `zmessaging`, written at 640) is
                // created as that was, `ZUSER_ZNORMALIZEDNAME_INDEX`, `ZCONVERSATION_ZINTERNALISARCHIVED_ZLASTMODIFIEDDATE`.
                let index =
                    style == .tableNamed
                    ? SchemaIndex(
                        name: names.count == 1 ? "\(table)_\(names[0])_INDEX" : ([table] + names).joined(separator: "_"),
                        table: table, columns: names)
                    : SchemaIndex(
                        name: "Z_\(entity.name)_\(fetchIndex.name)", table: table, columns: names,
                        columnSuffixes: fetchIndex.elements.map { "COLLATE BINARY " + ($0.ascending ? "ASC" : "DESC") })
                if !indexes.contains(where: { $0.name == index.name }) { indexes.append(index) }
            }
            for constraint in entity.uniquenessConstraints {
                let names = constraint.compactMap { column($0, in: entity) }
                guard names.count == constraint.count, !names.isEmpty else { continue }
                if style == .tableNamed {
                    let list = names.map { SQLIdentifier($0).ddl }.joined(separator: ", ")
                    tableConstraints.append("CONSTRAINT \(SQLIdentifier(names.joined(separator: "_")).ddl) UNIQUE (\(list))")
                } else {
                    indexes.append(
                        SchemaIndex(
                            name: "Z_\(entity.name)_UNIQUE_" + constraint.joined(separator: "_"), table: table, columns: names,
                            columnSuffixes: names.map { _ in ascending }, isUnique: true))
                }
            }
        }
    }
}

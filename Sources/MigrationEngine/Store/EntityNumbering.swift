/// Core Data's entity numbers: root entities in case-insensitive name order, each followed by its
/// sub-entities in pre-order (siblings in the same order), numbered from 1.
struct EntityNumbering: Sendable {
    /// Root entities in number order.
    let roots: [Entity]
    /// Every entity with its number, parent number and table, in number order.
    let entities: [SchemaEntity]
    private let model: ObjectModel
    private let numbers: [String: Int]

    init(model: ObjectModel) {
        self.model = model
        let roots = Self.ordered(
            model.entities.filter { entity in
                entity.parentName.map { model.entity(named: $0) == nil } ?? true
            })
        var entities: [SchemaEntity] = []
        var numbers: [String: Int] = [:]
        func visit(_ entity: Entity, parent: Int, table: String) {
            let number = entities.count + 1
            numbers[entity.name] = number
            entities.append(SchemaEntity(name: entity.name, number: number, superNumber: parent, table: table))
            for child in Self.ordered(model.subentities(of: entity)) where numbers[child.name] == nil {
                visit(child, parent: number, table: table)
            }
        }
        for root in roots { visit(root, parent: 0, table: CoreDataName.table(forRoot: root.name)) }
        self.roots = roots
        self.entities = entities
        self.numbers = numbers
    }

    /// The entity's number.
    func number(of name: String) -> Int? { numbers[name] }

    /// The entity and everything below it, in number order.
    func hierarchy(below root: Entity) -> [Entity] {
        let names = Set(model.hierarchy(below: root).map(\.name))
        return entities.filter { names.contains($0.name) }.compactMap { model.entity(named: $0.name) }
    }

    private static func ordered(_ entities: [Entity]) -> [Entity] {
        entities.sorted { lhs, rhs in
            let (left, right) = (lhs.name.lowercased(), rhs.name.lowercased())
            return left == right ? SchemaBuilder.precedes(lhs.name, rhs.name) : SchemaBuilder.precedes(left, right)
        }
    }
}

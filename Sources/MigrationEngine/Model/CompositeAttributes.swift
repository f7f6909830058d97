/// Composite attributes (Xcode 15's `attributeType="Composite"`, `NSCompositeAttributeDescription`): how Core
/// Data stores one in SQLite (its columns' names, order and types) and hashes it, no store or document
/// cdmigrate has seen shows, and the composite's elements are not read. Laying it out by guess would build
/// tables Core Data does not open, and leaving it out drops its values in every step, so a model with a stored
/// composite is refused by name when it is read. A transient one has no column and is read as before.
enum CompositeAttributes {
    /// Throws naming `attribute` when it is a stored composite.
    static func refuse(_ attribute: Attribute, of entity: String, path: String, line: Int? = nil) throws(ModelError) {
        guard attribute.type == .composite, !attribute.isTransient else { return }
        throw ModelError(
            .unsupportedFormat, path: path, line: line,
            message: "attribute \(entity).\(attribute.name) is a composite attribute, whose columns cdmigrate cannot yet "
                + "lay out as Core Data does: the model is refused rather than have its values dropped")
    }
}

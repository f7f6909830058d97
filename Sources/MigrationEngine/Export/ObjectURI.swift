/// Core Data's URI of a stored object, `x-coredata://<store UUID>/<Entity>/p<Z_PK>`, as
/// `NSManagedObjectID.uriRepresentation()` gives it.
package enum ObjectURI {
    /// The URI of the object `primaryKey` of `entity` in the store with UUID `store`.
    package static func make(store: String, entity: String, primaryKey: Int64) -> String {
        "x-coredata://\(store)/\(entity)/p\(primaryKey)"
    }
}

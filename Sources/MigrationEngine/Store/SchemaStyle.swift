/// The two ways Core Data has written declared indexes and uniqueness constraints.
///
/// Stores written by Core Data up to framework 752 (wire 2.21.1 and 2.24.1, Moody at 637) name indexes
/// after the table and columns and put uniqueness constraints inside `CREATE TABLE`; from framework 851 on
/// (wire 2.46.0 and later, coredataplus at 1044 and 1344) indexes are named after the entity and its
/// properties, each column `COLLATE BINARY`, and uniqueness constraints are `UNIQUE` indexes.
package enum SchemaStyle: Sendable, Hashable, Codable {
    /// `ZMOOD_ZREMOTEIDENTIFIER_INDEX`, `ZGEOGRAPHICREGION_ZA_ZB`, `CONSTRAINT ZA_ZB UNIQUE (ZA, ZB)`.
    case tableNamed
    /// `Z_Mood_remoteIdentifier`, `Z_Car_byMakerAndNumberPlate`, `Z_Car_UNIQUE_numberPlate`.
    case entityNamed

    /// The style of a framework version (``StoreCreationOptions/defaultFrameworkVersion`` when `nil`).
    package init(frameworkVersion: Int?) {
        self =
            (frameworkVersion ?? StoreCreationOptions.defaultFrameworkVersion) < Self.firstEntityNamedFramework
            ? .tableNamed : .entityNamed
    }

    /// The lowest framework version taken to write entity-named indexes: 752 is the newest seen writing
    /// table-named ones and 851 the oldest seen writing entity-named ones.
    package static let firstEntityNamedFramework = 800
}

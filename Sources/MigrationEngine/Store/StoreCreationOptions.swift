import Foundation

/// What a new store carries besides its model: identity, framework version, metadata to keep, `Z_MAX`.
package struct StoreCreationOptions: Sendable, Hashable {
    /// The store UUID (`Z_UUID`, `NSStoreUUID`); a new one when `nil`. Written upper case.
    package var uuid: String?
    /// `NSPersistenceFrameworkVersion`; taken from `sourceMetadata` when `nil` there too, else 1048.
    package var frameworkVersion: Int?
    /// A source store's metadata. Keys the model does not determine are carried over, and the digest
    /// and checksum are written only when it had them.
    package var sourceMetadata: StoreMetadata?
    /// `Z_MAX` per entity name; 0 for entities not listed.
    package var maxPrimaryKeys: [String: Int]
    /// `Z_NAME` per entity name, for entities whose row keeps an earlier name (Core Data's lightweight
    /// migration keeps the source's name for an entity it renames); entities not listed get their own name.
    package var recordedNames: [String: String]
    /// The journal mode to leave the store in: `.wal` (Core Data's default) when the store it replaces
    /// was in WAL mode, so the migrated store journals like the one Core Data wrote.
    package var journalMode: JournalMode
    /// Whether a ``StoreLayout/fresh`` store gets the schema's derived-attribute triggers at once. Salvage
    /// sets `false`, copies its rows, then calls ``StoreWriter/installDerivedAttributes(_:)``: the triggers
    /// call functions only Core Data registers, so they must not exist while rows are copied in. A
    /// ``StoreLayout/migrated`` store never gets them at creation.
    package var installsTriggers: Bool
    /// The order of the schema: Core Data's for a new store, or for a migration's result, which is created
    /// without indexes or triggers (the step writes its rows, then calls ``StoreWriter/installIndexes(_:)``
    /// and ``StoreWriter/installDerivedAttributes(_:)``).
    package var layout: StoreLayout

    /// Creates options; the defaults make a fresh, empty store.
    package init(
        uuid: String? = nil, frameworkVersion: Int? = nil, sourceMetadata: StoreMetadata? = nil,
        maxPrimaryKeys: [String: Int] = [:], recordedNames: [String: String] = [:], journalMode: JournalMode = .rollback,
        installsTriggers: Bool = true, layout: StoreLayout = .fresh
    ) {
        self.installsTriggers = installsTriggers
        self.layout = layout
        self.journalMode = journalMode
        self.uuid = uuid
        self.frameworkVersion = frameworkVersion
        self.sourceMetadata = sourceMetadata
        self.maxPrimaryKeys = maxPrimaryKeys
        self.recordedNames = recordedNames
    }

    /// The framework version used when neither the options nor the source metadata name one
    /// (the newest seen in Apple-written stores).
    package static let defaultFrameworkVersion = 1048
}

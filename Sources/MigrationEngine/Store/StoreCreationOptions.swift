import Foundation

/// What a new store carries besides its model: identity, framework version, metadata to keep, `Z_MAX`.
public struct StoreCreationOptions: Sendable, Hashable {
    /// The store UUID (`Z_UUID`, `NSStoreUUID`); a new one when `nil`. Written upper case.
    public var uuid: String?
    /// `NSPersistenceFrameworkVersion`; taken from `sourceMetadata` when `nil` there too, else 1048.
    public var frameworkVersion: Int?
    /// A source store's metadata. Keys the model does not determine are carried over, and the digest
    /// and checksum are written only when it had them.
    public var sourceMetadata: StoreMetadata?
    /// `Z_MAX` per entity name; 0 for entities not listed.
    public var maxPrimaryKeys: [String: Int]
    /// `Z_NAME` per entity name, for entities whose row keeps an earlier name (Core Data's lightweight
    /// migration keeps the source's name for an entity it renames); entities not listed get their own name.
    public var recordedNames: [String: String]

    /// Creates options; the defaults make a fresh, empty store.
    public init(
        uuid: String? = nil, frameworkVersion: Int? = nil, sourceMetadata: StoreMetadata? = nil,
        maxPrimaryKeys: [String: Int] = [:], recordedNames: [String: String] = [:]
    ) {
        self.uuid = uuid
        self.frameworkVersion = frameworkVersion
        self.sourceMetadata = sourceMetadata
        self.maxPrimaryKeys = maxPrimaryKeys
        self.recordedNames = recordedNames
    }

    /// The framework version used when neither the options nor the source metadata name one
    /// (the newest seen in Apple-written stores).
    public static let defaultFrameworkVersion = 1048
}

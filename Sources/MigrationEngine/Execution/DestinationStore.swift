import GRDB

/// Creates the empty destination store of a step with the store writer, keeping the source store's
/// identity: its UUID and the metadata keys the model does not determine.
enum DestinationStore {
    static func create(at path: String, model: ObjectModel, like sourcePath: String) throws {
        let source = try DatabaseQueue(path: sourcePath, configuration: readOnly)
        let metadata = try source.read { db throws in try StoreMetadata.read(db, path: sourcePath) }
        try source.close()
        try StoreWriter(model: model).create(
            at: path, options: StoreCreationOptions(uuid: metadata.uuid, sourceMetadata: metadata))
    }

    private static var readOnly: GRDB.Configuration {
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        return configuration
    }
}

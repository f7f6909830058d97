import GRDB

/// A store opened for reading objects by model (the version its hashes match, or its own cached model:
/// ``ObjectReadingModel``), the schema that model implies, the store's UUID and entity numbers, and its actual
/// columns.
struct StoreObjectSource {
    let store: String
    let model: ObjectModel
    let schema: StoreSchema
    let storeUUID: String
    let names: [Int: String]
    let tableColumns: [String: [String]]

    /// Reads what the export needs from an open snapshot, by the model ``ObjectReadingModel`` chooses.
    init(store: String, contents: StoreContents, bundle: ModelBundle?, db: Database) throws {
        self.store = store
        let chosen = try ObjectReadingModel.choose(bundle: bundle, contents: contents, store: store)
        model = chosen.model
        (schema, tableColumns) = try Self.schema(of: model, db)
        storeUUID = contents.metadata.uuid
        // Core Data may keep an entity's old name in Z_PRIMARYKEY; the model's name for that number is the one.
        names = Dictionary(PrimaryKeyEntry.resolvingRenames(contents.primaryKeys, model: model).map { ($0.number, $0.name) }) {
            first, _ in first
        }
    }

    /// Reads what the export needs by a model already chosen, with the store's entity names by `Z_ENT`.
    init(store: String, model: ObjectModel, names: [Int: String], storeUUID: String, db: Database) throws {
        self.store = store
        self.model = model
        (schema, tableColumns) = try Self.schema(of: model, db)
        self.storeUUID = storeUUID
        self.names = names
    }

    /// The schema `model` implies in the open store (join tables named as the store names them), and the
    /// store's actual columns of each of its tables.
    static func schema(of model: ObjectModel, _ db: Database) throws -> (StoreSchema, [String: [String]]) {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        let schema = SchemaBuilder(model: model, existingTableNames: Set(tables)).build()
        var columns: [String: [String]] = [:]
        for table in tables where schema.tableNames.contains(table) {
            columns[table] = try db.columnNames(in: table)
        }
        return (schema, columns)
    }

    /// A reader of `name`'s objects (with its sub-entities' when `includingSubentities`); with `rawValues`,
    /// Binary and Transformable values are base64 even when they hold an archive.
    func reader(entity name: String, includingSubentities: Bool, rawValues: Bool = false) throws -> ObjectRowReader {
        guard let entity = model.entity(named: name) else {
            throw ExportError.unknownEntity(name, store: store, known: model.entities.map(\.name))
        }
        let layout = try EntityExportLayout(
            entity: entity, includingSubentities: includingSubentities, model: model, schema: schema,
            tableColumns: tableColumns, store: store)
        return ObjectRowReader(
            layout: layout, storeUUID: storeUUID, names: names, externalData: ExternalDataFolder(store: store),
            rawValues: rawValues)
    }

    /// Runs `body` on a snapshot of `store` opened for reading objects.
    static func read<Result>(_ store: String, bundle: ModelBundle?, _ body: (StoreObjectSource, Database) throws -> Result) throws
        -> Result
    {
        try SnapshotReading.read(store) { snapshot in
            let contents = try StoreReader.read(snapshot, checkIntegrity: false)
            let queue = try snapshot.openReadOnly()
            do {
                return try queue.read { db in
                    try body(try StoreObjectSource(store: store, contents: contents, bundle: bundle, db: db), db)
                }
            } catch let error as DatabaseError {
                throw StoreError.reading(error, path: store)
            }
        }
    }
}

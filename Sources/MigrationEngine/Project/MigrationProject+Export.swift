import Foundation
import GRDB

extension MigrationProject {
    /// Exports a store's objects with values rendered by model type, streaming row by row from a private
    /// snapshot (the store is never written).
    ///
    /// The model is the version of the project's model whose hashes the store matches, else the store's own
    /// cached model (``objectModel(store:)`` says which, and why). With `entity`, that entity's objects and its sub-entities'; without, every
    /// non-abstract entity's own objects into one file each (each object once).
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file; only read.
    ///   - entity: The entity to export with its sub-entities; nil for every non-abstract entity, which needs a
    ///     ``ExportDestination/folder(_:)`` destination.
    ///   - format: The output format.
    ///   - destination: Where the objects go: a handle (left open for the caller), a file, or a folder that
    ///     gets one `<Entity>.<extension>` file per entity.
    ///   - rawValues: Whether Binary and Transformable values are written as base64 even when they hold a
    ///     keyed archive or a property list (which are otherwise decoded: ``RenderedValue/decoded(json:)``).
    ///   - filter: Only the objects of `entity` for which this query is true, evaluated as
    ///     ``rows(store:entity:where:order:columns:offset:limit:rawValues:)`` evaluates it; nil for every one.
    ///   - order: Attributes (or `_pk`) to order `entity`'s objects by, first key first, as `rows` orders
    ///     them; empty for primary-key order.
    ///   - cancellation: Set from another thread to stop between two objects; the file being written is
    ///     removed and the one that was there is kept.
    /// - Returns: The objects written per entity, in the order exported.
    /// - Throws: ``ExportError`` for an unknown entity, a store no version matches that has no model cache or
    ///   an output that cannot be written, or with category `cancelled` when `cancellation` was set; ``StoreError`` for a missing,
    ///   damaged or locked store.
    public func export(
        store: String, entity: String? = nil, format: ExportFormat, to destination: ExportDestination,
        rawValues: Bool = false, where filter: String? = nil, order: [RowOrder] = [],
        cancellation: CancellationFlag = CancellationFlag()
    ) throws -> [EntityExportCount] {
        try StoreObjectSource.read(store, bundle: bundle) { source, db in
            guard let entity else {
                guard filter == nil, order.isEmpty else {
                    throw ExportError(
                        store: store, message: "a query or an order selects the objects of one entity; none was named",
                        category: .invalidInput)
                }
                guard case .folder(let folder) = destination else {
                    throw ExportError(
                        store: store, message: "exporting every entity needs a folder to write them into",
                        category: .invalidInput, remedy: .giveOutputFolder)
                }
                let entities = source.model.entities.filter { !$0.isAbstract }.map(\.name)
                return try entities.map { name in
                    let reader = try source.reader(entity: name, includingSubentities: false, rawValues: rawValues)
                    let selection = try ObjectSelection(.all, reader: reader, source: source, db: db)
                    return try write(
                        reader, selection, store: store, db: db, format: format, to: .folder(folder),
                        progress: { _ in }, cancellation: cancellation)
                }
            }
            let reader = try source.reader(entity: entity, includingSubentities: true, rawValues: rawValues)
            // The typed selection the console's export uses: the query parsed, never SQL from the user.
            let sort = try order.map { try Self.orderTerm($0, layout: reader.layout, store: store) }
            let selection = try ObjectSelection(
                RowQuery(predicate: filter), reader: reader, source: source, db: db, order: sort.isEmpty ? nil : sort)
            return [
                try write(
                    reader, selection, store: store, db: db, format: format, to: destination, progress: { _ in },
                    cancellation: cancellation)
            ]
        }
    }

    /// Exports the objects of `entity` (its sub-entities' included) that `query` selects, in its order, as
    /// ``export(store:entity:format:to:rawValues:where:order:cancellation:)`` exports them all: the rows a browser page
    /// of the same query shows (``StoreBrowser/page(entity:offset:limit:query:)``), matched by the same
    /// search, predicate and order.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file; only read.
    ///   - entity: The entity to export with its sub-entities.
    ///   - query: The objects and their order: a search, a predicate (evaluated over every value whole, as
    ///     `rows` evaluates it), a sort column.
    ///   - format: The output format.
    ///   - destination: A handle, a file, or a folder that gets an `<Entity>.<extension>` file.
    ///   - progress: Called with how many objects have been written so far, after each object.
    ///   - cancellation: Set from another thread to stop between two objects, keeping the old file.
    /// - Returns: The objects written.
    /// - Throws: As ``export(store:entity:format:to:rawValues:where:order:cancellation:)``; ``ExportError`` for an invalid
    ///   predicate, one failing on an object, or a sort column the entity's table does not have.
    package func export(
        store: String, entity: String, selecting query: RowQuery, format: ExportFormat, to destination: ExportDestination,
        progress: (Int) -> Void, cancellation: CancellationFlag = CancellationFlag()
    ) throws -> EntityExportCount {
        try StoreObjectSource.read(store, bundle: bundle) { source, db in
            let reader = try source.reader(entity: entity, includingSubentities: true)
            let selection = try ObjectSelection(query, reader: reader, source: source, db: db)
            return try write(
                reader, selection, store: store, db: db, format: format, to: destination, progress: progress,
                cancellation: cancellation)
        }
    }

    /// The model `export` and `rows` read the store's objects by, and where it came from: the version of the
    /// project's model the store matches, else the store's own cached model, with a notice saying so when a
    /// model was given.
    ///
    /// - Parameter store: The store's `.sqlite` file; only read (its bookkeeping tables, not its rows).
    /// - Returns: The model, its source, and the notice for people.
    /// - Throws: ``ExportError`` for a store that matches no version and has no (readable) model cache;
    ///   ``StoreError`` for a missing, damaged or locked store.
    public func objectModel(store: String) throws -> ObjectReadingModel {
        let contents = try StoreReader.read(path: store, checkIntegrity: false, options: snapshot, countsRows: false)
        return try ObjectReadingModel.choose(bundle: bundle, contents: contents, store: store)
    }

    /// `file`, once ``OutputPathCheck`` finds it is no file of a store's set.
    private func checkedOutput(_ file: String, store: String) throws(ExportError) -> String {
        if let problem = OutputPathCheck.problem(writing: file, stores: [store]) {
            throw ExportError(store: file, message: problem, category: .invalidInput)
        }
        return file
    }

    private func write(
        _ reader: ObjectRowReader, _ selection: ObjectSelection, store: String, db: Database, format: ExportFormat,
        to destination: ExportDestination, progress: (Int) -> Void, cancellation: CancellationFlag
    ) throws -> EntityExportCount {
        func stream(_ handle: FileHandle, _ path: String) throws -> Int {
            try self.stream(reader, selection, db: db, format: format, to: handle, path: path, progress, cancellation)
        }
        let output: ExportOutputFile
        switch destination {
        case .handle(let handle):
            let count = try stream(handle, "standard output")
            return EntityExportCount(entity: reader.layout.entity, file: nil, objects: count)
        case .file(let file):
            output = try ExportOutputFile.create(try checkedOutput(file, store: store))
        case .folder(let folder):
            let file = try ExportFiles.file(in: folder, entity: reader.layout.entity, extension: format.fileExtension)
            output = try ExportOutputFile.create(try checkedOutput(file, store: store))
        }
        let count: Int
        do {
            count = try stream(output.handle, output.path)
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
        return EntityExportCount(entity: reader.layout.entity, file: output.path, objects: count)
    }

    private func stream(
        _ reader: ObjectRowReader, _ selection: ObjectSelection, db: Database, format: ExportFormat, to handle: FileHandle,
        path: String, _ progress: (Int) -> Void, _ cancellation: CancellationFlag
    ) throws -> Int {
        let stream = try ExportStream(handle: handle, format: format, fields: reader.layout.fieldNames, path: path)
        var written = 0
        try reader.stream(
            db, where: selection.condition, order: selection.order, expressionValues: selection.needsExpressionValues
        ) { object, values, large in
            guard try selection.keeps(object, values: values) else { return !cancellation.isCancelled }
            try stream.write(object, large: large)
            written += 1
            progress(written)
            return !cancellation.isCancelled
        }
        if cancellation.isCancelled {
            throw ExportError(store: path, message: "export stopped before the end; nothing was written", category: .cancelled)
        }
        return try stream.finish()
    }
}

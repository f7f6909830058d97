import Foundation
import MigrationEngine

extension StoreOverview {
    /// The overview of a store as ``MigrationProject/open(store:checksIntegrity:)`` read it.
    package init(contents: StoreContents) {
        let metadata = contents.metadata
        let keys = metadata.plist.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.init(
            path: contents.files.databasePath,
            files: contents.files.files.map { FileEntry(name: Self.displayName(of: $0), size: $0.size) },
            journalMode: contents.journalMode.rawValue,
            walSize: contents.files[.wal]?.size,
            uuid: metadata.uuid,
            frameworkVersion: metadata.frameworkVersion.map(String.init),
            metadata: keys.map { MetadataEntry(key: $0, value: MetadataText.line(metadata.plist[$0] ?? .null)) },
            entities: contents.rowCounts.map {
                EntityRowCount(
                    name: $0.entity, rows: contents.rowCounts.rows(includingSubentitiesOf: $0.entity), ownRows: $0.rows)
            }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) })
    }

    private static func displayName(of file: StoreFile) -> String {
        let name = URL(fileURLWithPath: file.path).lastPathComponent
        return file.role == .externalData ? name + "/ (external data)" : name
    }
}

import Foundation

/// Where `export` writes.
public enum ExportDestination {
    /// An open handle (standard output): one entity only.
    case handle(FileHandle)
    /// A file, created or replaced: one entity only.
    case file(String)
    /// A folder, created if needed, with one `<Entity>.<format>` file per entity exported.
    case folder(String)
}

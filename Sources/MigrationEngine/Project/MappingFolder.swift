import Foundation

/// Checks on a mapping folder named by the user or a project file, before any mapping in it is read.
enum MappingFolder {
    /// Throws unless `path` is a readable directory: a folder that cannot be read must stop the plan, never
    /// leave it to inference, which would silently lose the data the mappings were written to keep.
    static func requireDirectory(_ path: String) throws(ExecutionError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExecutionError(.io, path: path, message: "mapping directory not found")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ExecutionError(.io, path: path, message: "mapping directory is not readable")
        }
    }
}

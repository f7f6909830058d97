import Foundation

/// Finds a model when none was named: the only `.xcdatamodeld` (or `.momd`) beside the store or in the
/// current directory.
enum ModelDiscovery {
    /// The model found, or `nil` when there is none or more than one.
    static func find(near storePath: String?) -> String? {
        var folders = [FileManager.default.currentDirectoryPath]
        if let storePath { folders.insert(URL(fileURLWithPath: storePath).deletingLastPathComponent().path, at: 0) }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let models = names.filter { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".momd") }
            if models.count == 1 { return folder + "/" + models[0] }
        }
        return nil
    }
}

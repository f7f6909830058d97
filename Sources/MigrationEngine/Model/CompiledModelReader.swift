import Foundation

/// Reads compiled models (`.momd` folders and `.mom` keyed archives).
enum CompiledModelReader {
    static func load(_ url: URL) throws(ModelError) -> ModelBundle {
        throw ModelError(.unsupportedFormat, path: url.path, message: "compiled models are not readable yet")
    }
}

import Foundation

/// Decodes a store's own model from `Z_MODELCACHE.Z_CONTENT`, so a store can be inspected, hashed and
/// compared without any model files.
///
/// The blob is raw DEFLATE of a keyed archive of `NSManagedObjectModel` — the same archive a compiled
/// `.mom` holds — so after inflating, ``ModelArchiveDecoder`` does the work for both.
package enum ModelCacheDecoder {
    /// The version name a decoded cache gets (the cache does not record one).
    package static let versionName = "store model cache"

    /// Decodes a model cache blob.
    /// - Parameters:
    ///   - content: The bytes of `Z_CONTENT`.
    ///   - name: The name to give the decoded version (the cache does not record one).
    ///   - path: The store, for error messages.
    /// - Returns: The store's model, named `name`.
    /// - Throws: ``ModelError`` `.undecodableArchive` when the blob does not inflate, or when the archive does not
    ///   decode as a model.
    package static func decode(_ content: Data, name: String = versionName, path: String) throws(ModelError) -> ObjectModel {
        try ModelArchiveDecoder.decode(inflate(content, path: path), name: name, path: path)
    }

    /// Inflates a model cache blob into the keyed-archive bytes of the model (a `.mom` file's contents).
    package static func inflate(_ content: Data, path: String) throws(ModelError) -> Data {
        do {
            return try RawInflate.inflate(content)
        } catch {
            throw ModelError(.undecodableArchive, path: path, message: "Z_MODELCACHE: \(error.message)")
        }
    }
}

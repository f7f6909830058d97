import Foundation

/// Writes a model as `Z_MODELCACHE.Z_CONTENT`: raw DEFLATE of the keyed archive
/// ``ModelArchiveEncoder`` makes. ``ModelCacheDecoder`` reads it back.
package enum ModelCacheEncoder {
    /// The cache blob for `model`.
    package static func encode(_ model: ObjectModel) throws(PropertyListError) -> Data {
        try RawDeflate.deflate(ModelArchiveEncoder.encode(model))
    }
}

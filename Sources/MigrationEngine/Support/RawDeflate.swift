import CZlib
import Foundation

/// Compresses data as raw DEFLATE (no zlib or gzip header), the form of `Z_MODELCACHE.Z_CONTENT`;
/// ``RawInflate`` reverses it.
package enum RawDeflate {
    /// Deflates `data` at zlib's best compression.
    package static func deflate(_ data: Data) throws(PropertyListError) -> Data {
        var stream = z_stream()
        // Negative window bits select raw DEFLATE, as for inflating.
        guard cdm_deflateInit2(&stream, Z_BEST_COMPRESSION, -15) == Z_OK else {
            throw PropertyListError("zlib could not start deflating")
        }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        // deflateBound is the most a single Z_FINISH call can need, so one call always ends the stream.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw PropertyListError("zlib could not deflate (status \(status))") }
        return Data(output.prefix(Int(stream.total_out)))
    }
}

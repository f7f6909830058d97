import CZlib
import Foundation

/// Inflates raw DEFLATE data (no zlib or gzip header), as Core Data stores `Z_MODELCACHE.Z_CONTENT`.
package enum RawInflate {
    /// Inflates `data`, refusing to produce more than `limit` bytes so a hostile blob cannot exhaust memory.
    package static func inflate(_ data: Data, limit: Int = 256 << 20) throws(PropertyListError) -> Data {
        var stream = z_stream()
        // Negative window bits select raw DEFLATE; 15 is the largest window.
        guard cdm_inflateInit2(&stream, -15) == Z_OK else { throw PropertyListError("zlib could not start inflating") }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = [UInt8](data)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(target.baseAddress!, count: target.count - Int(stream.avail_out))
                }
            } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard output.count <= limit else { throw PropertyListError("inflated data exceeds \(limit) bytes") }
        guard status == Z_STREAM_END else {
            let reason = status == Z_OK || status == Z_BUF_ERROR ? "truncated" : "corrupt (zlib status \(status))"
            throw PropertyListError("compressed data is \(reason)")
        }
        return output
    }
}

import Foundation

/// Walks a `-wal` file's frames, verifying salts and the cumulative checksum as SQLite's recovery does
/// (see the "WAL File Format" section of SQLite's file-format documentation).
struct WriteAheadLogScanner {
    let pageSize: Int
    let bigEndianChecksums: Bool
    let salts: (UInt32, UInt32)
    private(set) var checksum: (UInt32, UInt32) = (0, 0)
    /// Set when SQLite would ignore the whole log.
    private(set) var headerProblem: String?

    init(header: [UInt8]) {
        let magic = Self.word(header, 0)
        bigEndianChecksums = magic & 1 == 1
        let size = Int(Self.word(header, 8))
        pageSize = size == 1 ? 65536 : size
        salts = (Self.word(header, 16), Self.word(header, 20))
        if magic & ~1 != 0x377f_0682 {
            headerProblem = "the -wal header has no WAL magic number"
        } else if Self.word(header, 4) != 3_007_000 {
            headerProblem = "the -wal has an unknown format version"
        } else if pageSize < 512 || pageSize > 65536 || pageSize & (pageSize - 1) != 0 {
            headerProblem = "the -wal header names an impossible page size"
        } else {
            checksum = Self.checksum(header[0..<24], (0, 0), bigEndian: bigEndianChecksums)
            if checksum != (Self.word(header, 24), Self.word(header, 28)) {
                headerProblem = "the -wal header checksum is wrong, so SQLite ignores every frame"
            }
        }
    }

    /// Reads frames to the end of `input`, filling the counts of `result`.
    mutating func scan(_ input: FileHandle, into result: inout WriteAheadLogCheck) throws {
        var index = 0
        var broken = false
        var pendingPages: [UInt32] = []
        var pendingTransactionTail: (index: Int, commit: Bool)?
        while let frame = try input.read(upToCount: 24 + pageSize), frame.count == 24 + pageSize {
            index += 1
            let bytes = [UInt8](frame)
            let commit = Self.word(bytes, 4) != 0
            let current = Self.word(bytes, 8) == salts.0 && Self.word(bytes, 12) == salts.1
            if !broken {
                let next = Self.checksum(
                    bytes[24...], Self.checksum(bytes[0..<8], checksum, bigEndian: bigEndianChecksums),
                    bigEndian: bigEndianChecksums)
                if current, Self.word(bytes, 0) != 0, next == (Self.word(bytes, 16), Self.word(bytes, 20)) {
                    checksum = next
                    pendingPages.append(Self.word(bytes, 0))
                    if commit {
                        result.appliedFrames += pendingPages.count
                        result.appliedPages += pendingPages
                        result.committedPages = Int(Self.word(bytes, 4))
                        result.appliedTransactions += 1
                        pendingPages = []
                    }
                    continue
                }
                broken = true
                if current { pendingTransactionTail = (index, commit) }
                continue
            }
            guard current else { continue }
            if let tail = pendingTransactionTail {
                // The bad frame is followed by more of this generation, so it was not a torn last write.
                result.firstBadFrame = result.firstBadFrame ?? tail.index
                result.lostFrames += 1
                result.lostTransactions += tail.commit ? 1 : 0
                pendingTransactionTail = nil
            }
            result.firstBadFrame = result.firstBadFrame ?? index
            result.lostFrames += 1
            result.lostTransactions += commit ? 1 : 0
        }
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// SQLite's WAL checksum over 8-byte steps, continuing from `start`.
    static func checksum(_ bytes: ArraySlice<UInt8>, _ start: (UInt32, UInt32), bigEndian: Bool) -> (UInt32, UInt32) {
        var (s0, s1) = start
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            let a = read(bytes, offset, bigEndian)
            let b = read(bytes, offset + 4, bigEndian)
            s0 = s0 &+ a &+ s1
            s1 = s1 &+ b &+ s0
            offset += 8
        }
        return (s0, s1)
    }

    private static func read(_ bytes: ArraySlice<UInt8>, _ offset: Int, _ bigEndian: Bool) -> UInt32 {
        let (a, b, c, d) = (
            UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3])
        )
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }
}

import CSQLiteGuard
import Foundation
import GRDB

/// The objects a merge makes, numbered while another mapping's rows are copied
/// (``SetBasedEntityMapper/mapFused(merge:copy:context:batchSize:)``): `cdmigrate_merge(key, source)` gives
/// the object the merge makes for the kept source row `source` whose key is `key`, numbering a key's object
/// when its first row comes and each row without key its own, in source order, as the merge's own pass does.
///
/// Keys are compared by their bytes, as the merge table's `TEXT` column compares them (a Swift `String`
/// would equate canonically equivalent text). What it holds is bounded: past ``capacity`` objects or
/// ``byteCapacity`` bytes of keys, or a row out of source order, a key that is not text, the call fails
/// the statement and sets ``refused``, and the caller runs the merge's own pass instead.
///
/// Only the connection that registered it calls it, one statement step at a time, hence `@unchecked`.
final class MergeNumbering: @unchecked Sendable {
    /// One object made: the source row it is made from, its key's bytes (`nil` for none), its `Z_PK`.
    struct Made {
        var source: Int64
        var key: [UInt8]?
        var destination: Int64
    }

    /// The SQL function: `cdmigrate_merge(key, source)`.
    static let functionName = "cdmigrate_merge"
    /// The call numbering the source row `s` whose key is `key`.
    static func call(key: SQLFragment) -> SQLFragment { "cdmigrate_merge(\(key), s.Z_PK)" }
    /// The message of the error that stops a statement the numbering refuses.
    static let refusedMessage = "cdmigrate: the merge is numbered by its own pass"

    /// The most objects one run numbers in a real run.
    static let defaultCapacity = 100_000
    /// The most objects one run numbers.
    let capacity: Int
    /// The most bytes of keys one run holds.
    let byteCapacity: Int
    /// The objects made so far, in source order.
    private(set) var made: [Made] = []
    /// Whether a call failed the statement for one of the reasons above.
    private(set) var refused = false
    /// The objects made for keys, by their keys' hash: hashing the bytes in place and comparing them with
    /// the key they may be spares a copy of the bytes for each row whose key has its object already.
    private var keyed: [Int: [Int]] = [:]
    private var base: Int64 = 0
    private var bytes = 0
    private var lastSource = Int64.min

    init(capacity: Int = defaultCapacity, byteCapacity: Int = 16 << 20) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// Starts a run whose first object gets `base + 1`.
    func start(base: Int64) {
        self.base = base
        made = []
        keyed = [:]
        refused = false
        bytes = 0
        lastSource = Int64.min
    }

    /// Registers the function on `db`; the registration holds the numbering until SQLite drops it.
    func register(in db: Database) throws {
        let code = sqlite3_create_function_v2(
            db.sqliteConnection, Self.functionName, 2, SQLITE_UTF8, Unmanaged.passRetained(self).toOpaque(),
            { context, _, values in
                Unmanaged<MergeNumbering>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                    .call(context, values)
            }, nil, nil,
            { numbering in numbering.map { Unmanaged<MergeNumbering>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(Self.functionName)")
        }
    }

    private func call(_ context: OpaquePointer?, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let values, let key = values[0], let row = values[1], sqlite3_value_type(row) == SQLITE_INTEGER else {
            return refuse(context)
        }
        let source = sqlite3_value_int64(row)
        // Numbers follow source order: a row coming out of order would number differently than the merge's pass.
        guard source > lastSource else { return refuse(context) }
        lastSource = source
        switch sqlite3_value_type(key) {
        case SQLITE_NULL:
            guard made.count < capacity else { return refuse(context) }
            sqlite3_result_int64(context, record(source, key: nil))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(key))
            guard let text = sqlite3_value_text(key) else { return refuse(context) }
            let bytes = UnsafeBufferPointer(start: text, count: count)
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            let hash = hasher.finalize()
            for index in keyed[hash] ?? [] where Self.equal(made[index].key, bytes) {
                return sqlite3_result_int64(context, made[index].destination)
            }
            self.bytes += count
            guard made.count < capacity, self.bytes <= byteCapacity else { return refuse(context) }
            keyed[hash, default: []].append(made.count)
            sqlite3_result_int64(context, record(source, key: Array(bytes)))
        default:
            refuse(context)
        }
    }

    private static func equal(_ key: [UInt8]?, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let key, key.count == bytes.count else { return false }
        guard let start = bytes.baseAddress, !key.isEmpty else { return true }
        return key.withUnsafeBytes { $0.baseAddress.map { memcmp($0, start, key.count) == 0 } ?? false }
    }

    private func record(_ source: Int64, key: [UInt8]?) -> Int64 {
        let destination = base + Int64(made.count) + 1
        made.append(Made(source: source, key: key, destination: destination))
        return destination
    }

    private func refuse(_ context: OpaquePointer?) {
        refused = true
        sqlite3_result_error(context, Self.refusedMessage, -1)
    }
}

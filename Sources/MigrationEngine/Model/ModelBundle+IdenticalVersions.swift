import Foundation

extension ModelBundle {
    /// Versions Core Data cannot tell apart: each group (two or more names, in bundle order) has the same
    /// entities with the same version hashes, so a store of one matches them all, and a migration between
    /// them is never needed in Core Data's eyes. Most often a version was changed in a way hashes ignore
    /// (a default value, a validation rule) and its author forgot a version hash modifier.
    public var identicalHashVersions: [[String]] {
        var groups: [[String: Data]: [String]] = [:]
        var order: [[String: Data]] = []
        for index in versions.indices {
            let hashes = entityHashes(ofVersionAt: index)
            if groups[hashes] == nil { order.append(hashes) }
            groups[hashes, default: []].append(versions[index].name)
        }
        return order.compactMap { groups[$0] }.filter { $0.count > 1 }
    }
}

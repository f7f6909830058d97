import Foundation

extension ModelBundle {
    /// Versions Core Data cannot tell apart: each group (two or more names, in bundle order) has the same
    /// entities with the same version hashes, so a store of one matches them all, and a migration between
    /// them is never needed in Core Data's eyes. Most often a version was changed in a way hashes ignore
    /// (a default value, a validation rule) and its author forgot a version hash modifier.
    public var identicalHashVersions: [[String]] {
        // Only versions of one shape (``VersionHasher/inputShape(of:)``) can share hashes, and in a long
        // history most versions have a shape of their own: hashing only the versions that share one spares
        // `plan` hashing every version of wire's 90 (12% of its time) to show this warning.
        var shapes: [[String: VersionHasher.EntityInputShape]: [Int]] = [:]
        for index in versions.indices { shapes[VersionHasher.inputShape(of: versions[index]), default: []].append(index) }
        var groups: [[Int]] = []
        for members in shapes.values where members.count > 1 {
            var byHashes: [[String: Data]: [Int]] = [:]
            for index in members { byHashes[entityHashes(ofVersionAt: index), default: []].append(index) }
            groups += byHashes.values.filter { $0.count > 1 }
        }
        // Each group's members are in bundle order already; the groups go in the order of their first member.
        return groups.sorted { $0[0] < $1[0] }.map { $0.map { versions[$0].name } }
    }
}

import Foundation

/// Decides which version of a model a store is at, the way Core Data does (FORMAT.md §3): the store's
/// `NSStoreModelVersionHashes` must name exactly the version's entities and, with hash scheme 3, carry an
/// equal hash for each. Nothing else counts; there is no order between versions here.
package enum CompatibilityCheck {
    /// Compares every version of `bundle` with the store's metadata.
    ///
    /// - Parameters:
    ///   - bundle: The model versions to compare.
    ///   - metadata: The store's `Z_METADATA`.
    ///   - storeModel: The store's own model (from its `Z_MODELCACHE`), used to say per property
    ///     what differs; without it differences are reported per entity only.
    ///   - tableColumns: The store's tables and columns; when no version's hashes fit, the nearest version is
    ///     chosen among the versions whose tables the store has exactly (a garbled hash says nothing about the
    ///     schema, and counting the other hashes alone can favour a later version that shares them).
    /// - Returns: Each version's comparison, the compatible version and the nearest one.
    package static func check(
        _ bundle: ModelBundle, metadata: StoreMetadata, storeModel: ObjectModel? = nil,
        tableColumns: [String: [String]] = [:]
    ) -> CompatibilityReport {
        let comparesHashes = (metadata.hashesVersion ?? 0) >= 3
        let versions = bundle.versions.indices.map { index in
            compare(versionAt: index, of: bundle, metadata: metadata, storeModel: storeModel)
        }
        let compatible = versions.first(where: \.isCompatible)?.version
        let fitting =
            compatible != nil || tableColumns.isEmpty
            ? [] : Set(bundle.versions.filter { SchemaFit.fits($0, tableColumns) }.map(\.name))
        var nearest: VersionComparison?
        for candidate in versions where fitting.isEmpty || fitting.contains(candidate.version) {
            guard let best = nearest else {
                nearest = candidate
                continue
            }
            if (candidate.matchingCount, -candidate.differenceCount) >= (best.matchingCount, -best.differenceCount) {
                nearest = candidate
            }
        }
        return CompatibilityReport(
            compatibleVersion: compatible, nearestVersion: compatible ?? nearest?.version,
            comparesHashes: comparesHashes, usesStoreModel: storeModel != nil, versions: versions)
    }

    /// The version ``check(_:metadata:storeModel:)`` finds compatible, found by hashing the versions in bundle
    /// order only until one fits: planning needs that version alone (the whole report only when none fits),
    /// and a store is usually at one of a long model's first versions. A version whose entities (or one of
    /// whose configurations) are not the store's by name cannot fit, so it is not hashed at all.
    ///
    /// - Parameters:
    ///   - bundle: The model versions to compare.
    ///   - metadata: The store's `Z_METADATA`.
    /// - Returns: The first compatible version's name; nil when no version fits.
    package static func compatibleVersion(in bundle: ModelBundle, metadata: StoreMetadata) -> String? {
        let storeNames = Set(metadata.versionHashes.keys)
        return bundle.versions.indices.lazy.filter { mayFit(bundle.versions[$0], storeNames: storeNames) }
            .map { compare(versionAt: $0, of: bundle, metadata: metadata, storeModel: nil) }
            .first(where: \.isCompatible)?.version
    }

    /// Whether `version` has the store's entity names, all of it or one configuration: what ``compare``
    /// needs before any hash can match (every name on both sides must match).
    private static func mayFit(_ version: ObjectModel, storeNames: Set<String>) -> Bool {
        Set(version.entities.map(\.name)) == storeNames || version.configuration(holding: storeNames) != nil
    }

    /// Whether the store's metadata fits the version named `name` of `bundle`, as Core Data decides before it
    /// opens a store with that version: then the store needs no migration to it, whatever other version
    /// (one with identical hashes) it is also compatible with.
    ///
    /// - Parameters:
    ///   - name: The version's name; false when the bundle has no such version.
    ///   - bundle: The model versions.
    ///   - metadata: The store's `Z_METADATA`.
    /// - Returns: Whether the store's hashes are that version's.
    package static func isCompatible(_ name: String, in bundle: ModelBundle, metadata: StoreMetadata) -> Bool {
        guard let index = bundle.versions.firstIndex(where: { $0.name == name }) else { return false }
        return compare(versionAt: index, of: bundle, metadata: metadata, storeModel: nil).isCompatible
    }

    /// Compares the version at `index` of `bundle` (hashed once per bundle) with the store's metadata.
    private static func compare(
        versionAt index: Int, of bundle: ModelBundle, metadata: StoreMetadata, storeModel: ObjectModel?
    ) -> VersionComparison {
        compare(
            bundle.versions[index], hashes: bundle.entityHashes(ofVersionAt: index), storeHashes: metadata.versionHashes,
            comparesHashes: (metadata.hashesVersion ?? 0) >= 3, storeModel: storeModel)
    }

    /// Compares one version with a store's hashes.
    package static func compare(
        _ version: ObjectModel, storeHashes: [String: Data], comparesHashes: Bool = true, storeModel: ObjectModel? = nil
    ) -> VersionComparison {
        compare(
            version, hashes: VersionHasher(model: version).entityHashes, storeHashes: storeHashes,
            comparesHashes: comparesHashes, storeModel: storeModel)
    }

    /// Compares one version, whose entity hashes are `hashes`, with a store's hashes.
    private static func compare(
        _ version: ObjectModel, hashes: [String: Data], storeHashes: [String: Data], comparesHashes: Bool,
        storeModel: ObjectModel?
    ) -> VersionComparison {
        var modelHashes = hashes
        // A store of one configuration may record the hashes of that configuration's entities only.
        if let configuration = version.configuration(holding: Set(storeHashes.keys)) {
            let members = Set(configuration.entityNames)
            modelHashes = modelHashes.filter { members.contains($0.key) }
        }
        let names = Set(modelHashes.keys).union(storeHashes.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let entities = names.map { name -> EntityComparison in
            let storeHash = storeHashes[name]
            let modelHash = modelHashes[name]
            let status: EntityComparison.Status =
                switch (storeHash, modelHash) {
                case (nil, _): .missing
                case (_, nil): .extra
                case (let stored?, let computed?): !comparesHashes || stored == computed ? .matches : .differs
                }
            var differences: [PropertyDifference] = []
            if status == .differs, let storeModel, let ours = version.entity(named: name),
                let theirs = storeModel.entity(named: name)
            {
                differences = EntityDiffer(version: version, storeModel: storeModel).differences(ours, theirs)
            }
            return EntityComparison(
                entity: name, status: status, storeHash: storeHash?.base64EncodedString(),
                modelHash: modelHash?.base64EncodedString(), differences: differences)
        }
        return VersionComparison(
            version: version.name, isCompatible: entities.allSatisfy { $0.status == .matches }, entities: entities)
    }
}

extension MigrationProject {
    /// `planning` with what its lossy steps drop counted in its store (read from a private snapshot): rows
    /// of dropped entities, non-null values of dropped attributes, links of dropped relationships. A later
    /// step's drops are traced back through the steps before it, under the names the store has; what an
    /// earlier step added holds nothing of the store's. A step that drops only empty things is then no
    /// longer lossy, and its warnings no longer name them (``StorePlanning/dataLoss`` keeps every count).
    ///
    /// - Parameter planning: A planning from ``plan(store:target:checksIntegrity:countsRows:report:)``.
    /// - Returns: The planning with ``StorePlanning/dataLoss`` set (empty when no step is lossy).
    /// - Throws: ``ProjectError`` without a model; ``StoreError`` or ``StoreWriteError`` naming the store
    ///   when it cannot be read or no longer matches its version.
    public func countingDataLoss(in planning: StorePlanning) throws -> StorePlanning {
        let bundle = try requireBundle(for: "counting data loss")
        guard planning.plan.steps.contains(where: \.isLossy) else { return planning.counted([]) }
        let losses = try SnapshotReading.read(planning.storePath, options: snapshot) { snapshot in
            // A store planned through its own cached model starts the chain from that model.
            let cached =
                planning.storeVersion == ModelCacheDecoder.versionName
                ? try StoreReader.read(snapshot, checkIntegrity: false).cachedModel() : nil
            let model = { (name: String) in name == ModelCacheDecoder.versionName ? cached : bundle.version(named: name) }
            // Inferred steps come from the graph, which judged them while planning.
            let graph = planning.graph
            let traced = ChainLossTracer(model: model, judged: graph.inferredMapping).trace(planning.plan)
            var inStore = Set<DataLoss>()
            for step in traced {
                for case (_, .store(let loss)) in step.drops { inStore.insert(loss) }
            }
            var counts: [DataLoss: Int] = [:]
            if let source = model(planning.storeVersion), !inStore.isEmpty {
                for loss in try DataLossCounter.count(Array(inStore), sourceModel: source, storePath: snapshot.path) {
                    var key = loss
                    key.count = nil
                    counts[key] = loss.count
                }
            }
            return traced.map { step in
                StepDataLoss(
                    from: step.from, to: step.to,
                    drops: step.drops.map { loss, origin in
                        var loss = loss
                        switch origin {
                        case .store(let there): loss.count = counts[there]
                        case .addedOnTheWay: loss.count = 0
                        case .unknown: loss.count = nil
                        }
                        return loss
                    })
            }
        }
        return planning.counted(losses)
    }
}

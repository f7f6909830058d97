extension StorePlanning {
    /// This planning with `losses` (one per lossy step, counted in the store) recorded, and each lossy step's
    /// warnings counted: a drop of nothing (an empty entity, an attribute without values) is no longer a
    /// warning, and a step that drops nothing of this store is no longer lossy.
    package func counted(_ losses: [StepDataLoss]) -> StorePlanning {
        var planning = self
        planning.dataLoss = losses
        var plan = self.plan
        let before = plan.steps.filter(\.isLossy).map(MigrationPlan.lossWarning)
        for loss in losses {
            guard let index = plan.steps.firstIndex(where: { $0.from == loss.from && $0.to == loss.to && $0.isLossy })
            else { continue }
            var step = plan.steps[index]
            for drop in loss.drops {
                var uncounted = drop
                uncounted.count = nil
                guard let at = step.warnings.firstIndex(of: uncounted.description) else { continue }
                if drop.count == 0 { step.warnings.remove(at: at) } else { step.warnings[at] = drop.description }
            }
            step.isLossy = loss.losesData
            plan.steps[index] = step
        }
        // The loss warnings stay first, as the planner puts them.
        plan.warnings =
            plan.steps.filter(\.isLossy).map(MigrationPlan.lossWarning) + plan.warnings.filter { !before.contains($0) }
        planning.plan = plan
        return planning
    }
}

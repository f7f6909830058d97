import MigrationEngine

/// `verify --json`'s document: the verification, and every problem found, each with the fields (category,
/// exit code, file, message, remedy) the failure has on standard error, and the object breaking a rule when
/// the problem is one object's.
struct VerificationJSON: Encodable {
    /// One problem: the failure's report, and the object.
    struct Problem: Encodable {
        var report: FailureOutput.Report
        var object: ObjectRepair?

        private enum Key: String, CodingKey { case object }

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(object, forKey: .object)
        }
    }

    let verification: StoreVerification

    private enum Key: String, CodingKey { case problems, moreBrokenObjects }

    func encode(to encoder: any Encoder) throws {
        try verification.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        let problems = verification.problems.compactMap { problem in
            FailureOutput.report(for: problem.failure, arguments: []).map { Problem(report: $0, object: problem.object) }
        }
        try container.encode(problems, forKey: .problems)
        try container.encode(verification.moreBrokenObjects, forKey: .moreBrokenObjects)
    }
}

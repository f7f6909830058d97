import Foundation
import MigrationEngine

/// The questions that seed a fixture store for the open model (`N`): the version, the objects of each
/// entity, the seed, the file to write; each answered in turn on a line edited as readline edits one, the
/// earlier answers shown above it.
package struct SeedPrompt: Sendable, Hashable {
    /// What is asked, in order.
    package enum Field: Int, Sendable, Hashable, CaseIterable {
        case version, objects, seed, output

        /// The question's words.
        package var question: String {
            switch self {
            case .version: "Version"
            case .objects: "Objects of each entity"
            case .seed: "Seed"
            case .output: "Write to"
            }
        }
    }

    /// The model's versions, one of which is to be written.
    package var versions: [String]
    /// The question being answered.
    package var field = Field.version
    /// The answer being typed, with its cursor.
    package var line: LineEditor
    /// The answers given so far, by field.
    package var answers: [Field: String] = [:]

    /// Asks for a store of the model's `target` version (the one the plan heads for), 100 objects of each
    /// entity, seed 1; the file is suggested by an effect (``suggest(output:)``), as the reducer never looks
    /// at the disk.
    package init(versions: [String], target: String?) {
        self.versions = versions
        let version = target.flatMap { versions.contains($0) ? $0 : nil } ?? versions.last ?? ""
        answers = [.version: version, .objects: "100", .seed: "1"]
        line = LineEditor(version)
    }

    /// Takes `path`, a free name found for the store, as the suggested answer to the last question, unless
    /// that question has been answered or its line typed on.
    package mutating func suggest(output path: String) {
        guard answers[.output] == nil else { return }
        if field == .output {
            guard line.text.isEmpty else { return }
            line = LineEditor(path)
        }
        answers[.output] = path
    }

    /// The file typed as the last answer, `~` taken as the home folder.
    var typedOutput: String { (line.text.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath }

    /// The request the answers make, or why they do not make one (the field to fix is the current one).
    package var request: SeedRequest? {
        guard let version = answers[.version], let objects = answers[.objects].flatMap({ Int($0) }),
            let seed = answers[.seed].flatMap({ UInt64($0) }), let output = answers[.output]
        else { return nil }
        return SeedRequest(version: version, objects: objects, seed: seed, output: output)
    }

    /// Takes the line as the current field's answer: nil and on to the next field (or the request when it was
    /// the last), or the reason the answer cannot be taken.
    package mutating func answer() -> Result<SeedRequest?, SeedAnswerError> {
        let text = line.text.trimmingCharacters(in: .whitespaces)
        switch field {
        case .version:
            guard versions.contains(text) else {
                return .failure(SeedAnswerError("no version \"\(text)\": one of \(versions.joined(separator: ", "))"))
            }
        case .objects:
            guard let count = Int(text), (0...SeededStore.maximumObjects).contains(count) else {
                return .failure(SeedAnswerError("objects: a number from 0 to \(SeededStore.maximumObjects)"))
            }
        case .seed:
            guard UInt64(text) != nil else { return .failure(SeedAnswerError("seed: a whole number, 0 or more")) }
        case .output:
            let path = typedOutput
            guard !path.isEmpty else { return .failure(SeedAnswerError("type the store to write")) }
            answers[.output] = path
            return .success(request)
        }
        answers[field] = text
        field = Field(rawValue: field.rawValue + 1) ?? .output
        line = LineEditor(answers[field] ?? "")
        return .success(nil)
    }
}

/// What seeding writes: a store of `objects` objects of each entity at `version`, drawn from `seed`.
package struct SeedRequest: Sendable, Hashable {
    /// The model version.
    package var version: String
    /// Objects of each concrete entity.
    package var objects: Int
    /// The seed every value is drawn from.
    package var seed: UInt64
    /// The store to create.
    package var output: String
}

/// Why an answer to a seed question cannot be taken, in one line.
package struct SeedAnswerError: Error, Sendable, Hashable {
    /// The line.
    package var message: String

    init(_ message: String) {
        self.message = message
    }
}

import Foundation
import JournalSample
import MigrationEngine
import Testing

/// A plan lists each mapping of an explicit step once, with its policy when it has one.
@Suite("Mapping operations in plans")
struct MappingOperationsTests {
    @Test("Each entity mapping of the sample's explicit steps is listed once")
    func eachMappingOnce() throws {
        let project = try MigrationProject(
            modelPath: SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path, policies: SampleApp.policies)
        let explicit = try project.graph().edges.filter { $0.kind == .explicit }
        #expect(!explicit.isEmpty)
        for edge in explicit {
            // `custom Entry → Entry (EntryToEntry, policy WordCount)`: the mapping's name opens the parentheses.
            let names = edge.operations.compactMap { $0.split(separator: "(").last?.split(separator: ",").first }
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ") ")) }
            #expect(names.count == Set(names).count, "\(edge): \(edge.operations)")
        }
        #expect(explicit.contains { $0.operations.contains { $0.contains("policy WordCount") } })
    }
}

import GRDB

extension Database {
    /// Runs a fragment with its values bound.
    func execute(_ fragment: SQLFragment) throws {
        try execute(sql: fragment.sql, arguments: fragment.statementArguments)
    }

    /// Prepares a fragment to run many times; pass ``SQLFragment/statementArguments`` (plus any parameters
    /// bound per run) each time it runs.
    func makeStatement(_ fragment: SQLFragment) throws -> Statement {
        try makeStatement(sql: fragment.sql)
    }

    /// Like ``makeStatement(_:)``, from the connection's statement cache.
    func cachedStatement(_ fragment: SQLFragment) throws -> Statement {
        try cachedStatement(sql: fragment.sql)
    }
}

import Foundation

/// A full-text or R-tree virtual table outside the model, rebuilt from its parsed module name and arguments.
///
/// Only the modules in ``modules`` are carried. Each argument of the stored `CREATE VIRTUAL TABLE` text is
/// read as tokens and must be a column name (with `UNINDEXED` for FTS5, a leading `+` for an R-tree auxiliary
/// column) or one of the module's known options; the DDL is then written afresh with names quoted and option
/// values re-quoted, so nothing of the stored text reaches SQLite as SQL. The module's shadow tables are not
/// copied: inserting the rows into the new table rebuilds them.
struct VirtualTableDefinition: Sendable {
    let name: String
    let module: String
    let arguments: [String]

    /// Allowed modules and their options. FTS5's `content`/`content_rowid` and FTS3/4's `content`,
    /// `compress` and `uncompress` are refused: they name other tables or SQL functions.
    static let modules: [String: Set<String>] = [
        "fts3": ["tokenize", "prefix", "order", "matchinfo", "notindexed", "languageid"],
        "fts4": ["tokenize", "prefix", "order", "matchinfo", "notindexed", "languageid"],
        "fts5": ["tokenize", "prefix", "detail", "columnsize"],
        "rtree": [], "rtree_i32": [],
    ]

    /// Shadow-table suffixes per module family; used to skip the shadow tables of a carried table.
    static func shadowSuffixes(of module: String) -> [String] {
        switch module {
        case "fts5": ["_data", "_idx", "_content", "_docsize", "_config"]
        case "fts3", "fts4": ["_content", "_segments", "_segdir", "_docsize", "_stat"]
        default: ["_node", "_rowid", "_parent"]
        }
    }

    /// Parses the stored text of virtual table `name`; throws naming the table when it cannot be carried.
    init(name: String, storedSQL: String, path: String) throws(ForeignTableError) {
        self.name = name
        let object = "virtual table \(name)"
        let tokens = SQLTextTokens(storedSQL).tokens
        guard let using = tokens.firstIndex(where: { if case .word(let w) = $0 { w.uppercased() == "USING" } else { false } }),
            using + 1 < tokens.count, let module = Self.name(tokens[using + 1])?.lowercased()
        else { throw ForeignTableError(path: path, object: object, "cannot read the module name") }
        guard let options = Self.modules[module] else {
            throw ForeignTableError(
                path: path, object: object,
                "module \(module.debugDescription) is not one cdmigrate carries (fts3, fts4, fts5, rtree)")
        }
        self.module = module
        var rest = Array(tokens[(using + 2)...])
        if rest.first == .symbol("(") && rest.last == .symbol(")") {
            rest = Array(rest.dropFirst().dropLast())
        } else if !rest.isEmpty {
            throw ForeignTableError(path: path, object: object, "the module arguments are not one parenthesised list")
        }
        var arguments: [String] = []
        for argument in Self.split(rest) {
            arguments.append(try Self.rebuild(argument, module: module, options: options, path: path, object: object))
        }
        self.arguments = arguments
    }

    /// `CREATE VIRTUAL TABLE "main".<name> USING <module>(…)`.
    var createStatement: String {
        "CREATE VIRTUAL TABLE \"main\".\(SQLIdentifier(name).ddl) USING \(module)(\(arguments.joined(separator: ", ")))"
    }

    private static func rebuild(
        _ argument: [SQLTextTokens.Token], module: String, options: Set<String>, path: String, object: String
    ) throws(ForeignTableError) -> String {
        if argument.count >= 3, argument[1] == .symbol("="), let key = name(argument[0])?.lowercased() {
            guard options.contains(key) else {
                throw ForeignTableError(
                    path: path, object: object, "option \(key.debugDescription) is not one cdmigrate carries for \(module)")
            }
            let values = argument.dropFirst(2).compactMap(value)
            guard values.count == argument.count - 2 else {
                throw ForeignTableError(path: path, object: object, "option \(key) has an unreadable value")
            }
            if module == "fts5" { return "\(key) = \(SQLLiteral.text(values.joined(separator: " ")))" }
            guard values.allSatisfy({ $0.range(of: #"^[A-Za-z0-9_,=.-]+$"#, options: .regularExpression) != nil }) else {
                throw ForeignTableError(path: path, object: object, "option \(key) has a value cdmigrate does not carry")
            }
            return "\(key)="
                + values.enumerated().map { $0.offset == 0 ? $0.element : "\"\($0.element)\"" }.joined(separator: " ")
        }
        let auxiliary = module.hasPrefix("rtree") && argument.first == .symbol("+")
        let words = auxiliary ? Array(argument.dropFirst()) : argument
        guard let column = words.first.flatMap(name) else {
            throw ForeignTableError(path: path, object: object, "an argument is neither a column nor an option")
        }
        let unindexed = module == "fts5" && words.dropFirst().contains { $0 == .word("UNINDEXED") || $0 == .word("unindexed") }
        return (auxiliary ? "+" : "") + SQLIdentifier(column).quoted + (unindexed ? " UNINDEXED" : "")
    }

    private static func split(_ tokens: [SQLTextTokens.Token]) -> [[SQLTextTokens.Token]] {
        var result: [[SQLTextTokens.Token]] = [[]]
        var depth = 0
        for token in tokens {
            if token == .symbol("(") { depth += 1 }
            if token == .symbol(")") { depth -= 1 }
            if token == .symbol(","), depth == 0 { result.append([]) } else { result[result.count - 1].append(token) }
        }
        return result.filter { !$0.isEmpty }
    }

    private static func name(_ token: SQLTextTokens.Token) -> String? {
        switch token {
        case .word(let word) where word.first.map({ $0.isLetter || $0 == "_" }) == true: word
        case .quotedName(let name), .string(let name): name
        default: nil
        }
    }

    private static func value(_ token: SQLTextTokens.Token) -> String? {
        switch token {
        case .word(let word), .quotedName(let word), .string(let word): word
        default: nil
        }
    }
}

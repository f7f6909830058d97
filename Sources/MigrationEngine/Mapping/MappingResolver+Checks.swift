extension MappingResolver {
    /// Checks function names, the keys read directly from `$source`, and the mapping names that lookups use.
    func check(_ expression: MappingExpression, in mapping: EntityMapping, sourceEntity: Entity?, names: Set<String>)
        throws(MappingFileError)
    {
        let origin = expression.position ?? .start
        let path = model.path ?? "mapping \(model.sourceVersion) → \(model.destinationVersion)"
        do {
            try functions.check(expression.expression)
        } catch {
            throw MappingFileError(path: path, at: error.position.offset(by: origin), "mapping \(mapping.name): \(error.message)")
        }
        var problem: (SourcePosition, String)?
        visit(expression.expression) { node in
            guard problem == nil else { return }
            switch node.kind {
            case .key(let base, let name) where base.kind == .variable("source"):
                guard let sourceEntity else {
                    problem = (node.position, "mapping \(mapping.name) reads no source entity, so $source.\(name) has no value")
                    return
                }
                let known =
                    source.allAttributes(of: sourceEntity).map(\.name) + source.allRelationships(of: sourceEntity).map(\.name)
                if !known.contains(name) {
                    problem = (node.position, "\(sourceEntity.name) in \(source.name) has no attribute or relationship \(name)")
                }
            case .function(let target, SelectorCall.entityMappingLookup, let arguments)
            where target.kind == .variable("manager"):
                if case .literal(.string(let name))? = arguments.first?.kind, !names.contains(name) {
                    problem = (arguments[0].position, "there is no entity mapping named \(name)")
                }
            default:
                break
            }
        }
        if let (position, message) = problem {
            throw MappingFileError(path: path, at: position.offset(by: origin), "mapping \(mapping.name): \(message)")
        }
    }

    private func visit(_ expression: Expression, _ body: (Expression) -> Void) {
        body(expression)
        switch expression.kind {
        case .literal, .variable: break
        case .key(let base, _), .unary(_, let base): visit(base, body)
        case .binary(_, let a, let b), .comparison(_, let a, let b):
            visit(a, body)
            visit(b, body)
        case .conditional(let a, let b, let c): for part in [a, b, c] { visit(part, body) }
        case .call(_, let parts), .list(let parts): for part in parts { visit(part, body) }
        case .function(let target, _, let parts): for part in [target] + parts { visit(part, body) }
        }
    }
}

extension PlanningSettings {
    /// The settings of the project file beside the model at `modelPath`, or the defaults when there is none.
    ///
    /// - Parameter modelPath: The model (`.xcdatamodeld`, `.momd`, …) whose folder may hold the project file
    ///   (`cdmigrate.yaml`, `.yml` or `.json`).
    /// - Returns: The file's settings, with its mapping folders resolved against the file's folder.
    /// - Throws: ``PlanningError`` when the project file exists but cannot be read or parsed.
    package static func besideModel(_ modelPath: String) throws(PlanningError) -> PlanningSettings {
        guard let file = ProjectFile.locate(besideModel: modelPath) else { return PlanningSettings() }
        return try ProjectFile.load(path: file)
    }

    /// The settings of the project file at `path` (a file named on the command line rather than found).
    ///
    /// - Parameter path: The project file (`cdmigrate.yaml`, `.yml` or `.json`).
    /// - Returns: The file's settings, with its mapping folders resolved against the file's folder.
    /// - Throws: ``PlanningError`` when the file cannot be read or parsed.
    package static func projectFile(at path: String) throws(PlanningError) -> PlanningSettings {
        try ProjectFile.load(path: path)
    }
}

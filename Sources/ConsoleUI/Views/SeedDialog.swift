/// The questions that seed a fixture store, as a dialog over the main screen: the answers given, the one
/// being typed with its cursor, and the defaults still to come, dimmed.
enum SeedDialog {
    static func dialog(_ prompt: SeedPrompt) -> Dialog {
        var lines = [StyledText("A new store of the model, filled with synthetic objects.", style: .dim), StyledText("")]
        for field in SeedPrompt.Field.allCases {
            let label = StyledText(field.question + ": ", style: .title)
            let answer = prompt.answers[field] ?? ""
            if field == prompt.field {
                lines.append(prompt.line.drawn(after: label))
            } else {
                lines.append(label.appending(answer, field.rawValue < prompt.field.rawValue ? .plain : .dim))
            }
        }
        var dialog = Dialog(title: "Seed a fixture store", lines: lines, buttons: [], selected: 0)
        // A typed line, not buttons: Enter takes the answer and asks the next.
        dialog.footer = "Enter next · Esc cancels"
        return dialog
    }
}

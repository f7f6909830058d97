/// The "Abort the run?" question: Abort, or Keep going (highlighted first).
package enum AbortDialog {
    /// The dialog; `abortHighlighted` is whether the Abort button is the highlighted one.
    package static func dialog(abortHighlighted: Bool) -> Dialog {
        Dialog(
            title: "Abort the run?",
            lines: [
                StyledText("The run is paused at its next batch until you answer."),
                StyledText("Abort discards the temporary stores; Keep going resumes it."),
                StyledText("The original store stays untouched.", style: .ok),
            ],
            buttons: ["y Abort", "n Keep going"], selected: abortHighlighted ? 0 : 1, borderStyle: .danger)
    }
}

enum InspectCommand {
    static let command = Command(
        name: "inspect", summary: "Print the header and colour space of PNG files as JSON.",
        usage: ["inspect PATH..."]
    ) { _, _ in
        throw UsageError("inspect: not yet implemented")
    }
}

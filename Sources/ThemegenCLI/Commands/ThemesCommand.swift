import ThemegenBuild
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage

/// `themegen themes PATH...`: recover gradient themes from artboards and render them.
enum ThemesCommand {
    static let command = Command(
        name: "themes",
        summary: "Recover gradient themes from exported artboards and render them through a template.",
        usage: ["themes PATH... [--template NAME|PATH] [--output FILE] [--param KEY=VALUE]... [--text-color NAME=#RRGGBB[,large]]..."],
        options: [
            .value("template", "NAME|PATH", help: "json (default), swift, objc-h, objc-m, css, or a .mustache file."),
            .value("output", "FILE", help: "Write the result here (default: stdout)."),
            .value("param", "KEY=VALUE", repeatable: true, help: "A template parameter (enumName, publicAccess, …)."),
            .value("text-color", "NAME=#RRGGBB[,large]", repeatable: true,
                   help: "A text colour to check for WCAG contrast against every theme."),
            colorSpaceOption,
            .flag("allow-poor-fit", help: "Keep artboards the gradient fit cannot explain (max ΔE2000 > 3)."),
            maxPixelsOption,
        ] + Command.writeOptionSpecs
    ) { args, console in
        guard !args.positionals.isEmpty else { throw UsageError("themes needs at least one artboard file or folder") }
        var options = ThemeOptions()
        options.textColors = try args.values("text-color").map(TextColorCheck.parse)
        options.allowPoorFit = args.flag("allow-poor-fit")
        options.convertToSRGB = try parseColorSpace(args)
        options.maxPixels = try parseMaxPixels(args)
        let params = try TemplateParams.parse(args.values("param"))
        let files = try InputFiles.pngs(in: args.positionals, console: console)
        let themes = ThemeExtractor.extract(files: files, options: options, console: console)
        // The good artboards are rendered even when others failed (those were reported on
        // stderr, and the exit code says so), so one bad export does not hide the rest.
        guard !themes.isEmpty || console.errorCount == 0 else { return console.exitCode }
        let errorsBefore = console.errorCount
        let text = try CodeGenerator.render(themes: themes, template: args.value("template") ?? "json", params: params,
                                            diagnostics: console)
        // Under --strict a missing partial is an error: nothing is written.
        guard console.errorCount == errorsBefore else { return console.exitCode }
        guard let output = args.value("output") else {
            console.write(text)
            return console.errorCount == 0 ? .ok : console.exitCode
        }
        let written = try StandaloneOutput.write([PlannedFile(path: output, text: text)], scope: [output],
                                                 options: Command.writeOptions(args),
                                                 console: console).exitCode
        return console.errorCount == 0 ? written : console.exitCode
    }
}

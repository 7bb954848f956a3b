import Foundation
import Mustache
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// `themegen inspect PATH...`: header and colour space of each PNG, as a JSON array.
enum InspectCommand {
    static let command = Command(
        name: "inspect",
        summary: "Print the header and colour space of PNG files as JSON.",
        usage: ["inspect PATH... [--max-pixels N]"],
        options: [maxPixelsOption]
    ) { args, console in
        guard !args.positionals.isEmpty else { throw UsageError("inspect needs at least one file or folder") }
        let maxPixels = try parseMaxPixels(args)
        var objects: [String] = []
        for path in try InputFiles.pngs(in: args.positionals, console: console) {
            do {
                // Every row is read (one at a time) so a damaged file is reported, not described.
                let reader = try PNGRowReader(path: path, maxPixels: maxPixels, rgbWhenOpaque: true)
                try reader.validate()
                objects.append(json(path: path, header: reader.header, space: reader.colorSpace))
            } catch {
                console.error(error)
            }
        }
        console.write(objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n")
        return .ok
    }

    static func json(path: String, header h: PNGHeader, space: ColorSpace) -> String {
        var fields = [
            ("file", JSONString.quoted(path)),
            ("width", "\(h.width)"), ("height", "\(h.height)"),
            ("bitDepth", "\(h.bitDepth)"), ("colorType", JSONString.quoted(h.colorType.name)),
            ("interlaced", "\(h.interlaced)"), ("hasAlpha", "\(h.hasAlpha)"),
            ("colorSpace", JSONString.quoted(space.identifier)),
        ]
        if let name = space.profileName { fields.append(("colorProfile", JSONString.quoted(name))) }
        return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}

/// `--max-pixels N`, shared by the commands that decode PNGs.
let maxPixelsOption = OptionSpec.value(
    "max-pixels", "N",
    help: "Refuse images with more pixels than N (default \(PNGLimits.defaultMaxPixels)).")

func parseMaxPixels(_ args: Arguments) throws -> Int {
    guard let text = args.value("max-pixels") else { return PNGLimits.defaultMaxPixels }
    guard let n = Int(text.replacingOccurrences(of: "_", with: "")), n > 0 else {
        throw UsageError("--max-pixels expects a positive whole number, got '\(text)'")
    }
    return n
}

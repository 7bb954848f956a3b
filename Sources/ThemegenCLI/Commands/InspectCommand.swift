import Foundation
import ThemegenBuild
import ThemegenCore
import ThemegenImage

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
        var objects: [JSONNode] = []
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
        console.write(JSONNode.array(objects).text(.plain))
        return .ok
    }

    static func json(path: String, header h: PNGHeader, space: ColorSpace) -> JSONNode {
        var fields: [(String, JSONNode)] = [
            ("file", .string(path)),
            ("width", .int(h.width)), ("height", .int(h.height)),
            ("bitDepth", .int(Int(h.bitDepth))), ("colorType", .string(h.colorType.name)),
            ("interlaced", .bool(h.interlaced)), ("hasAlpha", .bool(h.hasAlpha)),
            ("colorSpace", .string(space.identifier)),
        ]
        if let name = space.profileName { fields.append(("colorProfile", .string(name))) }
        return .object(fields)
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

import ThemegenCore

/// `--color-space srgb`, shared by the commands that read exports' colours (`themes`, `slice`,
/// `preview`); a `run` reads the `colorSpace` key of each themes or assets input instead.
let colorSpaceOption = OptionSpec.value(
    "color-space", "srgb",
    help: "Give every output in sRGB: Display P3 converted, other profiles' values taken as sRGB (with a warning) instead of an error.")

/// Whether `--color-space srgb` was given; any other value is a usage error.
func parseColorSpace(_ args: Arguments) throws -> Bool {
    guard let space = args.value("color-space") else { return false }
    guard space == "srgb" else { throw UsageError("--color-space '\(space)': only srgb is supported") }
    return true
}

/// How the user turns on a slicing setting where they are: a flag for `themegen slice`, a config
/// key in a `run`. The slicer's warnings name the remedy through these, never a fixed flag.
public struct SliceHints: Sendable, Equatable {
    /// Pads sources whose sides are not a multiple of their scale.
    public var pad: String
    /// Derives caps from bands of identical rows and columns.
    public var autoCaps: String

    public init(pad: String, autoCaps: String) { self.pad = pad; self.autoCaps = autoCaps }

    /// The `slice` command's flags.
    public static let flags = SliceHints(pad: "--pad", autoCaps: "--auto-caps")

    /// The keys of `assets[index]` in themegen.json.
    public static func config(section index: Int) -> SliceHints {
        SliceHints(pad: "\"assets[\(index)].pad\": true", autoCaps: "assets[\(index)].autoCaps")
    }
}

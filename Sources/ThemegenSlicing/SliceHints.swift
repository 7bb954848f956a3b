/// How the user turns on a slicing setting where they are: a flag for `themegen slice`, a config
/// key in a `run`. The slicer's warnings name the remedy through these, never a fixed flag.
package struct SliceHints: Sendable, Equatable {
    /// Pads sources whose sides are not a multiple of their scale.
    package var pad: String
    /// Derives caps from bands of identical rows and columns.
    package var autoCaps: String

    package init(pad: String, autoCaps: String) { self.pad = pad; self.autoCaps = autoCaps }

    /// The `slice` command's flags.
    package static let flags = SliceHints(pad: "--pad", autoCaps: "--auto-caps")

    /// The keys of `assets[index]` in themegen.json.
    package static func config(section index: Int) -> SliceHints {
        SliceHints(pad: "\"assets[\(index)].pad\": true", autoCaps: "assets[\(index)].autoCaps")
    }
}

/// The app's side: `Theme` and its values come from the generated file the plugin adds to
/// this target (there is no Theme.swift in this folder).
public enum ThemePicker {
    /// The theme names, in the order the exports are sorted.
    public static var names: [String] { Theme.all.map(\.name) }

    /// The gradient of the theme called `name` as (red, green, blue) per stop, or nil.
    public static func stops(of name: String) -> [(red: Double, green: Double, blue: Double)]? {
        Theme.all.first { $0.name == name }.map { $0.fill.stops.map { ($0.color.red, $0.color.green, $0.color.blue) } }
    }
}

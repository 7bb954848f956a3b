/// The colour space of an image, as far as themegen distinguishes them.
package enum ColorSpace: Sendable, Hashable {
    case sRGB
    case displayP3
    /// Any other space, with a human-readable name (the ICC profile's description, or what
    /// the PNG chunks said).
    case other(String)

    /// The spelling used in JSON output and templates.
    package var identifier: String {
        switch self {
        case .sRGB: return "srgb"
        case .displayP3: return "display-p3"
        case .other: return "other"
        }
    }

    /// The profile or chunk description for `.other`, nil otherwise.
    package var profileName: String? {
        if case .other(let name) = self { return name }
        return nil
    }
}

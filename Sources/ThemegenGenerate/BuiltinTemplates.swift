/// The default templates, compiled in from `Templates/*.mustache` (resources of this target,
/// see Package.swift) so themegen works from any folder.
enum BuiltinTemplates {
    private static let sources: [String: [UInt8]] = [
        "css": PackageResources.css_mustache,
        "objc-h": PackageResources.objc_h_mustache,
        "objc-m": PackageResources.objc_m_mustache,
        "preview-html": PackageResources.preview_html_mustache,
        "swift": PackageResources.swift_mustache,
        "swift-assets": PackageResources.swift_assets_mustache,
    ]

    /// Names, sorted.
    static let names: [String] = sources.keys.sorted()

    static func source(named name: String) -> String? {
        sources[name].map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Where `themegen preview` gets its models: themes fitted from artboards and assets sliced
/// from exports. Both producers belong to other stages (Gradients/, Slicing/); the command
/// takes them as functions so it does not depend on how they are built.
///
/// `themes` gets the expanded, sorted PNG paths; `assets` gets the inputs as given (files or
/// folders: the slicer makes groups of subfolders). Each reports problems with single files to
/// the console and leaves those files out (the command then writes nothing).
public struct PreviewSources: Sendable {
    public var themes: @Sendable (_ files: [String], _ console: Console) throws -> [PreviewTheme]
    public var assets: @Sendable (_ inputs: [String], _ console: Console) throws -> [PreviewAsset]

    public init(themes: @escaping @Sendable (_ files: [String], _ console: Console) throws -> [PreviewTheme],
                assets: @escaping @Sendable (_ inputs: [String], _ console: Console) throws -> [PreviewAsset]) {
        self.themes = themes; self.assets = assets
    }

    /// What this build has. The theme extractor (branch `gradients`) and the slicer (branch
    /// `slicing`) are not on this branch yet: until they are wired in here, asking for themes
    /// or assets is a clear error rather than an empty page.
    ///
    /// Wiring, once both are merged:
    ///     themes: { files, console in
    ///         ThemeExtractor.extract(files: files, options: ThemeOptions(), console: console)
    ///             .map { PreviewTheme(theme: $0) } }   // thumbnails stream from theme.file
    ///     assets: { inputs, console in
    ///         let r = Slicer.slice(files: try SliceSource.scan(inputs))
    ///         r.errors.forEach(console.error); r.warnings.forEach(console.warning)
    ///         return r.assets.map { PreviewAsset(asset: $0.asset,
    ///             images: $0.images.map { PreviewAssetImage(scale: $0.scale, png: $0.png) }) } }
    public static let standard = PreviewSources(
        themes: { files, _ in
            guard files.isEmpty else {
                throw UsageError("preview: this build has no theme extractor yet (it lands with the gradients stage); \(files.count) artboard(s) were given")
            }
            return []
        },
        assets: { inputs, _ in
            guard inputs.isEmpty else {
                throw UsageError("preview: this build has no slicer yet (it lands with the slicing stage); --assets \(inputs.joined(separator: " ")) was given")
            }
            return []
        })
}

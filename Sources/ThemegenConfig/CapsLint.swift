import ThemegenCore
import ThemegenImage
import ThemegenSlicing

extension CapsFit {
    /// `config lint`: configured caps checked against the exports' headers (no pixels are
    /// decoded). An export that cannot be read is left to the run to report.
    package static func lint(_ loaded: LoadedConfig) -> [Error] {
        var errors: [Error] = []
        for (i, section) in loaded.config.assets.enumerated() {
            let withCaps = section.assets.filter { $0.value.caps != nil }
            if withCaps.isEmpty { continue }
            guard let sources = try? SliceSource.scan([ConfigLoader.join(loaded.root, section.input)]) else { continue }
            for (name, options) in withCaps.sorted(by: { $0.key < $1.key }) {
                guard let caps = options.caps,
                      let top = sources.filter({ $0.name == name }).max(by: { $0.scale < $1.scale }),
                      let reader = try? PNGRowReader(path: top.path) else { continue }
                var w = reader.header.width, h = reader.header.height
                if top.isNinePatch { w -= 2; h -= 2 }
                let pw = Downscaler.scaledSide(w, scale: 1, sourceScale: top.scale)
                let ph = Downscaler.scaledSide(h, scale: 1, sourceScale: top.scale)
                if let problem = problem(caps, pointWidth: pw, pointHeight: ph) {
                    let key = KeyPath.member(KeyPath.member(KeyPath.index("assets", i) + ".assets", name), "caps")
                    errors.append(ConfigError(file: loaded.displayName, line: 0, keyPath: key,
                                              message: "the caps \(problem) of \(FilePath.relative(top.path, to: loaded.root)); make them smaller"))
                }
            }
        }
        return errors
    }
}

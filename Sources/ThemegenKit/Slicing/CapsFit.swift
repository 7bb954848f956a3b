/// Whether configured cap insets fit an image: the caps on each stretched axis must leave a
/// band (of zero or more points) between them. Caps larger than the image would reach
/// `Contents.json` as insets Xcode cannot apply.
public enum CapsFit {
    /// Why `caps` do not fit an image of `pointWidth`×`pointHeight` points, or nil.
    public static func problem(_ caps: CapInsets, pointWidth: Int, pointHeight: Int) -> String? {
        func n(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        if caps.left + caps.right > Double(pointWidth) {
            return "(left \(n(caps.left)) + right \(n(caps.right)) points) are wider than the image (\(pointWidth) points)"
        }
        if caps.top + caps.bottom > Double(pointHeight) {
            return "(top \(n(caps.top)) + bottom \(n(caps.bottom)) points) are taller than the image (\(pointHeight) points)"
        }
        return nil
    }
}

extension CapsFit {
    /// `config lint`: configured caps checked against the exports' headers (no pixels are
    /// decoded). An export that cannot be read is left to the run to report.
    public static func lint(_ loaded: LoadedConfig) -> [Error] {
        var errors: [Error] = []
        for (i, section) in loaded.config.assets.enumerated() {
            let withCaps = section.assets.filter { $0.value.caps != nil }
            if withCaps.isEmpty { continue }
            guard let sources = try? SliceSource.scan([OutputWriter.join(loaded.root, section.input)]) else { continue }
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

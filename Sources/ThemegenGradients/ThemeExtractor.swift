import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore
import ThemegenImage

/// Turns exported artboards into themes: one streaming pass over each PNG (never holding the
/// image), a gradient fit, then colour space, theme colour and text contrast checks.
package enum ThemeExtractor {
    /// One artboard's fit, before the theme rules apply.
    package struct FittedFile: Sendable {
        package var file: String
        package var width: Int
        package var height: Int
        package var colorSpace: ColorSpace
        package var fit: GradientFit
        /// The preview thumbnail, made from the same rows when the options ask for one.
        package var thumbnail: Thumbnail? = nil
    }

    /// Themes for `files` (already expanded and sorted for output), one per artboard with scale
    /// variants folded to the largest, in input order. Files are fitted concurrently on all
    /// cores. Problems go to `console` (errors for unreadable files, poor fits and unknown
    /// profiles; warnings for low contrast), and the files concerned are left out.
    /// `progress` hears each artboard as its fit starts, from any thread.
    package static func extract(files: [String], options: ThemeOptions, console: any Diagnostics,
                               progress: (@Sendable (String) -> Void)? = nil) -> [Theme] {
        extraction(files: files, options: options, console: console, progress: progress).themes
    }

    /// As `extract`, with the artboards that failed and the thumbnails `options` asked for.
    package static func extraction(files: [String], options: ThemeOptions, console: any Diagnostics,
                                  progress: (@Sendable (String) -> Void)? = nil) -> ThemeExtraction {
        let chosen = artboards(files)
        let fits = concurrentMap(chosen.count) { i in
            progress?(chosen[i])
            return fit(chosen[i], options: options)
        }
        return assemble(fits, options: options, console: console)
    }

    /// The artboards `extract` fits for `files`: each theme's largest scale variant.
    package static func artboards(_ files: [String]) -> [String] {
        ThemeName.largestVariants(files)
    }

    /// One artboard's fit (and thumbnail), the unit of work a run queues with its other work.
    /// Every failure names the artboard, so the console and the preview's "Not recovered" list
    /// can say which file it was.
    package static func fit(_ path: String, options: ThemeOptions) -> Result<FittedFile, Error> {
        Result { try fitFile(path: path, maxPixels: options.maxPixels, options: options) }
            .mapError { $0 is FileError || $0 is PNGError ? $0 : FileError(path, "\($0)") }
    }

    /// Themes from the fits of `artboards`, in input order: the theme rules, dark variants
    /// folded in. Each artboard that cannot become a theme is reported to `console` and listed
    /// in `failures`.
    package static func assemble(_ fits: [Result<FittedFile, Error>], options: ThemeOptions,
                                console: any Diagnostics) -> ThemeExtraction {
        var out = ThemeExtraction()
        for result in fits {
            switch result {
            case .failure(let error):
                console.error(error)
                out.failures.append(ThemeFailure(error: error, baseDirectory: options.baseDirectory))
            case .success(let fitted):
                let file = FilePath.relative(fitted.file, to: options.baseDirectory)
                if let thumbnail = fitted.thumbnail { out.thumbnails[file] = thumbnail }
                do {
                    out.themes.append(try makeTheme(fitted, options: DarkVariants.options(options, for: fitted.file), console: console))
                } catch {
                    console.error(error)
                    out.failures.append(ThemeFailure(file: file, message: ThemeFailure.message(of: error)))
                }
            }
        }
        out.themes = DarkVariants.fold(out.themes, console: console)
        return out
    }

    /// Streams a PNG's rows into a `GradientAccumulator` (one cell row of rows per read) and fits.
    /// With `options`, a colour profile they do not accept is reported before anything else
    /// (the size, the pixels), as `slice` does.
    package static func fitFile(path: String, maxPixels: Int = PNGLimits.defaultMaxPixels, options: ThemeOptions? = nil) throws -> FittedFile {
        let reader = try PNGRowReader(path: path, maxPixels: maxPixels, rgbWhenOpaque: true)
        if let options, !options.convertToSRGB, case .other(let profile) = reader.colorSpace {
            throw unsupportedProfile(FilePath.relative(path, to: options.baseDirectory), profile, remedy: options.remedy)
        }
        let width = reader.header.width, height = reader.header.height
        guard width > 0 && height > 0 else { throw FileError(path, "the image is empty") }
        guard width >= 8 && height >= 8 else {
            throw FileError(path, "the artboard is \(width)×\(height) px; a gradient needs at least 8×8 px to be recovered")
        }
        var acc = GradientAccumulator(width: width, height: height)
        var scaler = options?.thumbnail?.downscaler(sourceWidth: width, sourceHeight: height, colorSpace: reader.colorSpace)
        let batch = acc.cellSize
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: reader.rowBytes * batch, alignment: 16)
        defer { buffer.deallocate() }
        let channels = reader.channels
        var y = 0
        while y < height {
            let n = min(batch, height - y)
            try reader.readRows(into: buffer, count: n)
            if reader.rowBitDepth == 16 {
                for r in 0..<n {
                    let row = UnsafeBufferPointer(start: (buffer + r * reader.rowBytes).assumingMemoryBound(to: UInt16.self), count: width * channels)
                    acc.addRow16(row, y: y + r, channels: channels)
                    scaler?.addRow(row, channels: channels)
                }
            } else {
                acc.addRows8(buffer, rowBytes: reader.rowBytes, y: y, count: n, channels: channels)
                if scaler != nil {
                    for r in 0..<n {
                        scaler!.addRow(UnsafeBufferPointer(start: (buffer + r * reader.rowBytes).assumingMemoryBound(to: UInt8.self), count: width * channels),
                                       channels: channels)
                    }
                }
            }
            y += n
        }
        try reader.finish()
        if acc.isFullyTransparent {
            throw FileError(path, "the artboard is fully transparent (alpha 0 everywhere): there is no gradient to recover; export it with its background")
        }
        let space = RGBSpace(reader.colorSpace) ?? .sRGB
        var made: Thumbnail? = nil
        if var finished = scaler {
            scaler = nil   // leaves `finished` the only owner of its buffers, so finishing copies none
            made = try thumbnail(finished.finish(), options: options, name: path)
        }
        return FittedFile(file: path, width: width, height: height, colorSpace: reader.colorSpace,
                          fit: acc.fit(options: .init(space: space)), thumbnail: made)
    }

    /// The thumbnail in the theme's space: a theme given in sRGB (`--color-space srgb`) from a
    /// Display P3 or other-profile artboard shows as its colours were taken.
    static func thumbnail(_ image: Image, options: ThemeOptions?, name: String) throws -> Thumbnail {
        let shown = options?.convertToSRGB == true && image.colorSpace != .sRGB ? image.convertedToSRGB() : image
        return try Thumbnail(image: shown, name: name, spool: options?.thumbnailSpool)
    }

    /// What the fit promises on the gradient's pixels (ΔE2000); a theme between this and the
    /// rejection line gets a warning.
    package static let promisedMean = 0.5, promisedMax = 1.5

    /// Why an artboard is rejected, worded for the user, or nil when it is a linear gradient
    /// within `limit`.
    package static func rejection(_ fit: GradientFit, limit: Double) -> String? {
        let q = fit.quality
        let numbers = "the best fit (\(fit.shape.type)) is off by ΔE2000 \(NumberFormat.fixed(q.maxDeltaE, 2)) at worst "
            + "(mean \(NumberFormat.fixed(q.meanDeltaE, 2)))"
        let notGradient = "not a linear, radial or angular gradient: "
        func percent(_ v: Double) -> String { NumberFormat.fixed(v * 100, 0) + "%" }
        switch fit.problem {
        case .photo?:
            return notGradient + "the pixels are far noisier than dither or grain (a photo or a texture); " + numbers
        case .notLinear(let unexplained)?:
            return notGradient + "\(percent(unexplained)) of its smooth area follows none of them (shaded art?); " + numbers
        case .overlaysTooLarge(let coverage)?:
            return "the overlays found would cover \(percent(coverage)) of the artboard, more than half, so too little gradient is left to trust"
        case .littleGradient(let explained)?:
            return "the gradient explains only \(percent(explained)) of the artboard (at least 50% is needed); the rest is covered or does not follow it"
        case nil:
            guard q.maxDeltaE > limit else { return nil }
            if let part = fit.unchecked { return uncheckedDetail(part, q) + ", above \(NumberFormat.trimmed(limit))" }
            return notGradient + numbers + ", above \(NumberFormat.trimmed(limit))"
        }
    }

    /// The warning for a model that is a guess under the overlays (see `Extrapolation`).
    package static func extrapolationWarning(_ file: String, _ x: Extrapolation) -> String {
        let share = x.coverage < 0.01 ? "under 1%" : NumberFormat.fixed(x.coverage * 100, 0) + "%"
        return "\(file): \(share) of the artboard lies beyond what the fit sees (under the overlays), and there the recovered "
            + "gradient is a guess that other readings of the visible pixels differ from by up to ΔE2000 \(NumberFormat.fixed(x.maxDeltaE, 2)); "
            + "its fit numbers do not cover it: compare its stops with the design"
    }

    /// An angular fit whose max is what its cells cannot vouch for, worded for the user.
    static func uncheckedDetail(_ part: UncheckedPart, _ q: FitQuality) -> String {
        let max = NumberFormat.fixed(q.maxDeltaE, 2)
        switch part {
        case .seam:
            return "the angular gradient's seam, where it shows beside the overlays, lies elsewhere than the fit's: "
                + "up to ΔE2000 \(max) off along it"
        case .hiddenTurn:
            return "part of the angular gradient's turn is seen only under the overlays, and the fit's stops or seam there "
                + "are a guess that may be off by up to ΔE2000 \(max)"
        }
    }

    static func unsupportedProfile(_ file: String, _ profile: String, remedy: Remedy) -> FileError {
        FileError(file, Remedy.hinted("colour profile '\(profile)' is neither sRGB nor Display P3",
                                      "re-export in sRGB or Display P3, or " + remedy.takeAsSRGB))
    }

    /// Applies the theme rules to one fit; throws the reason when the file cannot become a theme.
    package static func makeTheme(_ f: FittedFile, options: ThemeOptions, console: any Diagnostics) throws -> Theme {
        let file = FilePath.relative(f.file, to: options.baseDirectory)
        let name = ThemeName.parse(fileName: FilePath.lastComponent(f.file)).name
        let q = f.fit.quality
        if let detail = rejection(f.fit, limit: options.poorFitLimit) {
            let allowed = options.themeAllowPoorFit[name] ?? options.allowPoorFit
            if !allowed { throw FileError(file, Remedy.hinted(detail, options.remedy.keep(theme: name))) }
            console.warning("\(file): \(detail); kept because of \(options.remedy.name(flag: "allow-poor-fit", key: "allowPoorFit"))")
        } else if let part = f.fit.unchecked, q.maxDeltaE > promisedMax {
            console.warning("\(file): \(uncheckedDetail(part, q)), above the \(NumberFormat.fixed(promisedMax, 1)) themegen aims for; "
                + "compare its stops with the design")
        } else if q.meanDeltaE > promisedMean || q.maxDeltaE > promisedMax {
            console.warning("\(file): the recovered gradient is off by ΔE2000 \(NumberFormat.fixed(q.maxDeltaE, 2)) at worst "
                + "(mean \(NumberFormat.fixed(q.meanDeltaE, 2))) outside the overlays, above the \(NumberFormat.fixed(promisedMax, 1)) "
                + "(mean \(NumberFormat.fixed(promisedMean, 1))) themegen aims for; compare its stops with the design")
        }
        if let x = f.fit.extrapolation { console.warning(extrapolationWarning(file, x)) }

        var stops = f.fit.stops
        var colorSpace = f.colorSpace
        switch f.colorSpace {
        case .sRGB:
            break
        case .displayP3:
            if options.convertToSRGB {
                stops = stops.map { GradientStop(color: $0.color.converted(from: .displayP3, to: .sRGB), position: $0.position) }
                colorSpace = .sRGB
                console.info("\(file): Display P3 colours converted to sRGB (\(options.remedy.srgbSetting))")
            }
        case .other(let profile):
            guard options.convertToSRGB else { throw unsupportedProfile(file, profile, remedy: options.remedy) }
            colorSpace = .sRGB
            console.warning("\(file): colour profile '\(profile)' is neither sRGB nor Display P3; its values are taken as sRGB without conversion (\(options.remedy.srgbSetting))")
        }
        let space = RGBSpace(colorSpace) ?? .sRGB

        // Colours from the config and the command line are sRGB; the theme holds its own space's.
        let inTheme: (RGBA) -> RGBA = { space == .sRGB ? $0 : $0.converted(from: .sRGB, to: space) }
        let themeColor = options.themeColors[name].map(inTheme) ?? stops.last?.color ?? RGBA(red: 0, green: 0, blue: 0)
        var textColors: [TextColor] = []
        var checks = options.textColors
        for c in options.themeTextColors[name] ?? [] {
            if let i = checks.firstIndex(where: { $0.name == c.name }) { checks[i] = c } else { checks.append(c) }
        }
        for spec in checks {
            let color = inTheme(spec.color)
            let ratio = GradientContrast.worstRatio(text: color, stops: stops, space: space)
            if ratio < GradientContrast.needed(large: spec.large) {
                console.warning(GradientContrast.warning(file: file, theme: name, color: spec.name, ratio: ratio, large: spec.large))
            }
            textColors.append(TextColor(name: spec.name, color: color, dark: spec.dark.map(inTheme), large: spec.large, contrast: ratio))
        }
        return Theme(name: name, identifier: SwiftIdentifier.lowerCamel(name, fallback: "theme"), file: file, width: f.width, height: f.height,
                     colorSpace: colorSpace, angle: f.fit.angle, startPoint: f.fit.startPoint, endPoint: f.fit.endPoint,
                     stops: stops, themeColor: themeColor, textColors: textColors, fit: q, overlays: f.fit.overlays, shape: f.fit.shape)
    }
}

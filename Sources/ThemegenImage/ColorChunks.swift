#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore

/// The colour chunks of a PNG, as read, before they are interpreted.
package struct ColorChunks: Sendable, Equatable {
    /// cICP: colour primaries, transfer function, matrix coefficients, full-range flag.
    package var cicp: [UInt8]?
    package var iccpName: String?
    package var iccpProfile: [UInt8]?
    package var srgbIntent: Int?
    /// cHRM: white x,y; red x,y; green x,y; blue x,y.
    package var chromaticities: [Double]?
    package var gamma: Double?

    package init() {}

    /// The colour space these chunks declare, in order of precedence: cICP, iCCP, sRGB,
    /// cHRM, gAMA. An untagged file is sRGB.
    package var colorSpace: ColorSpace {
        if let c = cicp {
            // ITU-T H.273 code points: primaries 1 = BT.709/sRGB, 12 = P3-D65; transfer 13 = sRGB.
            switch (c[0], c[1]) {
            case (1, 13): return .sRGB
            case (12, 13): return .displayP3
            default: return .other("cICP primaries \(c[0]), transfer \(c[1])")
            }
        }
        if let profile = iccpProfile {
            return ICCProfile.identify(profile, name: iccpName ?? "")
        }
        if srgbIntent != nil { return .sRGB }
        let sRGBGamma = gamma.map { abs($0 - 1 / 2.2) < 0.0005 } ?? true
        if let c = chromaticities {
            let primaries = Array(c[2...])
            if sRGBGamma && close(primaries, [0.64, 0.33, 0.30, 0.60, 0.15, 0.06]) { return .sRGB }
            if sRGBGamma && close(primaries, [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]) { return .displayP3 }
            let g = gamma.map { ", gamma \(format($0))" } ?? ""
            return .other("cHRM red \(format(c[2])),\(format(c[3])) green \(format(c[4])),\(format(c[5])) blue \(format(c[6])),\(format(c[7]))\(g)")
        }
        if let g = gamma, !sRGBGamma { return .other("gAMA \(format(g))") }
        return .sRGB
    }

    private func close(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) < 0.002 }
    }

    private func format(_ v: Double) -> String {
        NumberFormat.trimmed(v, 5)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Image {
    /// The image in sRGB (`--color-space srgb`, the config's `colorSpace: "srgb"`): Display P3
    /// pixels converted (out-of-gamut colours clamped), sRGB as it is, and any other profile's
    /// values taken as sRGB unchanged, which the caller says in a warning. Alpha is kept.
    package func convertedToSRGB() -> Image {
        guard colorSpace == .displayP3 else {
            var same = self
            same.colorSpace = .sRGB
            return same
        }
        let toXYZ = RGBSpace.displayP3.toXYZ, fromXYZ = RGBSpace.sRGB.fromXYZ
        @inline(__always) func convert(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
            let l = fromXYZ.apply(toXYZ.apply(Vec3(r, g, b)))
            func c(_ x: Double) -> Double { min(1, max(0, TransferFunction.toEncoded(x))) }
            return (c(l.x), c(l.y), c(l.z))
        }
        switch pixels {
        case .rgba8(var a):
            // The transfer curve once per code value, not once per sample.
            let linear = (0..<256).map { TransferFunction.toLinear(Double($0) / 255) }
            var i = 0
            while i < a.count {
                let (r, g, b) = convert(linear[Int(a[i])], linear[Int(a[i + 1])], linear[Int(a[i + 2])])
                a[i] = UInt8((r * 255).rounded()); a[i + 1] = UInt8((g * 255).rounded()); a[i + 2] = UInt8((b * 255).rounded())
                i += 4
            }
            return Image(width: width, height: height, colorSpace: .sRGB, pixels: .rgba8(a))
        case .rgba16(var a):
            var i = 0
            while i < a.count {
                let (r, g, b) = convert(TransferFunction.toLinear(Double(a[i]) / 65535),
                                        TransferFunction.toLinear(Double(a[i + 1]) / 65535),
                                        TransferFunction.toLinear(Double(a[i + 2]) / 65535))
                a[i] = UInt16((r * 65535).rounded()); a[i + 1] = UInt16((g * 65535).rounded()); a[i + 2] = UInt16((b * 65535).rounded())
                i += 4
            }
            return Image(width: width, height: height, colorSpace: .sRGB, pixels: .rgba16(a))
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer curve, which Display P3 shares (IEC 61966-2-1 piecewise curve).
package enum TransferFunction {
    /// Encoded value (0…1) to linear light.
    @inline(__always)
    package static func toLinear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// Linear light to encoded value; signs are kept so out-of-gamut values survive a round trip.
    @inline(__always)
    package static func toEncoded(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }
}

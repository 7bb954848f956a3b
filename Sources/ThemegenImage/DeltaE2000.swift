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

/// CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1.
package enum DeltaE2000 {
    package static func difference(_ x: Lab, _ y: Lab) -> Double {
        let rad = Double.pi / 180
        let c1ab = (x.a * x.a + x.b * x.b).squareRoot()
        let c2ab = (y.a * y.a + y.b * y.b).squareRoot()
        let cMean = (c1ab + c2ab) / 2
        let c7 = pow7(cMean)
        let g = 0.5 * (1 - (c7 / (c7 + 6103515625)).squareRoot())   // 25^7
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let c1 = (a1 * a1 + x.b * x.b).squareRoot()
        let c2 = (a2 * a2 + y.b * y.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if b == 0 && a == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(x.b, a1), h2 = hue(y.b, a2)

        let dL = y.l - x.l
        let dC = c2 - c1
        var dh = 0.0
        if c1 * c2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1 * c2).squareRoot() * sin(dh * rad / 2)

        let lMean = (x.l + y.l) / 2
        let cpMean = (c1 + c2) / 2
        var hMean = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) > 180 { hMean += hMean < 360 ? 360 : -360 }
            hMean /= 2
        }
        // cos(H − 30°), cos 2H, cos(3H + 6°) and cos(4H − 63°) from one sine and cosine of H by
        // the multiple- and sum-angle formulas (four cos calls were a fifth of the cost).
        let c1h = cos(hMean * rad), s1h = sin(hMean * rad)
        let c2h = c1h * c1h - s1h * s1h, s2h = 2 * s1h * c1h
        let c3h = c2h * c1h - s2h * s1h, s3h = s2h * c1h + c2h * s1h
        let c4h = c2h * c2h - s2h * s2h, s4h = 2 * s2h * c2h
        let t = 1 - 0.17 * (c1h * 0.8660254037844387 + s1h * 0.5) + 0.24 * c2h
            + 0.32 * (c3h * 0.9945218953682733 - s3h * 0.10452846326765347)
            - 0.20 * (c4h * 0.4539904997395468 + s4h * 0.8910065241883678)
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cp7 = pow7(cpMean)
        let rc = 2 * (cp7 / (cp7 + 6103515625)).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * rad) * rc
        let l = dL / sl, c = dC / sc, h = dH / sh
        return max(0, l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    @inline(__always)
    private static func pow7(_ x: Double) -> Double { let x2 = x * x, x3 = x2 * x; return x3 * x3 * x }
}

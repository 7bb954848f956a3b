import CPNGBridge

/// Encodes `Image`s losslessly with fixed settings, so the same libpng and zlib give the
/// same bytes. It picks the smallest exact colour type (gray, RGB when opaque, palette when
/// there are at most 256 colours and that comes out smaller), writes its own chunks in a fixed
/// order (IHDR, iCCP or sRGB, PLTE, tRNS, IDAT, IEND), and never a tIME or text chunk.
package enum PNGEncoder {
    /// The zlib level, fixed by image size. Measured on the bench corpus: on icons and buttons
    /// level 9 is under 1% (icons) and 5% (buttons) smaller than 7 at 2.7 and 2.1 times the
    /// time, as its long match chains search the transparent margins; on 1242×2688 backgrounds
    /// 5 is 6% larger than 6 (and rarely beats the source at @3x) for 16% less time.
    static func compressionLevel(pixels: Int, effort: Effort) -> Int32 {
        switch effort {
        case .smallest: return pixels <= 512 * 512 ? 7 : 6
        // On the bundled preview thumbnails level 3 is 5–8 times faster than 7 for 20% more
        // bytes; on smooth gradient rows level 7's long match chains find little more.
        case .quick: return 3
        }
    }

    /// How hard zlib works: the smallest file for what ships in an app, or a quick one for
    /// the preview's thumbnails, which a browser reads from disk once.
    package enum Effort: Sendable {
        case smallest, quick
    }

    /// Row filters libpng may choose from, for images up to 512×512 and for palette and
    /// sub-byte images; larger images get one filter picked by `sampledFilter`. Palette and
    /// sub-byte images use none, as the PNG spec advises; on small assets Sub, Up and Paeth are
    /// 4% smaller than all five and cost little.
    static func rowFilters(colorType: Int32, depth: Int) -> Int32 {
        if colorType == 3 || depth < 8 { return filterNone }
        return filterSub | filterUp | filterPaeth
    }

    static let filterNone: Int32 = 0x08, filterSub: Int32 = 0x10, filterUp: Int32 = 0x20, filterPaeth: Int32 = 0x80

    /// Whether an image is large enough that one filter for every row, chosen on a sample, pays:
    /// libpng's adaptive choice tries every allowed filter on every row, and its
    /// smallest-sum-of-differences guess is often not the smallest output. On the bench
    /// corpus's 1242×2688 backgrounds Sub alone is 12% smaller than Up alone and 14% smaller
    /// than the adaptive choice at level 6, and 5% faster than Up; on other art Up or Paeth
    /// win, so it is measured per image.
    /// A quick encode always does: libpng's adaptive choice costs more than level 3's deflate.
    static func picksFilterBySample(pixels: Int, colorType: Int32, depth: Int, effort: Effort) -> Bool {
        (pixels > 512 * 512 || effort == .quick) && colorType != 3 && depth >= 8
    }

    package static func encode(_ image: Image, name: String = "image", effort: Effort = .smallest) throws -> [UInt8] {
        switch image.pixels {
        case .rgba16(let samples):
            if samples.allSatisfy({ $0 % 257 == 0 }) {
                // Every sample is exactly an 8-bit value: 8 bits lose nothing.
                return try encode(image.to8Bit(), name: name, effort: effort)
            }
            return try encode16(image, samples, name: name, effort: effort)
        case .rgba8(let samples):
            return try encode8(image, samples, name: name, effort: effort)
        }
    }

    // MARK: - 8-bit

    private static func encode8(_ image: Image, _ s: [UInt8], name: String, effort: Effort) throws -> [UInt8] {
        let stats = Stats8(s)
        let w = image.width, h = image.height
        let direct: [UInt8]
        if stats.gray {
            if stats.opaque {
                var gray = [UInt8](repeating: 0, count: w * h)
                for i in 0..<(w * h) { gray[i] = s[4 * i] }
                let depth = stats.grayDepth
                if depth < 8 {
                    let divisor = UInt8(255 / ((1 << depth) - 1))
                    for i in 0..<gray.count { gray[i] /= divisor }
                }
                direct = try write(image, depth: depth, colorType: 0, rows: gray, stride: w, name: name, effort: effort)
            } else {
                var ga = [UInt8](repeating: 0, count: w * h * 2)
                for i in 0..<(w * h) { ga[2 * i] = s[4 * i]; ga[2 * i + 1] = s[4 * i + 3] }
                direct = try write(image, depth: 8, colorType: 4, rows: ga, stride: 2 * w, name: name, effort: effort)
            }
        } else if stats.opaque {
            let rgb = [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, count in
                s.withUnsafeBufferPointer { p in
                    for i in 0..<(w * h) {
                        out[3 &* i] = p[4 &* i]; out[3 &* i &+ 1] = p[4 &* i &+ 1]; out[3 &* i &+ 2] = p[4 &* i &+ 2]
                    }
                }
                count = w * h * 3
            }
            direct = try write(image, depth: 8, colorType: 2, rows: rgb, stride: 3 * w, name: name, effort: effort)
        } else {
            direct = try write(image, depth: 8, colorType: 6, rows: s, stride: 4 * w, name: name, effort: effort)
        }
        // Gray at 1, 2 or 4 bits is already as small as a palette gets.
        guard let palette = stats.palette, !(stats.gray && stats.opaque) else { return direct }
        let indexed = try writePalette(image, s, palette, name: name, effort: effort)
        return indexed.count < direct.count ? indexed : direct
    }

    /// One pass over the samples: gray? opaque? which colours, if at most 256?
    private struct Stats8 {
        var gray = true
        var opaque = true
        /// Exact gray depth (1, 2, 4 or 8) that holds every gray value.
        var grayDepth = 1
        /// Colours in first-seen order, or nil when there are more than 256.
        var palette: [UInt32]?

        init(_ s: [UInt8]) {
            // Three passes that each stop as soon as their answer is known: on a large colour
            // image the gray and palette scans end within a few pixels, leaving one alpha scan.
            s.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    if p[i] != p[i + 1] || p[i + 1] != p[i + 2] { gray = false; break }
                    i += 4
                }
                i = 3
                while i < p.count {
                    if p[i] != 255 { opaque = false; break }
                    i += 4
                }
                if gray {
                    var depthMask: UInt8 = 0
                    i = 0
                    while i < p.count && depthMask & 8 == 0 { depthMask |= Stats8.depthNeed(p[i]); i += 4 }
                    grayDepth = depthMask & 8 != 0 ? 8 : depthMask & 4 != 0 ? 4 : depthMask & 2 != 0 ? 2 : 1
                }
                palette = Stats8.colors(p)
            }
        }

        /// The distinct RGBA colours in first-seen order, or nil as soon as there are more than 256.
        static func colors(_ p: UnsafeBufferPointer<UInt8>) -> [UInt32]? {
            var table = [UInt32](repeating: 0, count: 1024)   // open addressing, key+1 so 0 is empty
            var colors: [UInt32] = []
            colors.reserveCapacity(256)
            var last: UInt32 = 0, haveLast = false
            var i = 0
            while i < p.count {
                let key = UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
                i += 4
                if haveLast && key == last { continue }   // runs of one colour are common
                last = key; haveLast = true
                var slot = Int((key &* 2_654_435_761) >> 22)
                while true {
                    let e = table[slot]
                    if e == 0 {
                        if colors.count == 256 { return nil }
                        table[slot] = key &+ 1
                        colors.append(key)
                        break
                    }
                    if e == key &+ 1 { break }
                    slot = (slot + 1) & 1023
                }
            }
            return colors
        }

        /// The smallest depth whose scaled values include v exactly (bit flags 1, 2, 4, 8).
        static func depthNeed(_ v: UInt8) -> UInt8 {
            if v == 0 || v == 255 { return 1 }
            if v % 85 == 0 { return 2 }
            if v % 17 == 0 { return 4 }
            return 8
        }
    }

    private static func writePalette(_ image: Image, _ s: [UInt8], _ colors: [UInt32], name: String, effort: Effort) throws -> [UInt8] {
        // Translucent entries first so tRNS stays short; otherwise first-seen order.
        let ordered = colors.filter { $0 & 0xFF != 0xFF } + colors.filter { $0 & 0xFF == 0xFF }
        var index: [UInt32: UInt8] = [:]
        for (i, c) in ordered.enumerated() { index[c] = UInt8(i) }
        let depth = ordered.count <= 2 ? 1 : ordered.count <= 4 ? 2 : ordered.count <= 16 ? 4 : 8
        let n = image.width * image.height
        var indices = [UInt8](repeating: 0, count: n)
        var last: UInt32 = ordered[0], lastIndex: UInt8 = 0
        for i in 0..<n {
            let key = UInt32(s[4 * i]) << 24 | UInt32(s[4 * i + 1]) << 16 | UInt32(s[4 * i + 2]) << 8 | UInt32(s[4 * i + 3])
            if key != last { last = key; lastIndex = index[key]! }
            indices[i] = lastIndex
        }
        var plte: [UInt8] = []
        var trns: [UInt8] = []
        for c in ordered {
            plte += [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF)]
            if c & 0xFF != 0xFF { trns.append(UInt8(c & 0xFF)) }
        }
        return try write(image, depth: depth, colorType: 3, rows: indices, stride: image.width,
                         palette: plte, trns: trns, name: name, effort: effort)
    }

    // MARK: - 16-bit

    private static func encode16(_ image: Image, _ s: [UInt16], name: String, effort: Effort) throws -> [UInt8] {
        let w = image.width, n = image.width * image.height
        var gray = true, opaque = true
        for i in 0..<n {
            if s[4 * i] != s[4 * i + 1] || s[4 * i + 1] != s[4 * i + 2] { gray = false }
            if s[4 * i + 3] != 65535 { opaque = false }
        }
        let channels: [Int] = gray ? (opaque ? [0] : [0, 3]) : (opaque ? [0, 1, 2] : [0, 1, 2, 3])
        let colorType: Int32 = gray ? (opaque ? 0 : 4) : (opaque ? 2 : 6)
        var out = [UInt16](repeating: 0, count: n * channels.count)
        for i in 0..<n {
            for (k, c) in channels.enumerated() { out[i * channels.count + k] = s[4 * i + c] }
        }
        return try out.withUnsafeBytes { raw in
            try write(image, depth: 16, colorType: colorType, raw: raw, stride: w * channels.count * 2, name: name, effort: effort)
        }
    }

    // MARK: - libpng

    private static func write(_ image: Image, depth: Int, colorType: Int32, rows: [UInt8], stride: Int,
                              palette: [UInt8] = [], trns: [UInt8] = [], name: String, effort: Effort) throws -> [UInt8] {
        try rows.withUnsafeBytes { raw in
            try write(image, depth: depth, colorType: colorType, raw: raw, stride: stride,
                      palette: palette, trns: trns, name: name, effort: effort)
        }
    }

    private static func write(_ image: Image, depth: Int, colorType: Int32, raw: UnsafeRawBufferPointer, stride: Int,
                              palette: [UInt8] = [], trns: [UInt8] = [], name: String, effort: Effort) throws -> [UInt8] {
        let profile: [UInt8]?
        switch image.colorSpace {
        case .sRGB: profile = nil
        case .displayP3: profile = ICCProfile.displayP3
        case .other(let space):
            throw PNGError(path: name, reason: .encodeFailed("no profile to tag the output with for colour space '\(space)'; convert to sRGB first"))
        }
        var out: UnsafeMutablePointer<UInt8>?
        var outLen = 0
        var err = [CChar](repeating: 0, count: 256)
        let status: tg_status = palette.withUnsafeBufferPointer { pal in
            trns.withUnsafeBufferPointer { tr in
                (profile ?? []).withUnsafeBufferPointer { icc in
                    "Display P3".withCString { iccName in
                        var p = tg_write_params()
                        p.width = UInt32(image.width); p.height = UInt32(image.height)
                        p.bit_depth = Int32(depth); p.color_type = colorType
                        p.palette = pal.baseAddress; p.palette_count = Int32(palette.count / 3)
                        p.trns = tr.baseAddress; p.trns_count = Int32(trns.count)
                        p.srgb = profile == nil ? 1 : 0
                        p.iccp = profile == nil ? nil : icc.baseAddress
                        p.iccp_len = UInt32(profile?.count ?? 0)
                        p.iccp_name = iccName
                        p.compression_level = compressionLevel(pixels: image.width * image.height, effort: effort)
                        p.compression_strategy = 1 // Z_FILTERED: suits filtered rows, a little smaller and faster
                        let pixels = image.width * image.height
                        p.filters = picksFilterBySample(pixels: pixels, colorType: colorType, depth: depth, effort: effort)
                            ? sampledFilter(p, raw: raw, stride: stride)
                            : rowFilters(colorType: colorType, depth: depth)
                        return err.withUnsafeMutableBufferPointer { e in
                            tg_write_memory(&p, raw.baseAddress, stride, &out, &outLen, e.baseAddress, e.count)
                        }
                    }
                }
            }
        }
        guard status == TG_OK, let out else {
            throw PNGError(path: name, reason: .encodeFailed(PNGError.detail(err)))
        }
        defer { tg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: outLen))
    }

    /// The filter (Sub, Up or Paeth) that gives the smallest output on a sample of the image:
    /// two bands of 16 rows, at a third and two thirds of its height, compressed with the
    /// image's own settings. The sample costs about 4% of the encode; libpng's adaptive choice
    /// is left out, as it costs twice a single filter and was never the smallest on the bench
    /// corpus's backgrounds.
    private static func sampledFilter(_ params: tg_write_params, raw: UnsafeRawBufferPointer, stride: Int) -> Int32 {
        let height = Int(params.height), bands = 2, bandRows = 16
        var sample: [UInt8] = []
        var rows = 0
        if height <= bands * bandRows {
            sample = Array(raw.prefix(stride * height)); rows = height
        } else {
            sample.reserveCapacity(bands * bandRows * stride)
            for b in 1...bands {
                let top = (height - bandRows) * b / (bands + 1)
                sample += raw[(top * stride)..<((top + bandRows) * stride)]
                rows += bandRows
            }
        }
        var p = params
        p.height = UInt32(rows)
        p.srgb = 0; p.iccp = nil; p.iccp_len = 0
        var best = filterSub, bestSize = Int.max
        for filters in [filterSub, filterUp, filterPaeth] {   // ties keep the earlier, cheaper one
            p.filters = filters
            var out: UnsafeMutablePointer<UInt8>?
            var outLen = 0
            var err = [CChar](repeating: 0, count: 64)
            let status = sample.withUnsafeBytes { s in
                err.withUnsafeMutableBufferPointer { e in
                    tg_write_memory(&p, s.baseAddress, stride, &out, &outLen, e.baseAddress, e.count)
                }
            }
            if let out { tg_free(out) }
            if status == TG_OK && outLen < bestSize { best = filters; bestSize = outLen }
        }
        return best
    }
}

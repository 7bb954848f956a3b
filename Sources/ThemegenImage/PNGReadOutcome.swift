/// What reading a PNG gave: every row's bytes, the error that stopped it, and how the image
/// data was read. The bridge reads the image data of clean 8-bit RGB and RGBA files itself and
/// goes back to libpng at anything else; the tests and the PNG fuzzer read files both ways and
/// require the same answer.
package struct PNGReadOutcome: Equatable, Sendable {
    package var rows: [UInt8] = []
    package var error: String?
    /// Rows the bridge's own reader delivered.
    package var fastRows = 0
    /// Whether libpng read the file again from the top.
    package var fellBack = false

    /// Reads every row, a few at a time (a fall-back inside a batch must keep its place), and
    /// the chunks after them.
    package static func read(_ open: () throws -> PNGRowReader) -> PNGReadOutcome {
        var outcome = PNGReadOutcome()
        let reader: PNGRowReader
        do { reader = try open() } catch {
            outcome.error = "\(error)"
            return outcome
        }
        var batch = [UInt8](repeating: 0, count: reader.rowBytes * 3)
        do {
            while reader.rowsRead < reader.header.height {
                let count = min(3, reader.header.height - reader.rowsRead)
                try batch.withUnsafeMutableBytes { try reader.readRows(into: $0.baseAddress!, count: count) }
                outcome.rows += batch.prefix(count * reader.rowBytes)
            }
            try reader.finish()
        } catch {
            outcome.error = "\(error)"
        }
        outcome.fastRows = reader.fastRows
        outcome.fellBack = reader.fellBackToLibpng
        return outcome
    }

    /// PNG bytes read with the bridge's own reader, and with libpng alone.
    package static func bothWays(_ data: [UInt8], name: String, maxPixels: Int = PNGLimits.defaultMaxPixels)
        -> (fast: PNGReadOutcome, libpng: PNGReadOutcome) {
        (read { try PNGRowReader(data: data, name: name, maxPixels: maxPixels) },
         read { try PNGRowReader(data: data, name: name, maxPixels: maxPixels, libpngOnly: true) })
    }

    /// The same error, and the same rows; after an error only as far as both got (libpng reads
    /// ahead by its own steps, so it may stop a few rows sooner or later).
    package func agrees(with other: PNGReadOutcome) -> Bool {
        guard error == other.error else { return false }
        guard error != nil else { return rows == other.rows }
        let n = min(rows.count, other.rows.count)
        return rows.prefix(n) == other.rows.prefix(n)
    }
}

extension String {
    /// The NFC form (canonical composition), as Foundation's `precomposedStringWithCanonicalMapping`
    /// gives it, from the standard library (which normalises to NFC to compare strings), so
    /// this needs no Foundation.
    package var nfc: String { String(decoding: _nfcCodeUnits, as: UTF8.self) }
}

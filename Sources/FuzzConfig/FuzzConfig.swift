import ThemegenCLI

/// libFuzzer entry (`make fuzz`): built only with THEMEGEN_FUZZ=1 and `--sanitize fuzzer`,
/// which links libFuzzer's main.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntries.config(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

import CFuzzerDriver
import Foundation

// SwiftPM links an executable with its own `main`, so libFuzzer's is not used: run its driver from here,
// with the same arguments, on `LLVMFuzzerTestOneInput`.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(UnsafeRawPointer(data), size) })

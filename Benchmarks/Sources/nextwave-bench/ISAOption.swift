import ArgumentParser
@_spi(Benchmarks) import LegacyWakeModel
@_spi(Benchmarks) import WakeKernelSupport

/// The instruction set of the fused passes, as an option (default: the widest this processor has).
struct ISAOption: ParsableArguments {
    @Option(help: "scalar, sse2, avx2 or avx512 (default: the widest supported).")
    var isa: String?

    func resolve() throws -> KernelISA {
        guard let name = isa else { return .active }
        guard let isa = KernelISA(name: name) else { throw ValidationError("unknown --isa \(name)") }
        guard isa.isSupported else { throw ValidationError("this processor does not run \(isa)") }
        return isa
    }
}

internal import CWakeKernel
import Foundation

/// The instruction set the fused C passes of the wake kernels run with (``WakeGrid``, and the
/// ensemble of WakeModels). Every path performs the same IEEE operations on each cell in the
/// same order, without fused multiply-adds, so results are identical bit for bit whichever
/// runs; only the speed differs.
public enum KernelISA: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// One cell at a time (the reference).
    case scalar = 0
    /// Two cells per instruction (every x86-64 processor).
    case sse2 = 1
    /// Four cells.
    case avx2 = 2
    /// Eight cells (AVX-512 F).
    case avx512 = 3

    /// Whether this processor and its operating system run this path.
    public var isSupported: Bool { cwk_isa_supported(Int32(rawValue)) != 0 }

    /// Every path this processor runs, narrowest first.
    package static var supported: [KernelISA] { allCases.filter(\.isSupported) }

    /// The widest path this processor runs.
    package static var widest: KernelISA { supported.last ?? .scalar }

    /// The path the kernels use unless told otherwise: the widest, chosen once per process.
    /// `NEXTWAVE_KERNEL_ISA=scalar|sse2|avx2|avx512` chooses another one (for benchmarks and
    /// diagnosis); a name this processor cannot run is ignored.
    public static let active: KernelISA = {
        if let name = ProcessInfo.processInfo.environment["NEXTWAVE_KERNEL_ISA"], let isa = KernelISA(name: name),
            isa.isSupported
        {
            return isa
        }
        return widest
    }()

    /// Parses `scalar`, `sse2`, `avx2`, `avx512` (case and a hyphen ignored).
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "")
        guard let isa = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = isa
    }

    var key: String { ["scalar", "sse2", "avx2", "avx512"][rawValue] }

    /// `scalar`, `SSE2`, `AVX2`, `AVX-512`.
    public var description: String { ["scalar", "SSE2", "AVX2", "AVX-512"][rawValue] }

    /// Cells per instruction (1, 2, 4, 8).
    public var lanes: Int { [1, 2, 4, 8][rawValue] }
}

/// A tick counter for benchmarks: the processor's time-stamp counter on x86 (it counts at the
/// nominal clock whatever the current one), nanoseconds elsewhere.
@_spi(Benchmarks) public func kernelTicks() -> UInt64 { cwk_ticks() }

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// 2 MiB-aligned memory advised for transparent huge pages: what the kernels' own fresh outputs
/// get (LegacyWakeModel.HugePages), and so what every baseline and every caller-provided buffer of
/// a benchmark gets too. Without it a pre-faulted buffer of 4 KiB pages costs a TLB miss every
/// 64 cache lines, which under a hypervisor (nested page tables) slows streaming by a third.
func hugePageMemory(bytes: Int) -> UnsafeMutableRawPointer {
    var pointer: UnsafeMutableRawPointer?
    precondition(posix_memalign(&pointer, 2 << 20, max(bytes, 1)) == 0, "out of memory")
    #if os(Linux)
        _ = madvise(pointer!, bytes, MADV_HUGEPAGE)
    #endif
    return pointer!
}

/// Caller-provided output buffers of a kernel: huge-page memory, faulted in (zeroed) before
/// any timing, freed by ``release()``.
func prefaultedBuffer<Element>(_: Element.Type, count: Int) -> UnsafeMutableBufferPointer<Element> {
    let bytes = count * MemoryLayout<Element>.stride
    let raw = hugePageMemory(bytes: bytes)
    memset(raw, 0, bytes)
    return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
}

extension UnsafeMutableBufferPointer {
    /// Frees a buffer of ``prefaultedBuffer(_:count:)``.
    func release() { free(baseAddress) }
}

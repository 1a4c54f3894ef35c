#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zero-filled memory for large tables that fill as a trace is read.
///
/// NB: blocks of 2 MiB and more are mapped and marked for transparent huge pages where the kernel
/// offers them, so that touching them takes a fault per 2 MiB instead of one per 4 KiB page;
/// smaller ones come from `calloc`. Either way untouched memory costs nothing.
enum ZeroedMemory {
    private static let hugePageSize = 2 << 20

    /// `byteCount` zero bytes, aligned for any table slot; free them with `deallocate(_:byteCount:)`.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        #if os(Linux)
        if byteCount >= hugePageSize {
            let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let mapped, mapped != MAP_FAILED {
                _ = madvise(mapped, byteCount, MADV_HUGEPAGE)
                return mapped
            }
        }
        #endif
        guard let memory = calloc(byteCount, 1) else { fatalError("cannot allocate \(byteCount) bytes for a table") }
        return memory
    }

    /// Frees `memory` from `allocate(byteCount:)` with the same `byteCount`.
    static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        if byteCount >= hugePageSize {
            munmap(memory, byteCount)
            return
        }
        #endif
        free(memory)
    }
}

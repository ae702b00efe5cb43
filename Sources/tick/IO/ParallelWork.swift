#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Runs independent jobs (one per file for `fmt` and `lint`) on several threads. Each job's result
/// lands in its own slot, so the output order is the input order whatever the timing.
enum ParallelWork {
    /// Online processors, or `TICK_JOBS` when set (1 turns parallelism off).
    static func workerCount(environment: Environment) -> Int {
        if let jobs = Environment.count(environment.jobs, upTo: 256) { return jobs }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    static func map<Result: Sendable>(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let threads = min(workers, count)
        if threads <= 1 { return (0..<count).map(body) }
        let slots = Slots<Result>(count: count)
        let next = Counter()
        let loop = Loop {
            while true {
                let index = next.take()
                guard index < count else { return }
                slots.store(body(index), at: index)
            }
        }
        var handles: [pthread_t] = []
        for _ in 0..<(threads - 1) {
            if let handle = loop.startThread() { handles.append(handle) }
        }
        loop.body()
        for handle in handles { pthread_join(handle, nil) }
        return slots.results()
    }
}

/// The next job number, shared by the threads.
private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func take() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// One result per job; each slot is written by exactly one thread before the threads are joined.
private final class Slots<Result: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ result: Result, at index: Int) { storage[index] = result }
    func results() -> [Result] { storage.map { $0! } }
}

/// A closure a POSIX thread can run.
private final class Loop: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func startThread() -> pthread_t? {
        var handle = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&handle, nil, runLoop, context) == 0 else {
            Unmanaged<Loop>.fromOpaque(context).release()
            return nil
        }
        return handle
    }
}

private func runLoop(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Loop>.fromOpaque(context!).takeRetainedValue().body()
    return nil
}

#if canImport(Glibc)
import Glibc
#endif

/// A read lease on an open file (`fcntl(F_SETLEASE, F_RDLCK)`, Linux): the kernel grants it
/// only while no process has the file open for writing, and tells the holder (by a signal) when
/// one tries to open it for writing or truncate it.
///
/// That is what tells a finished save from one in progress: an editor that saves in place
/// holds the file open for writing between its truncate and its last write, so while the lease
/// is held no such save is under way, and none can start unseen. tick gives the lease up the
/// moment it is asked to (the signal handler releases it), so the other program never waits on
/// tick; the edit then sees its lease gone and starts again from the other program's version.
/// Only the file's owner (or a process with CAP_LEASE) may take one; elsewhere `take` reports
/// `.unavailable` and the edit relies on `AtomicFile`'s checks of the file's status and bytes.
enum Lease {
    enum Outcome: Equatable {
        case held
        /// Another process has the file open for writing now.
        case writerOpen
        /// Not allowed or not supported here (another user's file, a network file system).
        case unavailable
    }

    private static let setLease: Int32 = 1024  // F_SETLEASE
    private static let getLease: Int32 = 1025  // F_GETLEASE
    private static let setSignal: Int32 = 10   // F_SETSIG

    /// Installs the break handler and unblocks its signal; call before starting threads.
    static func prepare() { _ = handlerInstalled }

    static func take(_ fd: Int32) -> Outcome {
        guard handlerInstalled, fcntl(fd, setSignal, SIGIO) == 0 else { return .unavailable }
        if fcntl(fd, setLease, Int32(F_RDLCK)) == 0 { return .held }
        return errno == EAGAIN || errno == EBUSY ? .writerOpen : .unavailable
    }

    /// Still held: nobody has tried to open the file for writing since it was taken.
    static func isIntact(_ fd: Int32) -> Bool {
        fcntl(fd, getLease) == Int32(F_RDLCK)
    }

    static func release(_ fd: Int32) {
        _ = fcntl(fd, setLease, Int32(F_UNLCK))
    }

    /// The handler for the break signal: it carries the file descriptor, whose lease is given
    /// up at once (fcntl is async-signal-safe).
    private static let handlerInstalled: Bool = {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            guard let info else { return }
            _ = fcntl(info.pointee._sifields._sigpoll.si_fd, 1024, Int32(F_UNLCK))
        }
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGIO, &action, nil) == 0 else { return false }
        // A parent may have started tick with the signal blocked (threads of a test runner
        // do): the break would then wait for the kernel's lease-break-time, 45 s.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGIO)
        return pthread_sigmask(SIG_UNBLOCK, &unblock, nil) == 0
    }()
}

#if canImport(Glibc)
import Glibc
#endif

/// How wide the output is: the terminal's width when stdout is one, else `COLUMNS`, else 80.
enum TerminalWidth {
    static func current(environment: Environment) -> Int {
        var size = winsize()
        if Syscalls.isTerminal(1), ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = environment.columns.flatMap({ Int($0) }), columns > 0 { return columns }
        return 80
    }
}

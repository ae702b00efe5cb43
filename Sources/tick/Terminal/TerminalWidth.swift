#if canImport(Glibc)
import Glibc
#endif

/// How wide the output is: the terminal's width when stdout is one, else `COLUMNS`, else 80;
/// never more than `maximum` (a board pads every row to the width: `COLUMNS=9999999999` asked
/// it for terabytes).
enum TerminalWidth {
    static let maximum = 2000

    static func current(environment: Environment) -> Int {
        var size = winsize()
        if Syscalls.isTerminal(1), ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(Int(size.ws_col), maximum)
        }
        if let columns = environment.columns.flatMap({ Int($0) }), columns > 0 { return min(columns, maximum) }
        return 80
    }
}

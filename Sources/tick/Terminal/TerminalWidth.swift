#if canImport(Glibc)
import Glibc
#endif

/// How wide the output is: the terminal's width when stdout is one, else `COLUMNS`, else the
/// terminal's that standard error is (`tick board | less`: shells set `COLUMNS` without
/// exporting it), else 80; never more than `maximum` (a board pads every row to the width:
/// `COLUMNS=9999999999` asked it for terabytes).
enum TerminalWidth {
    static let maximum = 2000

    static func current(environment: Environment) -> Int {
        func width(of descriptor: Int32) -> Int? {
            var size = winsize()
            guard Syscalls.isTerminal(descriptor), ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
            return min(Int(size.ws_col), maximum)
        }
        if let columns = width(of: 1) { return columns }
        if let columns = environment.columns.flatMap({ Int($0) }), columns > 0 { return min(columns, maximum) }
        return width(of: 2) ?? 80
    }
}

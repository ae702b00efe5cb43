/// A bar of `width` cells, `█` for the done share and `░` for the rest: `██████░░░░`.
/// Full only when everything is done; any progress at all shows at least one cell.
package enum ProgressBar {
    package static func render(done: Int, total: Int, width: Int, style: TextStyle) -> String {
        var filled = total == 0 ? 0 : done * width / total
        if done > 0 && filled == 0 { filled = 1 }
        if done < total && filled == width { filled = width - 1 }
        return style.cyan(String(repeating: "█", count: filled)) + style.dim(String(repeating: "░", count: width - filled))
    }
}

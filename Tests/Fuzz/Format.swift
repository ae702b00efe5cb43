import TickCore

/// `tick fmt` on any bytes: formatting twice changes nothing more, every task keeps its
/// meaning, the splices `--diff` prints agree with the bytes, and GitHub renders the same HTML
/// before and after (only layout changed). Each input is also checked nested in a task item
/// (`- [ ] parent` with every line indented under it), where subtasks are realigned: the
/// lists there, and their lazy lines, are where fmt's moves can change meaning.
@_cdecl("LLVMFuzzerTestOneInput")
public func format(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Fuzz.input(data, size)
    checkFormat(input)
    checkFormat(nestedInATask(input))
    return 0
}

/// `- [ ] parent` followed by every line of `input` indented two spaces.
func nestedInATask(_ input: [UInt8]) -> [UInt8] {
    var nested = Array("- [ ] parent\n".utf8)
    nested.reserveCapacity(input.count + input.count / 8 + 16)
    var atLineStart = true
    for byte in input {
        if atLineStart, byte != 0x0A, byte != 0x0D { nested += [0x20, 0x20] }
        nested.append(byte)
        atLineStart = byte == 0x0A || byte == 0x0D
    }
    return nested
}

func checkFormat(_ input: [UInt8]) {
    let before = Document(bytes: input)
    let once = Formatter.format(before)
    let after = Document(bytes: once.bytes)
    Fuzz.checkStructure(after)
    let twice = Formatter.format(after)
    Fuzz.law(twice.bytes == once.bytes && !twice.changed, "formatting twice changes the file again")
    Fuzz.law(once.changed == (once.bytes != input), "changed flag disagrees with the bytes")
    Fuzz.law(once.splices.isEmpty == !once.changed, "splices disagree with the bytes")
    // Splices keep each line's own ending, so they rebuild the output when fmt changes none.
    if !input.contains(0x0D), before.endsWithNewline {
        Fuzz.law(before.applying(once.splices) == once.bytes, "the splices do not give the formatted bytes")
    }
    Fuzz.law(Fuzz.meanings(before) == Fuzz.meanings(after), "formatting changes a task")
    Fuzz.law(GitHub.html(markdown(of: before)) == GitHub.html(markdown(of: after)), "formatting changes how GitHub renders the file")
}

/// What GitHub renders as Markdown: front matter (shown as a table, and kept byte for byte by
/// fmt) becomes empty lines, so that cmark-gfm, which does not know front matter, does not read
/// it as Markdown (a fence in YAML would run on over the blank lines fmt removes after it).
func markdown(of document: Document) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(document.bytes.count)
    for (index, line) in document.lines.enumerated() {
        if index >= document.frontMatterEnd { bytes += document.bytes[line.contentRange] }
        bytes += document.bytes[line.contentEnd..<line.end]
    }
    return bytes
}

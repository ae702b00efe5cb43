/// The JSON form of a finding, for `tick lint --format json` (schema in tick(1)): `file`,
/// `line`, `column`, `endColumn` (null: the rest of the line), `severity`, `rule`, `message`
/// and `fixable`.
package enum DiagnosticJSON {
    package static func write(_ diagnostic: Diagnostic, file: String, to json: inout JSONWriter) {
        json.beginObject()
        json.key("file"); json.string(file)
        json.key("line"); json.int(diagnostic.line)
        json.key("column"); json.int(diagnostic.column)
        json.key("endColumn"); if let end = diagnostic.endColumn { json.int(end) } else { json.null() }
        json.key("severity"); json.string(diagnostic.severity.rawValue)
        json.key("rule"); json.string(diagnostic.rule.rawValue)
        json.key("message"); json.string(diagnostic.message)
        json.key("fixable"); json.bool(diagnostic.rule.fixable)
        json.endObject()
    }
}

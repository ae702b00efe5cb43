"""tick lsp as VS Code's client capabilities drive it."""
import asyncio

from lsprotocol import types
from pytest_lsp import LanguageClient

URI = "file:///tmp/tick-lsp-test/TODO.md"
TEXT = "# Home\n\n- [ ] water the plants due:2026-11-20\n- [ ] call mom  \n\n# Work\n\n- [ ] send report due:2026-02-30\n"


def open_document(client: LanguageClient, text: str = TEXT, uri: str = URI):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text))
    )


async def test_diagnostics_name_the_rules(client: LanguageClient):
    open_document(client)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = sorted((d.range.start.line, d.code, d.severity) for d in client.diagnostics[URI])
    assert found == [
        (2, "overdue", types.DiagnosticSeverity.Warning),
        (3, "trailing-whitespace", types.DiagnosticSeverity.Warning),
        (7, "invalid-date", types.DiagnosticSeverity.Error),
    ]


def apply(text: str, edits) -> str:
    """TextEdits applied to text (UTF-16 positions, as VS Code counts them)."""
    lines = text.split("\n")
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line.encode("utf-16-le")) // 2 + 1
    units = text.encode("utf-16-le")

    def at(position):
        return 2 * (starts[position.line] + position.character)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        units = units[: at(edit.range.start)] + edit.new_text.encode("utf-16-le") + units[at(edit.range.end):]
    return units.decode("utf-16-le")


async def code_actions(client: LanguageClient, line: int, character: int):
    """The code actions offered at one position of the document at URI."""
    position = types.Position(line=line, character=character)
    return await client.text_document_code_action_async(
        types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri=URI), range=types.Range(start=position, end=position),
                               context=types.CodeActionContext(diagnostics=[]))
    )


async def edits_of(client: LanguageClient, action):
    """The TextEdits of a code action's workspace edit for URI. VS Code resolves code actions:
    tick offers them without their edits, and works one out when it is chosen."""
    assert action.edit is None and action.data is not None
    action = await client.code_action_resolve_async(action)
    return action.edit.document_changes[0].edits if action.edit.document_changes else action.edit.changes[URI]


async def test_formatting_trims_what_fmt_trims(client: LanguageClient):
    open_document(client)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=URI),
                                       options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert len(edits) == 1
    assert apply(TEXT, edits) == TEXT.replace("call mom  \n", "call mom\n")


async def test_done_writes_the_next_occurrence(client: LanguageClient):
    text = "# Home\n\n- [ ] 🪴 water the plants 🔁 every week 📅 2026-11-27\n- [x] buy milk ✅ 2026-11-20\n"
    open_document(client, text)
    actions = await code_actions(client, line=2, character=4)
    done = next(a for a in actions if a.title == "Mark done")
    assert done.is_preferred
    edits = await edits_of(client, done)
    assert apply(text, edits) == (
        "# Home\n\n- [ ] 🪴 water the plants 🔁 every week 📅 2026-12-04\n"
        "- [x] 🪴 water the plants 🔁 every week 📅 2026-11-27 ✅ 2026-11-28\n- [x] buy milk ✅ 2026-11-20\n"
    )
    titles = [a.title for a in actions]
    assert "Reopen" not in titles and "Due tomorrow" in titles


async def test_hover_says_dates_in_words(client: LanguageClient):
    open_document(client)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=2, character=8))
    )
    assert "8 days overdue" in hover.contents.value


async def test_symbols_are_groups_with_counts(client: LanguageClient):
    open_document(client)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [(s.name, s.detail) for s in symbols] == [("Home", "2 open, 0 done"), ("Work", "1 open, 0 done")]


async def completion_labels(client: LanguageClient, text: str, line: int, character: int):
    open_document(client, text)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=character))
    )
    return {item.label: item for item in result.items}


async def test_completion_offers_dates_in_every_dialect(client: LanguageClient):
    for line in ["- [ ] pay rent due:", "- [ ] pay rent 📅 ", "- [ ] pay rent [due:: "]:
        items = await completion_labels(client, line + "\n", 0, len(line.encode("utf-16-le")) // 2)
        # A Dataview field left open is closed by the date put in it.
        close = "]" if line.endswith(":: ") else ""
        assert items["tomorrow"].text_edit.new_text == "2026-11-29" + close, line
        assert items["friday"].text_edit.new_text == "2026-12-04" + close, line
        # Filtered by the word typed for the date (`tom`), as VS Code filters.
        assert items["tomorrow"].filter_text == "tomorrow", line
        # Offered in the order a person reads them, whatever the client's sort.
        assert [i.label for i in sorted(items.values(), key=lambda i: i.sort_text)][:3] == ["today", "tomorrow", "monday"]


async def test_completion_offers_tags_of_open_documents(client: LanguageClient):
    open_document(client, "- [ ] one #errands\n- [ ] two #garden\n", uri="file:///tmp/tick-lsp-test/other.md")
    items = await completion_labels(client, "- [ ] buy #", 0, 11)
    assert {"#errands", "#garden"} <= set(items)
    # The tag being typed is in the text already: not offered as its own completion.
    items = await completion_labels(client, "- [ ] buy #gar", 0, 14)
    assert "#garden" in items and "#gar" not in items


async def test_incremental_changes_are_applied(client: LanguageClient):
    open_document(client)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=7, character=30), end=types.Position(line=7, character=32)), text="28")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert sorted(d.code for d in client.diagnostics[URI]) == ["overdue", "overdue", "trailing-whitespace"]


async def test_inlay_hints_say_dates_in_words(client: LanguageClient):
    open_document(client, "- [ ] pay rent 📅 2026-11-30 ⏳ 2026-11-27\n- [ ] file taxes due:2026-11-26\n- [ ] call mom [due:: 2026-12-01]\n")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=URI),
                              range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=3, character=0)))
    )
    assert [(h.position.line, h.position.character, h.label) for h in hints] == [
        (0, 28, "in 2 days"), (0, 41, "yesterday"), (1, 31, "2 days overdue"),
        # After a Dataview field's closing bracket, not inside it.
        (2, 33, "in 3 days"),
    ]


async def test_hover_names_what_a_task_waits_for(client: LanguageClient):
    open_document(client, "- [ ] deploy ⛔ abc\n- [x] build the app 🆔 abc\n")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=3))
    )
    assert "**Waits for** line 2: build the app" in hover.contents.value and "(closed)" in hover.contents.value


async def test_code_lenses_count_each_group(client: LanguageClient):
    # As tick progress counts them: a group's own tasks, cancelled ones out of the total.
    open_document(client, "# Home\n\n- [x] a\n- [ ] b\n- [-] c\n\n## Garden\n\n- [x] d\n\n# Work\n\n- [ ] e\n")
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [(lens.range.start.line, lens.command.title) for lens in lenses] == [(0, "1/2 done (50%)"), (6, "1/1 done (100%)"), (10, "0/1 done (0%)")]
    # Clicked, a lens says the group's tasks by status.
    # (The message comes before the command's answer: the client keeps what it was shown.)
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command=lenses[0].command.command, arguments=lenses[0].command.arguments))
    assert [m.message for m in client.messages][-1:] == ["Home: 1 to do, 0 in progress, 1 done, 1 cancelled (out of the total); 50% of 2 done"], client.messages


async def test_a_task_moves_to_another_group(client: LanguageClient):
    text = "# Home\n\n- [ ] paint\n\n# Work\n\n- [ ] report\n"
    open_document(client, text)
    actions = await code_actions(client, line=2, character=0)
    move = next(a for a in actions if a.title == "Move to Work")
    edits = await edits_of(client, move)
    assert apply(text, edits) == "# Home\n\n# Work\n\n- [ ] report\n- [ ] paint\n"
    assert "Move to Home" not in [a.title for a in actions]
    # Under the file's title, groups are named without it, and the title takes no tasks.
    open_document(client, "# TODO\n\n## Home\n\n- [ ] paint\n\n## Work\n\n### Later\n\n- [ ] report\n")
    titles = [a.title for a in await code_actions(client, line=4, character=0) if a.title.startswith("Move to")]
    assert titles == ["Move to Work", "Move to Work / Later"], titles


async def test_completion_inside_a_query_block(client: LanguageClient):
    open_document(client, "# Work\n\n- [ ] one #errands\n\n## Backend\n\n# Home Office\n\n- [ ] two\n", uri="file:///tmp/tick-lsp-test/other.md")
    note = ("# Dashboard\n\n```tasks\nnot done\ngr\nsort by \nheading includes \ntags include #\n"
            "> not d\nheading includes Home O\nsort by due \n```\ngr\n")
    items = await completion_labels(client, note, 4, 2)
    assert "group by " in items and items["group by "].text_edit.new_text == "group by "
    assert {"due", "status.type", "happens", "tag"} <= set(await completion_labels(client, note, 5, 8))
    # The groups that hold tasks, in file order; not the note's own title.
    assert list(await completion_labels(client, note, 6, 17)) == ["Work", "Home Office"]
    tags = await completion_labels(client, note, 7, 14)
    assert "#errands" in tags and tags["#errands"].text_edit.range.start.character == 13
    # What is offered replaces all that is typed of the instruction, or of its value.
    done = (await completion_labels(client, note, 8, 7))["not done"]
    assert (done.text_edit.range.start.character, done.text_edit.range.end.character) == (2, 7)
    office = (await completion_labels(client, note, 9, 23))["Home Office"]
    assert (office.text_edit.range.start.character, office.text_edit.range.end.character) == (17, 23)
    assert list(await completion_labels(client, note, 10, 12)) == ["reverse"]
    # Outside the block, a line is text: no instructions.
    assert "group by " not in await completion_labels(client, note, 12, 2)


async def test_a_saved_config_changes_the_findings(client: LanguageClient, tmp_path):
    # The server asks to watch .tick.toml files once initialized.
    for _ in range(100):
        if client.registrations:
            break
        await asyncio.sleep(0.02)
    assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations), client.registrations
    uri = (tmp_path / "TODO.md").as_uri()
    open_document(client, "- [ ] pay rent due:2026-11-20\n", uri)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["overdue"]
    # Saved in another buffer or program: the client tells the server, which reads it again.
    (tmp_path / ".tick.toml").write_text('[lint]\noverdue = "off"\n')
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=(tmp_path / ".tick.toml").as_uri(), type=types.FileChangeType.Created)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_status_completion_replaces_the_checkbox_character(client: LanguageClient):
    text = "- [ ] clean kitchen\n- ["
    open_document(client, text)
    for line, expected in [(0, "- [x] clean kitchen"), (1, "- [x] ")]:
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=line, character=3)))
        done = next(item for item in result.items if item.label == "[x] done")
        assert apply(text, [done.text_edit]).split("\n")[line] == expected


async def test_a_document_with_nul_bytes_is_still_linted(client: LanguageClient):
    open_document(client, "- [ ] has \0 here\n")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [(d.range.start.line, d.code) for d in client.diagnostics[URI]] == [(0, "nul-byte")]


async def test_a_group_is_renamed_from_its_heading(client: LanguageClient):
    text = "# Work\n\n- [ ] b\n\n# Done\n\n## Work\n\n- [x] a\n"
    open_document(client, text)
    document = types.TextDocumentIdentifier(uri=URI)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document, position=types.Position(line=0, character=4)))
    assert prepared.placeholder == "Work" and prepared.range.start.character == 2 and prepared.range.end.character == 6
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document, position=types.Position(line=0, character=4), new_name="Job"))
    edits = edit.document_changes[0].edits if edit.document_changes else edit.changes[URI]
    # The archive's subgroup of the group goes by the new name too, as tick group rename does.
    assert apply(text, edits) == "# Job\n\n- [ ] b\n\n# Done\n\n## Job\n\n- [x] a\n"


async def test_a_rename_carries_the_groups_colour(client: LanguageClient, tmp_path):
    (tmp_path / ".tick.toml").write_text('[colors]\nWork = "blue"\n')
    uri = (tmp_path / "TODO.md").as_uri()
    text = "# Work\n\n- [ ] b\n"
    (tmp_path / "TODO.md").write_text(text)
    open_document(client, text, uri)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    document = types.TextDocumentIdentifier(uri=uri)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document, position=types.Position(line=0, character=4), new_name="Job"))
    changes = {change.text_document.uri: change for change in edit.document_changes}
    assert apply(text, changes[uri].edits) == "# Job\n\n- [ ] b\n"
    # The configuration, not open in the editor, is edited unversioned, in the same edit.
    config = changes[(tmp_path / ".tick.toml").as_uri()]
    assert config.text_document.version is None
    assert apply('[colors]\nWork = "blue"\n', config.edits) == '[colors]\n"Job" = "blue"\n'
    assert "tick: its colour in .tick.toml goes with it: 'Job'" in [m.message for m in client.messages], client.messages

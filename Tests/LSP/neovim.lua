-- Drives tick lsp from Neovim's own client (headless): opens TICK_LSP_FILE, waits for the
-- diagnostics, runs the "Mark done" code action on line TICK_LSP_LINE (1-based), saves, formats,
-- saves again, and writes what it saw to TICK_LSP_REPORT: one "diagnostic LINE:COL CODE" line per
-- finding, then "done" when the action was applied and "formatted N" with the number of edits.
local tick, file, line = os.getenv("TICK_BIN"), os.getenv("TICK_LSP_FILE"), tonumber(os.getenv("TICK_LSP_LINE"))
local report = {}
local function finish(status)
  vim.fn.writefile(report, os.getenv("TICK_LSP_REPORT"))
  vim.cmd(status == 0 and "qa!" or "cquit! " .. status)
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local id = vim.lsp.start_client({ name = "tick", cmd = { tick, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") })
if not id then finish(2) return end
vim.lsp.buf_attach_client(0, id)
local client = vim.lsp.get_client_by_id(id)

if not vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20) then
  table.insert(report, "no diagnostics")
  finish(3)
  return
end
local diagnostics = vim.diagnostic.get(0)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
for _, d in ipairs(diagnostics) do
  table.insert(report, string.format("diagnostic %d:%d %s", d.lnum + 1, d.col + 1, d.code or "?"))
end

local document = { uri = vim.uri_from_bufnr(0) }
local position = { line = line - 1, character = 0 }
local actions = client.request_sync("textDocument/codeAction",
  { textDocument = document, range = { start = position, ["end"] = position }, context = { diagnostics = {} } }, 10000, 0)
for _, action in ipairs((actions and actions.result) or {}) do
  if action.title == "Mark done" then
    -- Neovim resolves a code action's edit when the server offers it without one, as tick
    -- does for a client that says it can.
    if not action.edit then
      local resolved = client.request_sync("codeAction/resolve", action, 10000, 0)
      action = (resolved and resolved.result) or action
    end
    vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    table.insert(report, "done")
  end
end
vim.cmd("write")

local edits = client.request_sync("textDocument/formatting",
  { textDocument = document, options = { tabSize = 2, insertSpaces = true } }, 10000, 0)
local result = (edits and edits.result) or {}
vim.lsp.util.apply_text_edits(result, 0, client.offset_encoding)
table.insert(report, "formatted " .. #result)
vim.cmd("write")
finish(0)

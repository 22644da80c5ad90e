-- A real client no one here wrote: Neovim's own LSP client, headless, against `hairline lsp`.
-- SETUP is the Neovim 0.7 set-up docs/editors.md gives, taken from the page as written (it runs `hairline` from
-- PATH); PROJECT a folder with .hairline.yml and screens/a.yaml (padding 7 off the scale 4 · 8, a colour reference
-- on line 7). Prints each failed check to stderr and quits with status 1, or quits with 0.
-- Written for Neovim 0.7 (Debian's) and later.
local root = os.getenv("PROJECT")
local failures = {}
local function check(ok, what)
  if not ok then table.insert(failures, what) end
end

vim.cmd("filetype on")
dofile(os.getenv("SETUP"))
vim.cmd("edit " .. root .. "/screens/a.yaml")
local bufnr = vim.api.nvim_get_current_buf()
local uri = vim.uri_from_bufnr(bufnr)
-- The documented set-up attaches the client when the buffer's file type is set.
local client_id
check(vim.wait(5000, function()
  for id, _ in pairs(vim.lsp.buf_get_clients(bufnr)) do client_id = id end
  return client_id ~= nil
end, 20), "the documented set-up attached no client")

local function spacing_findings()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == "mini-spacing" then table.insert(found, d) end
  end
  return found
end

-- Diagnostics: the finding at its place (0-based line 3, column 15).
check(vim.wait(15000, function() return #spacing_findings() > 0 end, 20), "no mini-spacing diagnostic arrived")
local finding = spacing_findings()[1] or {}
check(finding.lnum == 3 and finding.col == 15, "the finding is at " .. vim.inspect({ finding.lnum, finding.col }))
check(finding.severity == vim.diagnostic.severity.ERROR, "the finding is not an error")

local function request(method, params)
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 10000) or {}
  for _, response in pairs(responses) do
    if response.err then table.insert(failures, method .. ": " .. vim.inspect(response.err)) end
    if response.result then return response.result end
  end
  return nil
end

-- Hover on {color.ink}: its values in both modes.
local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 6, character = 50 } })
local hover_text = hover and hover.contents and hover.contents.value or ""
check(hover_text:find("{color.ink}", 1, true) ~= nil, "hover: " .. vim.inspect(hover))
check(hover_text:find("| dark | `#EEEEEE` |", 1, true) ~= nil, "hover lacks the dark value: " .. hover_text)

-- Completion after `"{` on the padding line: dimension tokens only.
vim.api.nvim_buf_set_lines(bufnr, 4, 4, false, { '      gap: "{' })
local completion = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 4, character = 13 } })
local labels = {}
for _, item in ipairs(completion and (completion.items or completion) or {}) do table.insert(labels, item.label) end
check(vim.deep_equal(labels, { "spacing.scale.base", "spacing.scale.half" }), "completion: " .. vim.inspect(labels))
vim.api.nvim_buf_set_lines(bufnr, 4, 5, false, {})

-- Code action: the fix, applied by Neovim, clears the finding.
vim.wait(200)
local actions = request("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = 3, character = 0 }, ["end"] = { line = 3, character = 0 } },
  context = { diagnostics = {} },
}) or {}
local titles = {}
for _, action in ipairs(actions) do table.insert(titles, action.title) end
check(titles[1] == "Replace 7 with 8 (unsafe)", "code actions: " .. vim.inspect(titles))
check(titles[2] == "Suppress mini-spacing on this line", "code actions: " .. vim.inspect(titles))
if actions[1] and actions[1].edit then
  vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
  check(vim.api.nvim_buf_get_lines(bufnr, 3, 4, false)[1] == "      padding: 8", "the fix wrote: " .. vim.inspect(vim.api.nvim_buf_get_lines(bufnr, 3, 4, false)))
  check(vim.wait(15000, function() return #spacing_findings() == 0 end, 20), "the finding stayed after the fix")
end

vim.lsp.stop_client(client_id)
if #failures > 0 then
  io.stderr:write(table.concat(failures, "\n") .. "\n")
  vim.cmd("cquit 1")
else
  io.stdout:write("ok\n")
  vim.cmd("qall!")
end

-- NeovimSetupTest's probe, run after docs/editors.md's init.lua: waits for the server, hovers at g:probe_line, g:probe_col (0-based), prints what it got
local buf = vim.api.nvim_get_current_buf()
local ok = vim.wait(30000, function()
  local _, c = next(vim.lsp.buf_get_clients(buf))
  return c ~= nil and c.initialized == true
end, 100)
print("filetype=" .. vim.bo.filetype .. " attached=" .. tostring(ok))
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = vim.g.probe_line, character = vim.g.probe_col } }
local res = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 20000)
for _, r in pairs(res or {}) do
  if r.result then
    local c = r.result.contents
    print("hover=" .. vim.inspect(c.value or c):gsub("\n", " "):sub(1, 200))
  else print("error=" .. vim.inspect(r.err)) end
end
vim.cmd("qa!")

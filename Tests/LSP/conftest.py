"""pytest-lsp's client (pygls, lsprotocol) against the tick binary TICK_BIN names."""
import os

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

TICK = os.environ.get("TICK_BIN", "tick")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TICK, "lsp"], server_env={"TICK_TODAY": "2026-11-28"}))
async def client(lsp_client: LanguageClient):
    # The server asks to be told of saved .tick.toml files, as VS Code and Neovim let it.
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"), root_uri="file:///tmp")
    )
    yield
    await lsp_client.shutdown_session()

"""Drives `tick mcp` with the MCP Python SDK's own client, as an agent's host would.

Run by RealClientTests with TICK_BIN (the binary) and TICK_MCP_DIR (a scratch folder holding a
TODO.md of three tasks). Exits 0 when every step reads as expected; else prints what differed.
"""
import asyncio
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(value, snake, camel):
    """The SDK's attribute by either of its spellings (it moved from camelCase to snake_case)."""
    return getattr(value, snake, None) if hasattr(value, snake) else getattr(value, camel, None)


async def main():
    folder = os.environ["TICK_MCP_DIR"]
    params = StdioServerParameters(command=os.environ["TICK_BIN"], args=["mcp"], cwd=folder,
                                   env={"XDG_STATE_HOME": os.path.join(folder, ".state"), "TICK_TODAY": "2026-11-22", "PATH": "/usr/bin:/bin"})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            assert field(init, "server_info", "serverInfo").name == "tick"
            names = [tool.name for tool in (await session.list_tools()).tools]
            assert {"list_tasks", "query_tasks", "done_tasks", "set_due", "add_task", "undo"} <= set(names), names

            listed = await session.call_tool("list_tasks", {})
            tasks = field(listed, "structured_content", "structuredContent")["result"]
            assert [task["text"] for task in tasks] == ["ship release due:2026-11-21", "review PR", "buy milk"], tasks
            assert all(task["ref"].startswith("TODO.md:") for task in tasks)

            done = await session.call_tool("done_tasks", {"refs": [tasks[1]["ref"]]})
            assert not field(done, "is_error", "isError"), done
            assert field(done, "structured_content", "structuredContent")["result"][0]["change"] == "done"

            refused = await session.call_tool("done_tasks", {"refs": ["buy milk"]})
            assert field(refused, "is_error", "isError") and "is not a ref" in refused.content[0].text, refused

            query = await session.call_tool("query_tasks", {"query": ["not done", "due before tomorrow"]})
            blocks = field(query, "structured_content", "structuredContent")["result"]
            assert [task["text"] for task in blocks[0]["tasks"]] == ["ship release due:2026-11-21"], blocks

            added = await session.call_tool("add_task", {"text": "call bank", "due": "fri"})
            assert field(added, "structured_content", "structuredContent")["result"][0]["text"] == "call bank due:2026-11-27", added

            undone = await session.call_tool("undo", {})
            assert "undid" in undone.content[0].text, undone

            resources = (await session.list_resources()).resources
            assert [str(resource.uri).rsplit("/", 1)[-1] for resource in resources] == ["TODO.md"], resources
            text = (await session.read_resource(resources[0].uri)).contents[0].text
            assert text == "# Work\n\n- [ ] ship release due:2026-11-21\n- [x] review PR\n- [ ] buy milk\n", text
    print("ok")


asyncio.run(main())

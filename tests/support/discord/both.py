"""The bot's Discord API (tests/support/discord/interactions.py) and the match's webhooks
(tests/support/discord/webhooks.py) on one address: a bot process aims discord.py at a single
API base, and the bot keeping a match's deadlines posts through the match's webhooks while it
answers slash commands. An execute on a webhook the webhooks stand-in made goes to it; any
other goes to the bot's interaction follow-ups."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.support.discord.interactions import BotApiServer
from tests.support.discord.webhooks import DiscordServer


class _Routes:
    """A router that only notes the routes put on it."""

    def __init__(self) -> None:
        self.routes: list[tuple[str, str, Callable[..., Any]]] = []

    def _add(self, method: str) -> Callable[..., None]:
        def add(path: str, handler: Callable[..., Any]) -> None:
            self.routes.append((method, path, handler))

        return add

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith("add_"):
            raise AttributeError(name)
        return self._add(name.removeprefix("add_").upper())


class BotAndWebhooks(BotApiServer):
    def __init__(self, token: str = "stand-in-token.abc.def", host_role: str = "Duel Host"):
        self.webhooks = DiscordServer()  # its own app is never served: its routes are here
        super().__init__(token, host_role)

    def _routes(self) -> None:
        super()._routes()  # the bot's first: its answer's edit is the more particular route
        noted = _Routes()
        self.webhooks.add_routes(noted)  # type: ignore[arg-type]
        router = self.app.router
        for method, path, handler in noted.routes:
            if method == "POST" and path == "/api/v10/webhooks/{webhook_id}/{token}":
                continue  # the bot's own route for it dispatches (below)
            router.add_route(method, path, handler)
        execute = next(
            h
            for m, p, h in noted.routes
            if m == "POST" and p == "/api/v10/webhooks/{webhook_id}/{token}"
        )
        self._execute_hook = execute

    async def _followup(self, request: web.Request) -> web.Response:
        if request.match_info.get("app") in self.webhooks.hooks:
            request.match_info["webhook_id"] = request.match_info["app"]
            answer: web.Response = await self._execute_hook(request)
            return answer
        return await super()._followup(request)

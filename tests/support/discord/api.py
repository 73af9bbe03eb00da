"""The HTTP base every Discord stand-in shares: an aiohttp app served on 127.0.0.1 (a free port)
from a thread of its own, and Discord's answers as discord.py reads them: JSON with exactly
Discord's content type, error bodies with their codes, 429 with ``Retry-After`` and
``X-RateLimit-*`` headers, ``Via`` on every answer (without it discord.py takes a 429 for a
Cloudflare ban), and request bodies in JSON or multipart (``payload_json`` and ``files[n]``).

Nothing here reaches Discord."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.support.patience import PATIENCE

VIA = "1.1 google"
RATE_LIMITED = "You are being rate limited."


@dataclass
class Attachment:
    """A file sent with a message (a ``files[n]`` part)."""

    id: str
    filename: str
    data: bytes
    content_type: str


def snowflake() -> str:
    """A Discord id: 64 bits, time in the high bits; any 18-19 digit number reads as one."""
    return str((int(time.time() * 1000) - 1420070400000) << 22 | secrets.randbits(22))


def json_answer(status: int, body: object, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py reads a body as JSON only
    under ``application/json``, without a charset) and its ``Via`` header."""
    out = {**(headers or {}), "Content-Type": "application/json", "Via": VIA}
    return web.Response(status=status, body=json.dumps(body).encode(), headers=out)


def error(status: int, code: int, message: str) -> web.Response:
    """Discord's error body: its message and JSON error code."""
    return json_answer(status, {"message": message, "code": code})


def no_content() -> web.Response:
    return web.Response(status=204, headers={"Via": VIA})


def limit_headers(limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    """A rate-limit bucket's ``X-RateLimit-*`` headers."""
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": "webhook-bucket",
    }


def too_many(
    retry_after: float,
    scope: str = "user",
    global_: bool = False,
    bucket: dict[str, str] | None = None,
) -> web.Response:
    """A 429: the body and ``Retry-After`` say how long to wait, ``X-RateLimit-Scope`` which
    limit (``X-RateLimit-Global`` for the global one), `bucket` the bucket's headers if any."""
    body = {"message": RATE_LIMITED, "retry_after": retry_after, "global": global_}
    headers = {"Retry-After": f"{retry_after:g}", "X-RateLimit-Scope": scope}
    if global_:
        headers["X-RateLimit-Global"] = "true"
    return json_answer(429, body, {**headers, **(bucket or {})})


def message_json(
    message_id: str,
    channel_id: str,
    content: str,
    author: dict[str, Any],
    **fields: Any,
) -> dict[str, Any]:
    """A message object as Discord answers it; `fields` add or replace its other fields
    (attachments, timestamps, flags...)."""
    return {
        "id": message_id,
        "type": 0,
        "content": content,
        "channel_id": channel_id,
        "author": author,
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
        **fields,
    }


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Attachment]]:
    """A request's JSON payload and its files: a JSON body, or a multipart one with
    ``payload_json`` and ``files[n]`` parts."""
    if not request.content_type.startswith("multipart/"):
        text = await request.text()
        return (json.loads(text) if text else {}), []
    form = await request.post()
    payload: dict[str, Any] = json.loads(str(form.get("payload_json") or "{}"))
    files = [
        Attachment(snowflake(), value.filename, value.file.read(), value.content_type)
        for name, value in form.items()
        if name.startswith("files[") and isinstance(value, web.FileField)
    ]
    return payload, files


class StandIn:
    """An aiohttp app on 127.0.0.1 in a thread of its own; a stand-in adds its routes to
    `app` (and may name `middlewares`) before `start` (or ``with``)."""

    def __init__(self, middlewares: tuple[Any, ...] = ()) -> None:
        self.app = web.Application(middlewares=middlewares, client_max_size=64 * 2**20)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0

    def __enter__(self) -> Any:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base(self) -> str:
        """The API address, for FESTIVAL_DISCORD_API."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    def started(self) -> None:
        """Called on the server's loop once it listens (`port` is known)."""

    def start(self) -> None:
        ready = threading.Event()
        loop = self.loop = asyncio.new_event_loop()

        async def serve() -> None:
            self._runner = web.AppRunner(self.app, handle_signals=False, access_log=None)
            await self._runner.setup()
            site = web.TCPSite(self._runner, "127.0.0.1", 0)
            await site.start()
            server = site._server
            assert server is not None
            self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
            self.started()
            ready.set()

        def run() -> None:
            asyncio.set_event_loop(loop)
            loop.run_until_complete(serve())
            loop.run_forever()

        self._thread = threading.Thread(target=run, name="discord-stand-in", daemon=True)
        self._thread.start()
        if not ready.wait(PATIENCE):
            raise RuntimeError("the Discord stand-in did not start")

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = PATIENCE) -> Any:
        """Run a coroutine on the server's loop, from the test's thread."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        loop = self.loop
        if loop is None:
            return
        if self._runner is not None:
            self.run(self._runner.cleanup())
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(PATIENCE)
        loop.close()
        self.loop = None

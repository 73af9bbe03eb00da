"""A local, in-memory stand-in for Discord's HTTP API (the webhook routes), for tests that run
the real discord.py client.

Nothing here reaches Discord. :class:`DiscordServer` is an aiohttp web app served on
127.0.0.1 (a free port) from a thread of its own; point discord.py at it with
``FESTIVAL_DISCORD_API=server.base`` (festival/discord/endpoint.py). Webhook URLs are shaped
as Discord's (``https://discord.com/api/webhooks/<id>/<token>``), so festival reads them as
real ones; the endpoint seam sends their requests here::

    with DiscordServer() as server:
        url = server.add_webhook("game room")
        monkeypatch.setenv("FESTIVAL_DISCORD_API", server.base)
        ...  # festival posts
        assert [m.content for m in server.messages("game room")] == [...]

Routes (under ``/api/v10`` and unversioned ``/api``), as discord.py's webhook client uses them:
execute (``POST /webhooks/{id}/{token}``, JSON or multipart with ``payload_json`` and
``files[n]``; ``wait=true`` answers the message), edit (``PATCH .../messages/{message_id}``),
fetch (``GET .../messages/{message_id}``), delete a message, and get the webhook. An unknown
webhook answers 404 ``Unknown Webhook`` (code 10015), a wrong token 401 ``Invalid Webhook
Token`` (50027), an unknown message 404 ``Unknown Message`` (10008); content over 2,000
characters or more than 10 files answers 400 (50035), as Discord does. Every answer carries
Discord's ``Via`` and ``X-RateLimit-*`` headers.

Faults, for what a host meets on the real network:

- :meth:`DiscordServer.fail_next`: the next *n* requests (optionally for one channel) answer a
  status: 429 with ``Retry-After``, ``X-RateLimit-Scope`` and, for a global limit,
  ``X-RateLimit-Global: true`` (body ``{"retry_after": ..., "global": ...}``), or a 5xx;
- :meth:`DiscordServer.rate_limit`: a real per-webhook bucket (``limit`` requests a
  ``window``); requests over it answer 429 until the window resets;
- :meth:`DiscordServer.drop_next`: the connection is closed without an answer, before or
  after the request took effect;
- :meth:`DiscordServer.stall_next`: the answer waits (a client with a shorter timeout gives
  up; with ``after_apply`` the message is already posted);
- :meth:`DiscordServer.clear_faults`: the faults still to come are dropped.

:attr:`DiscordServer.requests` records every request (method, route kind, channel, status),
so tests count them. The class is meant to be extended: :meth:`DiscordServer.add_routes`
puts its routes on any aiohttp router, and a subclass (or a second stand-in sharing
``server.app``) may add its own before :meth:`start`.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.support.discord.api import (
    Attachment,
    StandIn,
    error,
    json_answer,
    limit_headers,
    message_json,
    no_content,
    read_body,
    snowflake,
    too_many,
)

API_PREFIXES = ("/api/v10", "/api/v9", "/api")
MESSAGE_LIMIT = 2000
MAX_FILES = 10


@dataclass
class Message:
    id: str
    channel: str
    content: str
    attachments: list[Attachment]
    edits: int = 0
    deleted: bool = False

    @property
    def filenames(self) -> list[str]:
        return [a.filename for a in self.attachments]


@dataclass
class Hook:
    id: str
    token: str
    channel: str
    channel_id: str
    deleted: bool = False
    window_start: float = 0.0
    used: int = 0


@dataclass(frozen=True)
class Recorded:
    method: str
    kind: str
    """execute, edit, fetch, delete, webhook (or other)"""
    channel: str | None
    status: int
    at: float


@dataclass
class _Fault:
    kind: str  # "status", "drop", "stall"
    times: int
    channel: str | None = None
    status: int = 500
    retry_after: float = 0.05
    global_: bool = False
    after_apply: bool = False
    seconds: float = 0.0
    methods: tuple[str, ...] = ()


@dataclass
class _Bucket:
    limit: int
    window: float


class DiscordServer(StandIn):
    """Discord's webhook HTTP API, in memory, on 127.0.0.1."""

    def __init__(self) -> None:
        super().__init__()
        self.add_routes(self.app.router)
        self.hooks: dict[str, Hook] = {}
        self._messages: dict[str, Message] = {}
        self.requests: list[Recorded] = []
        self._faults: list[_Fault] = []
        self._bucket: _Bucket | None = None
        self._lock = threading.Lock()

    # --- webhooks and messages -------------------------------------------------------------

    def add_webhook(self, channel: str) -> str:
        """A new webhook in `channel`; its URL, shaped as Discord's."""
        hook = Hook(
            str(10**17 + secrets.randbelow(9 * 10**17)),
            secrets.token_urlsafe(51),
            channel,
            snowflake(),
        )
        with self._lock:
            self.hooks[hook.id] = hook
        return f"https://discord.com/api/webhooks/{hook.id}/{hook.token}"

    def delete_webhook(self, channel: str) -> None:
        with self._lock:
            for hook in self.hooks.values():
                if hook.channel == channel:
                    hook.deleted = True

    def messages(self, channel: str | None = None) -> list[Message]:
        """The messages in a channel (or all), oldest first, deleted ones left out."""
        with self._lock:
            return [
                m
                for m in self._messages.values()
                if not m.deleted and (channel is None or m.channel == channel)
            ]

    def count(self, kind: str, channel: str | None = None, status: int | None = None) -> int:
        """Requests of a kind (execute, edit, fetch...), for a channel, with a status."""
        with self._lock:
            return sum(
                1
                for r in self.requests
                if r.kind == kind
                and (channel is None or r.channel == channel)
                and (status is None or r.status == status)
            )

    # --- faults ----------------------------------------------------------------------------

    def fail_next(
        self,
        status: int,
        times: int = 1,
        channel: str | None = None,
        retry_after: float = 0.05,
        global_: bool = False,
        methods: tuple[str, ...] = (),
    ) -> None:
        with self._lock:
            self._faults.append(
                _Fault("status", times, channel, status, retry_after, global_, methods=methods)
            )

    def drop_next(
        self,
        times: int = 1,
        after_apply: bool = False,
        channel: str | None = None,
        methods: tuple[str, ...] = (),
    ) -> None:
        with self._lock:
            self._faults.append(
                _Fault("drop", times, channel, after_apply=after_apply, methods=methods)
            )

    def stall_next(
        self,
        seconds: float,
        times: int = 1,
        after_apply: bool = True,
        channel: str | None = None,
        methods: tuple[str, ...] = (),
    ) -> None:
        with self._lock:
            self._faults.append(
                _Fault(
                    "stall",
                    times,
                    channel,
                    seconds=seconds,
                    after_apply=after_apply,
                    methods=methods,
                )
            )

    def clear_faults(self) -> None:
        """No more faults: the requests from now on are answered at once."""
        with self._lock:
            self._faults.clear()

    def rate_limit(self, limit: int, window: float) -> None:
        """Each webhook takes `limit` requests a `window` seconds; more answer 429."""
        self._bucket = _Bucket(limit, window)

    def _fault(self, method: str, channel: str | None) -> _Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.channel not in (None, channel) or (
                    fault.methods and method not in fault.methods
                ):
                    continue
                fault.times -= 1
                if fault.times <= 0:
                    self._faults.remove(fault)
                return fault
        return None

    # --- the HTTP side -----------------------------------------------------------------------

    def add_routes(self, router: web.UrlDispatcher) -> None:
        """Put the webhook routes on a router (this app's, or another stand-in's)."""
        for prefix in API_PREFIXES:
            hook = prefix + "/webhooks/{webhook_id}/{token}"
            message = hook + "/messages/{message_id}"
            router.add_post(hook, self._wrap("execute", self._execute))
            router.add_get(hook, self._wrap("webhook", self._get_webhook))
            router.add_patch(message, self._wrap("edit", self._edit))
            router.add_get(message, self._wrap("fetch", self._fetch))
            router.add_delete(message, self._wrap("delete", self._delete))

    def _wrap(
        self, kind: str, handler: Callable[[web.Request, Hook], Awaitable[web.Response]]
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def handle(request: web.Request) -> web.StreamResponse:
            hook = self.hooks.get(request.match_info["webhook_id"])
            channel = hook.channel if hook else None
            fault = self._fault(request.method, channel)
            response = await self._answer(request, kind, hook, handler, fault)
            if response is None:  # dropped
                self._record(request.method, kind, channel, 0)
                assert request.transport is not None
                request.transport.close()
                raise asyncio.CancelledError
            self._record(request.method, kind, channel, response.status)
            return response

        return handle

    async def _answer(
        self,
        request: web.Request,
        kind: str,
        hook: Hook | None,
        handler: Callable[[web.Request, Hook], Awaitable[web.Response]],
        fault: _Fault | None,
    ) -> web.Response | None:
        if fault is not None and fault.kind == "status":
            await request.read()
            return self._status(fault)
        if hook is None or hook.deleted:
            return error(404, 10015, "Unknown Webhook")
        if hook.token != request.match_info["token"]:
            return error(401, 50027, "Invalid Webhook Token")
        limited = self._limited(hook)
        if limited is not None:
            return limited
        if fault is not None and not fault.after_apply:
            await request.read()
            if fault.kind == "drop":
                return None
            await asyncio.sleep(fault.seconds)
        response = await handler(request, hook)
        if fault is not None and fault.after_apply:
            if fault.kind == "drop":
                return None
            await asyncio.sleep(fault.seconds)
        self._rate_headers(response, hook)
        return response

    def _record(self, method: str, kind: str, channel: str | None, status: int) -> None:
        with self._lock:
            self.requests.append(Recorded(method, kind, channel, status, time.monotonic()))

    def _status(self, fault: _Fault) -> web.Response:
        if fault.status != 429:
            return error(fault.status, 0, "Internal Server Error")
        bucket = None if fault.global_ else limit_headers(5, 0, fault.retry_after)
        scope = "global" if fault.global_ else "user"
        return too_many(fault.retry_after, scope, fault.global_, bucket)

    def _limited(self, hook: Hook) -> web.Response | None:
        if self._bucket is None:
            return None
        now = time.monotonic()
        with self._lock:
            if now - hook.window_start >= self._bucket.window:
                hook.window_start, hook.used = now, 0
            hook.used += 1
            if hook.used <= self._bucket.limit:
                return None
            wait = max(0.001, self._bucket.window - (now - hook.window_start))
        return too_many(wait, "shared", bucket=limit_headers(self._bucket.limit, 0, wait))

    def _rate_headers(self, response: web.Response, hook: Hook) -> None:
        if self._bucket is None:
            response.headers.update(limit_headers(5, 4, 1.0))
            return
        with self._lock:
            left = max(0, self._bucket.limit - hook.used)
            reset = max(0.001, self._bucket.window - (time.monotonic() - hook.window_start))
        response.headers.update(limit_headers(self._bucket.limit, left, reset))

    async def _payload(
        self, request: web.Request
    ) -> tuple[dict[str, Any], list[Attachment]] | web.Response:
        payload, files = await read_body(request)
        content = payload.get("content")
        if isinstance(content, str) and len(content) > MESSAGE_LIMIT:
            return error(
                400, 50035, "Invalid Form Body (content: Must be 2000 or fewer in length.)"
            )
        if len(files) > MAX_FILES:
            return error(400, 50035, "Invalid Form Body (files: 10 or fewer in length)")
        return payload, files

    async def _execute(self, request: web.Request, hook: Hook) -> web.Response:
        read = await self._payload(request)
        if isinstance(read, web.Response):
            return read
        payload, files = read
        if not payload.get("content") and not files and not payload.get("embeds"):
            return error(400, 50006, "Cannot send an empty message")
        message = Message(snowflake(), hook.channel, str(payload.get("content") or ""), files)
        with self._lock:
            self._messages[message.id] = message
        if request.query.get("wait", "false").lower() not in ("true", "1"):
            return no_content()
        return json_answer(200, self._messagejson_answer(message, hook))

    def _message(self, request: web.Request, hook: Hook) -> Message | web.Response:
        message = self._messages.get(request.match_info["message_id"])
        if message is None or message.deleted or message.channel != hook.channel:
            return error(404, 10008, "Unknown Message")
        return message

    async def _edit(self, request: web.Request, hook: Hook) -> web.Response:
        read = await self._payload(request)
        if isinstance(read, web.Response):
            return read
        found = self._message(request, hook)
        if isinstance(found, web.Response):
            return found
        payload, files = read
        with self._lock:
            if "content" in payload:
                found.content = str(payload["content"] or "")
            if "attachments" in payload:
                keep = {str(a.get("id")) for a in payload["attachments"] or []}
                found.attachments = [a for a in found.attachments if a.id in keep] + files
            found.edits += 1
        return json_answer(200, self._messagejson_answer(found, hook))

    async def _fetch(self, request: web.Request, hook: Hook) -> web.Response:
        found = self._message(request, hook)
        if isinstance(found, web.Response):
            return found
        return json_answer(200, self._messagejson_answer(found, hook))

    async def _delete(self, request: web.Request, hook: Hook) -> web.Response:
        found = self._message(request, hook)
        if isinstance(found, web.Response):
            return found
        found.deleted = True
        return no_content()

    async def _get_webhook(self, request: web.Request, hook: Hook) -> web.Response:
        return json_answer(
            200,
            {
                "id": hook.id,
                "type": 1,
                "name": "festival",
                "avatar": None,
                "channel_id": hook.channel_id,
                "guild_id": None,
                "application_id": None,
                "token": hook.token,
            },
        )

    def _messagejson_answer(self, message: Message, hook: Hook) -> dict[str, Any]:
        stamp = datetime.now(UTC).isoformat()
        author = {
            "id": hook.id,
            "username": "festival",
            "avatar": None,
            "discriminator": "0000",
            "bot": True,
        }
        attachments = [
            {
                "id": a.id,
                "filename": a.filename,
                "size": len(a.data),
                "url": f"https://cdn.discordapp.com/attachments/{hook.channel_id}/{a.id}/"
                f"{a.filename}",
                "proxy_url": f"https://media.discordapp.net/attachments/{hook.channel_id}/"
                f"{a.id}/{a.filename}",
                "content_type": a.content_type,
            }
            for a in message.attachments
        ]
        return message_json(
            message.id,
            hook.channel_id,
            message.content,
            author,
            attachments=attachments,
            timestamp=stamp,
            edited_timestamp=stamp if message.edits else None,
            components=[],
            webhook_id=hook.id,
        )


__all__ = ["DiscordServer", "Message", "Recorded"]

"""A local stand-in for the parts of Discord's HTTP API a bot uses, with its gateway
(tests/support/discord/gateway.py) on the same port, for tests that run discord.py unmodified.

Nothing here reaches Discord. :class:`BotApiServer` runs an aiohttp server on 127.0.0.1 (a free
port) in its own thread; point discord.py at it with ``FESTIVAL_DISCORD_API`` (its `api`
address; festival/discord/endpoint.py), and the gateway is whatever ``GET /gateway/bot``
answers::

    with BotApiServer() as server:
        os.environ["FESTIVAL_DISCORD_API"] = server.api
        ...start the bot with server.token...
        iid = server.command(user, "status")
        assert "turn" in server.wait_answer(iid).content

Routes (``/api/v10``; every request but an interaction's answers, whose token is in the
address, must carry ``Authorization: Bot <token>``, else 401):
``GET /users/@me``, ``GET /gateway/bot``, ``PUT /applications/{app}/commands`` (the bot's slash
commands, kept), ``POST /interactions/{id}/{token}/callback`` (``with_response``; JSON or
multipart with ``payload_json`` and ``files[n]``; a second callback for one interaction is
refused with 40060, as Discord does), ``POST /webhooks/{app}/{token}`` (follow-ups),
``PATCH /webhooks/{app}/{token}/messages/@original``, ``POST /channels/{id}/messages``.

Faults: :meth:`BotApiServer.rate_limit_next` answers the next *n* requests 429 with
``Retry-After`` (and Discord's ``Via`` header, without which discord.py takes a 429 for a
Cloudflare ban); :attr:`BotApiServer.stall_followups` holds every follow-up unanswered and
unrecorded (a bot killed while it answers).

Attachments (a slash command's option of type 11, ATTACHMENT): :meth:`BotApiServer.upload`
keeps a file as Discord's CDN does and gives its attachment object (``id``, ``filename``,
``size``, ``url``, ``proxy_url``, ``content_type``), which :meth:`BotApiServer.interaction`
puts in the interaction's ``data.resolved.attachments`` by id, the option's value being the
id, as Discord sends it. ``GET /attachments/{channel}/{id}/{filename}`` serves the file (the
CDN download), or fails it as asked: ``fault="404"``, ``"cut"`` (the connection closed
halfway through the body), or a ``declared`` size other than the bytes'.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.support.discord.api import (
    StandIn,
    error,
    json_answer,
    message_json,
    read_body,
    too_many,
)
from tests.support.discord.gateway import Gateway
from tests.support.patience import PATIENCE

EPHEMERAL = 64
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
GUILD = 900_001
CHANNEL = 900_010
OTHER_CHANNEL = 900_011
APPLICATION = 900_100
BOT_USER = 900_101
HOST_ROLE = 900_200


@dataclass(frozen=True)
class User:
    id: int
    name: str
    roles: tuple[int, ...] = ()


@dataclass(frozen=True)
class Upload:
    """A file on the stand-in's CDN: its attachment object, the bytes, and how to fail."""

    attachment: dict[str, Any]
    data: bytes
    fault: str | None = None
    """None, "404" or "cut" """


@dataclass
class Sent:
    """A message the bot sent: an interaction's answer or follow-up, or a channel message."""

    kind: str
    """callback, followup, edit or channel"""
    where: int
    """the interaction id (callback, followup, edit) or the channel id"""
    content: str
    flags: int
    files: list[tuple[str, bytes]] = field(default_factory=list)
    mentions: Any = None
    callback_type: int | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)


class BotApiServer(StandIn):
    """Discord's HTTP API and gateway for one bot, one guild, two text channels."""

    def __init__(self, token: str = "stand-in-token.abc.def", host_role: str = "Duel Host"):
        super().__init__(middlewares=(self._middleware,))
        self._routes()
        self.token = token
        self.sent: list[Sent] = []
        self.commands: list[dict[str, Any]] = []
        self.requests: list[tuple[str, str]] = []
        self._rate_limited = 0
        self._retry_after = 0.0
        self.limited = 0
        """429s answered"""
        self._ids = itertools.count(1_000_000)
        self._answered: set[int] = set()
        self._interactions: dict[str, int] = {}
        self._changed = threading.Condition()
        self.uploads: dict[str, Upload] = {}
        self.downloads: list[str] = []
        """the attachment ids whose download was asked for"""
        self.stall_followups = False
        self.stalled = 0
        """follow-ups held (never answered while `stall_followups`)"""
        roles = [_role(GUILD, "@everyone", 0), _role(HOST_ROLE, host_role, 1)]
        channels = [_channel(CHANNEL, "duel-1", 0), _channel(OTHER_CHANNEL, "lobby", 1)]
        guild = {
            "id": str(GUILD),
            "name": "AWA Festival",
            "roles": roles,
            "channels": channels,
            "owner_id": "1",
            "member_count": 10,
            "members": [],
            "threads": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "unavailable": False,
            "large": False,
            "verification_level": 0,
            "explicit_content_filter": 0,
            "default_message_notifications": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "system_channel_flags": 0,
            "icon": None,
            "afk_timeout": 300,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
        }
        ready = {
            "v": 10,
            "user": _user_json(User(BOT_USER, "festival-bot")) | {"bot": True},
            "application": {"id": str(APPLICATION), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        self.gateway = Gateway(token, ready, [guild])

    # --- running ----------------------------------------------------------------------

    @property
    def api(self) -> str:
        """The API address, for FESTIVAL_DISCORD_API; the gateway is what it names."""
        return self.base

    def _routes(self) -> None:
        app = self.app
        app.router.add_get("/gateway", self._gateway)
        api = "/api/v10"
        app.router.add_get(api + "/users/@me", self._me)
        app.router.add_get(api + "/oauth2/applications/@me", self._application)
        app.router.add_get(api + "/gateway/bot", self._gateway_bot)
        app.router.add_put(api + "/applications/{app}/commands", self._put_commands)
        app.router.add_post(api + "/interactions/{id}/{token}/callback", self._callback)
        app.router.add_post(api + "/webhooks/{app}/{token}", self._followup)
        app.router.add_patch(api + "/webhooks/{app}/{token}/messages/@original", self._edit)
        app.router.add_post(api + "/channels/{id}/messages", self._channel_message)
        app.router.add_get("/attachments/{channel}/{id}/{name}", self._cdn)

    def started(self) -> None:
        self.gateway.url = f"ws://127.0.0.1:{self.port}/gateway"

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        return await self.gateway.handle(request)

    # --- the test's side ----------------------------------------------------------------

    def rate_limit_next(self, count: int, retry_after: float = 0.05) -> None:
        self._rate_limited, self._retry_after = count, retry_after

    def upload(
        self,
        filename: str,
        data: bytes,
        content_type: str = XLSX,
        channel: int = CHANNEL,
        fault: str | None = None,
        declared: int | None = None,
    ) -> dict[str, Any]:
        """A file a user attaches to a slash command: its attachment object, as Discord puts
        it in ``resolved.attachments`` (`declared`: a size other than the bytes')."""
        aid = str(next(self._ids))
        signed = f"ex={int(time.time()) + 86400:x}&is={int(time.time()):x}&hm={aid}"
        root = self.base.removesuffix("/api/v10")
        url = f"{root}/attachments/{channel}/{aid}/{filename}?{signed}"
        attachment = {
            "id": aid,
            "filename": filename,
            "size": len(data) if declared is None else declared,
            "url": url,
            "proxy_url": url.replace("/attachments/", "/proxy/attachments/"),
            "content_type": content_type,
            "ephemeral": True,
        }
        self.uploads[aid] = Upload(attachment, data, fault)
        return attachment

    def connected(self) -> bool:
        """A bot is connected and has registered its slash commands."""
        return self.gateway.connected.is_set() and bool(self.commands)

    def wait_for(self, ready: Callable[[], bool], timeout: float = PATIENCE) -> None:
        end = time.monotonic() + timeout
        with self._changed:
            while not ready():
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the Discord stand-in waited in vain")
                self._changed.wait(min(left, 0.05))

    def interaction(
        self,
        user: User,
        name: str,
        options: dict[str, Any] | None = None,
        group: str | None = None,
        channel: int = CHANNEL,
    ) -> dict[str, Any]:
        """An INTERACTION_CREATE for slash command `name` (a subcommand of `group`)."""
        command = next(c for c in self.commands if c["name"] == (group or name))
        given = (options or {}).items()
        opts = [{"name": k, "type": _option_type(v), "value": _value(v)} for k, v in given]
        named = [v for v in (options or {}).values() if isinstance(v, User)]
        files = [v for v in (options or {}).values() if isinstance(v, dict)]
        resolved: dict[str, Any] = {}
        if named:
            resolved["users"] = {str(u.id): _user_json(u) for u in named}
            resolved["members"] = {str(u.id): _member_json(u) for u in named}
        if files:
            resolved["attachments"] = {str(f["id"]): f for f in files}
        if group is not None:
            opts = [{"name": name, "type": 1, "options": opts}]
        iid = next(self._ids)
        token = f"itoken-{iid}"
        self._interactions[token] = iid
        return {
            "id": str(iid),
            "application_id": str(APPLICATION),
            "type": 2,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD),
            "channel_id": str(channel),
            "channel": _channel(channel, "duel", 0) | {"guild_id": str(GUILD)},
            "data": {
                "id": command["id"],
                "name": command["name"],
                "type": 1,
                "options": opts,
                **({"resolved": resolved} if resolved else {}),
            },
            "member": {"user": _user_json(user), **_member_json(user)},
            "app_permissions": str((1 << 11) | (1 << 15)),
            "locale": "en-GB",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD)},
            "context": 0,
            "attachment_size_limit": 10 * 2**20,
        }

    def deliver(self, interaction: dict[str, Any], times: int = 1) -> int:
        """Dispatch an interaction (`times` over: Discord delivering twice); its id."""
        self.run(self.gateway.dispatch("INTERACTION_CREATE", interaction, times))
        return int(interaction["id"])

    def command(
        self,
        user: User,
        name: str,
        options: dict[str, Any] | None = None,
        group: str | None = None,
        channel: int = CHANNEL,
        wait: bool = True,
    ) -> int:
        """Deliver a slash command and (with `wait`) wait for its answer; its id."""
        iid = self.deliver(self.interaction(user, name, options, group, channel))
        if wait:
            self.wait_answer(iid)
        return iid

    def wait_answer(self, iid: int, timeout: float = PATIENCE) -> Sent:
        self.wait_for(lambda: bool(self.answers(iid)), timeout)
        return self.answers(iid)[0]

    def wait_followup(self, iid: int, timeout: float = PATIENCE) -> Sent:
        """The first follow-up of interaction `iid` (the answer after a deferral)."""
        self.wait_for(lambda: bool(self.followups(iid)), timeout)
        return self.followups(iid)[0]

    def followups(self, iid: int) -> list[Sent]:
        return [s for s in self.answers(iid) if s.kind == "followup"]

    def answers(self, iid: int) -> list[Sent]:
        """What the bot answered interaction `iid`: its callback, edits and follow-ups."""
        with self._changed:
            return [s for s in self.sent if s.kind != "channel" and s.where == iid]

    def channel_messages(self, channel: int = CHANNEL) -> list[Sent]:
        with self._changed:
            return [s for s in self.sent if s.kind == "channel" and s.where == channel]

    def drop(self) -> None:
        self.run(self.gateway.drop())

    # --- the API ------------------------------------------------------------------------

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if request.path == "/gateway":
            result: web.StreamResponse = await handler(request)
            return result
        self.requests.append((request.method, request.path))
        by_token = request.path.startswith(
            ("/api/v10/interactions/", "/api/v10/webhooks/", "/attachments/")
        )  # an interaction's answers by its token; the CDN by its signed address
        if not by_token and request.headers.get("Authorization") != f"Bot {self.token}":
            return error(401, 0, "401: Unauthorized")
        if self._rate_limited > 0:
            self._rate_limited -= 1
            self.limited += 1
            return too_many(self._retry_after)
        result = await handler(request)
        return result

    async def _me(self, request: web.Request) -> web.Response:
        return json_answer(200, _user_json(User(BOT_USER, "festival-bot")) | {"bot": True})

    async def _application(self, request: web.Request) -> web.Response:
        return json_answer(
            200,
            {
                "id": str(APPLICATION),
                "name": "festival-bot",
                "description": "",
                "icon": None,
                "bot_public": False,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": _user_json(User(1, "host")),
                "team": None,
                "flags": 0,
                "interactions_endpoint_url": None,
            },
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_answer(
            200, {"url": self.gateway.url, "shards": 1, "session_start_limit": limit}
        )

    async def _put_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        out = [
            {**c, "id": str(next(self._ids)), "application_id": str(APPLICATION), "version": "1"}
            for c in body
        ]
        self._record(lambda: self.commands.__setitem__(slice(None), out))
        return json_answer(200, out)

    async def _callback(self, request: web.Request) -> web.Response:
        iid = int(request.match_info["id"])
        if self._interactions.get(request.match_info["token"]) != iid:
            return error(404, 10062, "Unknown interaction")
        if iid in self._answered:
            return error(400, 40060, "Interaction has already been acknowledged.")
        self._answered.add(iid)
        payload, files = await _read(request)
        data = payload.get("data") or {}
        message = self._message(CHANNEL, data)
        self._record(
            lambda: self.sent.append(
                Sent(
                    "callback",
                    iid,
                    data.get("content") or "",
                    int(data.get("flags") or 0),
                    files,
                    data.get("allowed_mentions"),
                    int(payload["type"]),
                )
            )
        )
        body = {
            "interaction": {
                "id": str(iid),
                "type": 2,
                "response_message_id": message["id"],
                "response_message_loading": payload["type"] == 5,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
            },
            "resource": {"type": payload["type"], "message": message},
        }
        return json_answer(200, body)

    async def _followup(self, request: web.Request) -> web.Response:
        if self.stall_followups:
            self._record(lambda: setattr(self, "stalled", self.stalled + 1))
            while self.stall_followups:  # held until the test lets go (the bot is gone)
                await asyncio.sleep(0.01)
            return error(404, 10015, "Unknown Webhook")
        return await self._by_token(request, "followup")

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        """Discord's CDN: an attachment's bytes (or the fault asked for)."""
        aid = request.match_info["id"]
        upload = self.uploads.get(aid)
        self._record(lambda: self.downloads.append(aid))
        if upload is None or upload.fault == "404":
            return web.Response(status=404, text="Not Found")
        if upload.fault != "cut":
            return web.Response(body=upload.data, content_type="application/octet-stream")
        response = web.StreamResponse(headers={"Content-Length": str(len(upload.data))})
        await response.prepare(request)
        await response.write(upload.data[: len(upload.data) // 2])
        if request.transport is not None:
            request.transport.close()  # the connection cut halfway
        return response

    async def _edit(self, request: web.Request) -> web.Response:
        return await self._by_token(request, "edit")

    async def _by_token(self, request: web.Request, kind: str) -> web.Response:
        """A follow-up or an edit of the answer, by the interaction's token."""
        iid = self._interactions.get(request.match_info["token"])
        if iid is None or iid not in self._answered:
            return error(404, 10015, "Unknown Webhook")
        payload, files = await _read(request)
        self._record(lambda: self.sent.append(_sent(kind, iid, payload, files)))
        return json_answer(200, self._message(CHANNEL, payload))

    async def _channel_message(self, request: web.Request) -> web.Response:
        channel = int(request.match_info["id"])
        if channel not in (CHANNEL, OTHER_CHANNEL):
            return error(404, 10003, "Unknown Channel")
        payload, files = await _read(request)
        self._record(lambda: self.sent.append(_sent("channel", channel, payload, files)))
        return json_answer(200, self._message(channel, payload))

    def _record(self, change: Callable[[], None]) -> None:
        with self._changed:
            change()
            self._changed.notify_all()

    def _message(self, channel: int, data: dict[str, Any]) -> dict[str, Any]:
        return message_json(
            str(next(self._ids)),
            str(channel),
            data.get("content") or "",
            _user_json(User(BOT_USER, "festival-bot")) | {"bot": True},
            flags=int(data.get("flags") or 0),
        )


def _sent(kind: str, where: int, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> Sent:
    return Sent(
        kind,
        where,
        payload.get("content") or "",
        int(payload.get("flags") or 0),
        files,
        payload.get("allowed_mentions"),
    )


async def _read(request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """A request's payload and its files as (name, bytes)."""
    payload, files = await read_body(request)
    return payload, [(f.filename, f.data) for f in files]


def _option_type(value: Any) -> int:
    """A slash command option's type: USER (6), ATTACHMENT (11, an attachment object),
    INTEGER (4) or STRING (3)."""
    if isinstance(value, User):
        return 6
    if isinstance(value, dict):
        return 11
    return 4 if isinstance(value, int) and not isinstance(value, bool) else 3


def _value(value: Any) -> Any:
    """An option's value as Discord sends it: a user's or an attachment's id, else itself."""
    if isinstance(value, User):
        return str(value.id)
    if isinstance(value, dict):
        return str(value["id"])
    return value


def _member_json(user: User) -> dict[str, Any]:
    """A guild member (without its user, as `resolved.members` gives it)."""
    return {
        "roles": [str(r) for r in user.roles],
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": "2147483647",
    }


def _user_json(user: User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.name,
        "avatar": None,
        "public_flags": 0,
    }


def _role(role_id: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "permissions": "0",
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def _channel(channel_id: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }

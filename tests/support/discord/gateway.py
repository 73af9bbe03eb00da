"""A local stand-in for Discord's gateway (the bot's websocket), for tests that run discord.py's
real `discord.Client` against it. Served by
:class:`tests.support.discord.interactions.BotApiServer` at ``/gateway``
(its ``GET /gateway/bot`` names it).

What it speaks, as Discord does (API v10, JSON encoding):

- the URL's query: ``v=10``, ``encoding=json`` and ``compress=zlib-stream`` (every message of
  the connection is deflated into one zlib stream, each ending in a sync flush); another
  version closes with 4012, another encoding with 4002, another compression (``zstd-stream``,
  which this stand-in does not speak) is refused at the handshake;
- HELLO on connect; IDENTIFY (a wrong token closes with 4004; the intents are recorded) answered
  by READY (session id, ``resume_gateway_url``, the application) and one GUILD_CREATE per
  guild; HEARTBEAT answered by HEARTBEAT_ACK; RESUME of a known session replays every dispatch
  after the sequence number the client names, then RESUMED; an unknown session gets INVALID
  SESSION (not resumable);
- dispatches (INTERACTION_CREATE) numbered per session: sent at once when the bot is
  connected, kept for the resume when it is not.

Faults: :meth:`Gateway.drop` closes the socket (code 4000, resumable), so discord.py resumes;
:meth:`Gateway.dispatch` may send the same event twice (Discord may deliver twice).
"""

from __future__ import annotations

import asyncio
import json
import uuid
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSCloseCode, web

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11
HEARTBEAT_MS = 41250
MESSAGE_CONTENT_INTENT = 1 << 15


@dataclass
class Session:
    """One gateway session: its numbered dispatches, kept for a resume."""

    id: str
    sent: list[dict[str, Any]] = field(default_factory=list)
    socket: Connection | None = None

    @property
    def seq(self) -> int:
        return len(self.sent)


class Connection:
    """One websocket, with its zlib stream when the client asked for one."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.deflate = zlib.compressobj() if compress else None

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        if self.deflate is None:
            await self.ws.send_str(text)
            return
        data = self.deflate.compress(text.encode()) + self.deflate.flush(zlib.Z_SYNC_FLUSH)
        await self.ws.send_bytes(data)


class Gateway:
    """The gateway side of the stand-in; the API server owns it and its event loop."""

    def __init__(self, token: str, ready: dict[str, Any], guilds: list[dict[str, Any]]) -> None:
        self.token = token
        self.ready = ready
        self.guilds = guilds
        self.url = ""
        """the ws:// address, set by the server once it is listening"""
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.identified: list[dict[str, Any]] = []
        """every IDENTIFY payload's `d` (the token replaced by whether it was right)"""
        self.resumes = 0
        self.heartbeats = 0
        self.connected = asyncio.Event()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        compress = query.get("compress")
        if compress not in (None, "zlib-stream"):
            return web.Response(status=400, text=f"compress={compress} is not offered here")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        if query.get("v") != "10":
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        if query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"Decode error")
            return ws
        conn = Connection(ws, compress == "zlib-stream")
        await conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None})
        session: Session | None = None
        async for msg in ws:
            if msg.type != web.WSMsgType.TEXT:
                break
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if op == HEARTBEAT:
                self.heartbeats += 1
                await conn.send({"op": HEARTBEAT_ACK, "d": None})
            elif op == IDENTIFY:
                session = await self._identify(conn, data)
                if session is None:
                    break
            elif op == RESUME:
                session = await self._resume(conn, data)
                if session is None:
                    break
        if session is not None and session.socket is conn:
            session.socket = None
            self.connected.clear()
        return ws

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        right = data.get("token") == self.token
        self.identified.append({**data, "token": right})
        if not right:
            await conn.ws.close(code=4004, message=b"Authentication failed")
            return None
        session = Session(uuid.uuid4().hex)
        self.sessions[session.id] = session
        self._attach(session, conn)
        ready = {**self.ready, "session_id": session.id, "resume_gateway_url": self.url}
        ready["guilds"] = [{"id": g["id"], "unavailable": True} for g in self.guilds]
        if "shard" in data:  # the shard identified, as Discord echoes it
            ready["shard"] = data["shard"]
        await self._send(session, "READY", ready)
        for guild in self.guilds:
            await self._send(session, "GUILD_CREATE", guild)
        return session

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await conn.send({"op": INVALID_SESSION, "d": False})
            await conn.ws.close(code=WSCloseCode.GOING_AWAY)
            return None
        self.resumes += 1
        self._attach(session, conn)
        after = int(data.get("seq") or 0)
        for payload in session.sent[after:]:
            await conn.send(payload)
        await self._send(session, "RESUMED", {})
        return session

    def _attach(self, session: Session, conn: Connection) -> None:
        self.current = session
        session.socket = conn
        self.connected.set()

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        payload = {"op": DISPATCH, "t": event, "s": session.seq + 1, "d": data}
        session.sent.append(payload)
        if session.socket is not None:
            try:
                await session.socket.send(payload)
            except ConnectionError:
                session.socket = None  # kept: the resume replays it

    async def dispatch(self, event: str, data: dict[str, Any], times: int = 1) -> None:
        """Send an event to the bot's session (kept for a resume if it is away)."""
        if self.current is None:
            raise RuntimeError("no bot has identified")
        for _ in range(times):
            await self._send(self.current, event, data)

    async def drop(self) -> None:
        """Close the bot's socket as a network fault would (resumable: code 4000)."""
        session = self.current
        if session is not None and session.socket is not None:
            conn, session.socket = session.socket, None
            self.connected.clear()
            await conn.ws.close(code=4000, message=b"Unknown error")

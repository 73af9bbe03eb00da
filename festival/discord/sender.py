"""Sending, editing and fetching webhook messages through discord.py's webhook client.

festival uses `discord.SyncWebhook` (discord.py's blocking webhook client over a `requests`
session): posting is one message after another, and a blocking client keeps the moment
between Discord's answer and the store's record as short as it can be, with signals
handled between messages (festival/discord/posting.py).

Failures, as for Google (sheets/google_http.py, the same `Retry` policy):
- 429: discord.py waits out Discord's `retry_after` (per-route and global limits alike) and
  tries again; a 429 it still gets is retried here with the policy's backoff;
- 5xx: discord.py retries with its own bounded backoff, then festival stops with one line;
- a connection that could not be made (refused, DNS, connect timeout): retried with backoff;
- a request that was sent but got no answer (a dropped connection, a read timeout): an edit
  or a fetch is retried (doing it twice changes nothing); a new message is NOT, since Discord
  may hold it already: `Uncertain` is raised and the host decides (posting.py);
- 401, 403 or 404 (a deleted webhook: Unknown Webhook, code 10015): one line naming the
  channel and what to do.

Every message festival writes names channels only. discord.py's own log lines and whatever an
exception says pass through `Scrubber` first, which replaces webhook URLs and tokens with the
channel's name: no secret reaches the terminal or a log.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from festival.core.errors import MatchError
from festival.discord.endpoint import point_discord_py
from festival.discord.webhooks import GAME_ROOM, Webhook, Webhooks
from sheets.retry import Retry

if TYPE_CHECKING:
    import discord
    import requests

T = TypeVar("T")
MAX_FILES = 10
"""attachments Discord takes on one message"""
DISCORD_LOGGERS = (
    "discord.webhook.sync",
    "discord.webhook.async_",
    "discord.http",
    "urllib3.connectionpool",
)


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Fetched:
    """A message as Discord holds it."""

    message_id: str
    content: str
    filenames: tuple[str, ...]


class DiscordFailure(MatchError):
    """Discord refused or kept failing: one line naming the channel and what to do."""


class Uncertain(DiscordFailure):
    """A new message was sent but no answer came back: Discord may hold it or not."""


class MessageGone(DiscordFailure):
    """Discord has no such message in the channel (404 Unknown Message)."""


class Scrubber(logging.Filter):
    """Replaces every webhook URL and token in a text with the channel it belongs to."""

    def __init__(self, webhooks: Webhooks) -> None:
        super().__init__()
        self.pairs = webhooks.secrets()

    def __call__(self, text: str) -> str:
        for secret, channel in self.pairs:
            if secret:
                text = text.replace(secret, f"<webhook of {channel}>")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self(record.getMessage())
        record.args = ()
        return True


def _session(timeout: float) -> requests.Session:
    import requests

    class TimedSession(requests.Session):
        """A session whose every request gives up after `timeout` seconds."""

        def request(self, *args: Any, **kwargs: Any) -> requests.Response:
            kwargs.setdefault("timeout", timeout)
            return super().request(*args, **kwargs)

    return TimedSession()


def _never_sent(exc: BaseException) -> bool:
    """A connection error from before the request left (refused, DNS, connect timeout)."""
    import requests
    from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError

    if isinstance(exc, requests.ConnectTimeout):
        return True
    reason: object = exc.args[0] if exc.args else None
    if isinstance(reason, MaxRetryError):
        reason = reason.reason
    return isinstance(reason, NewConnectionError | ConnectTimeoutError)


class Sender:
    """discord.py's webhook client for the channels of a webhooks file."""

    def __init__(self, webhooks: Webhooks, retry: Retry | None = None, rerun: str = "") -> None:
        point_discord_py()
        self.webhooks = webhooks
        self.retry = retry or Retry()
        self.rerun = rerun or "run the same command again"
        self.again = rerun or "the same command"  # for "run ... with --resend"
        self.scrub = Scrubber(webhooks)
        self.session = _session(self.retry.timeout)
        self._clients: dict[str, discord.SyncWebhook] = {}
        for name in DISCORD_LOGGERS:
            logging.getLogger(name).addFilter(self.scrub)

    def close(self) -> None:
        for name in DISCORD_LOGGERS:
            logging.getLogger(name).removeFilter(self.scrub)
        self.session.close()

    def _client(self, hook: Webhook) -> discord.SyncWebhook:
        import discord

        if hook.channel not in self._clients:
            self._clients[hook.channel] = discord.SyncWebhook.from_url(
                hook.url, session=self.session
            )
        return self._clients[hook.channel]

    def hook(self, channel: str) -> Webhook:
        return self.webhooks.hooks[channel]

    def send(self, channel: str, content: str, files: Sequence[Attachment] = ()) -> str:
        """A new message; its id. Raises Uncertain when it may or may not have arrived."""
        import discord

        client = self._client(self.hook(channel))

        def execute() -> str:
            message = client.send(
                content,
                files=_files(files),
                wait=True,
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            )
            return str(message.id)

        return self._call(channel, "posting to", execute, repeatable=False)

    def edit(
        self, channel: str, message_id: str, content: str, files: Sequence[Attachment] = ()
    ) -> None:
        """Replace a message's content and attachments (doing it twice changes nothing)."""
        client = self._client(self.hook(channel))

        def patch() -> None:
            client.edit_message(int(message_id), content=content, attachments=_files(files))

        self._call(channel, "correcting a message in", patch, repeatable=True)

    def fetch(self, channel: str, message_id: str) -> Fetched:
        client = self._client(self.hook(channel))

        def get() -> Fetched:
            m = client.fetch_message(int(message_id))
            return Fetched(str(m.id), m.content, tuple(a.filename for a in m.attachments))

        return self._call(channel, "reading a message in", get, repeatable=True)

    def _call(self, channel: str, doing: str, fn: Callable[[], T], repeatable: bool) -> T:
        import discord
        import requests

        place = "the game room" if channel == GAME_ROOM else f"{channel}'s channel"
        where = f"while {doing} {place}"
        for delay in [*self.retry.delays(), None]:
            try:
                return fn()
            except discord.HTTPException as exc:
                if exc.status != 429 or delay is None:
                    raise self.failure(exc, channel, where) from None
            except (requests.ConnectionError, requests.Timeout) as exc:
                if not repeatable and not _never_sent(exc):
                    kind = "timed out" if isinstance(exc, requests.Timeout) else "was cut"
                    raise Uncertain(
                        f"the connection {kind} {where} before Discord answered: Discord may "
                        f"hold the message or not. Look in {place}: if the message is there, "
                        f"run {self.again} with --mark-sent LINK (the message's menu, Copy "
                        "Message Link); if not, run it with --resend"
                    ) from None
                if delay is None:
                    raise DiscordFailure(
                        f"could not reach Discord {where}, after several tries "
                        f"({type(exc).__name__}): check the internet connection, then "
                        f"{self.rerun} (what was posted is recorded and not sent again)"
                    ) from None
            self.retry.sleep(delay)
        raise AssertionError("unreachable")

    def failure(self, exc: discord.HTTPException, channel: str, where: str) -> DiscordFailure:
        code, status = exc.code, exc.status
        rerun = f"{self.rerun} (what was posted is recorded and not sent again)"
        remake = (
            "make a new webhook in that channel (Edit Channel, Integrations, Webhooks), put its "
            "URL in the webhooks file, run `festival discord` with it, then " + rerun
        )
        if (status == 404 and code == 10015) or status == 401:
            return DiscordFailure(
                f"Discord does not know the webhook of {channel} ({status} "
                f"{'Unknown Webhook' if status == 404 else 'Invalid Webhook Token'}: it was "
                f"deleted or its URL is wrong) {where}: {remake}"
            )
        if status == 404 and code == 10008:
            return MessageGone(
                f"a message festival posted was deleted on Discord {where} (404 Unknown "
                f"Message): {rerun} with --resend to post it anew"
            )
        if status == 403:
            return DiscordFailure(
                f"Discord refused {where} (403 Missing Permissions): give the webhook's channel "
                f"back its permissions, then {rerun}"
            )
        if status == 429:
            return DiscordFailure(
                f"Discord kept answering 429 (too many requests) {where}, after several tries: "
                f"wait a minute, then {rerun}"
            )
        if status >= 500:
            return DiscordFailure(
                f"Discord kept answering {status} (a Discord server error) {where}, after "
                f"several tries: wait a minute, then {rerun}"
            )
        said = self.scrub(str(exc.text))[:200].rstrip(".")
        return DiscordFailure(
            f"Discord answered {status}{f' ({said})' if said else ''} {where}: {rerun}"
        )


def _files(files: Sequence[Attachment]) -> list[discord.File]:
    import discord

    if len(files) > MAX_FILES:
        raise ValueError(f"at most {MAX_FILES} attachments a message")
    return [discord.File(io.BytesIO(f.data), filename=f.filename) for f in files]

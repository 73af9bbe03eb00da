"""A `/submit` attachment fetched from Discord's CDN, held to festival's size limit: the size
Discord declares is checked before anything is downloaded, and the bytes again as they come
(a download that is cut, fails or brings more or fewer bytes than declared is refused). A
refusal is one line for the player, naming their file only; nothing is stored.

Only Discord's CDN is asked (or, when festival/discord/endpoint.py names a stand-in, the
stand-in's own address): an attachment's address pointing anywhere else is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp

from festival.discord.endpoint import api_base, stand_in
from sheets.limits import MAX_FILE_BYTES, megabytes

CDN_HOSTS = ("cdn.discordapp.com", "media.discordapp.net")
CHUNK = 64 * 1024


class DownloadRefused(Exception):
    """A download refused, in one line for the player (`line`)."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


@dataclass(frozen=True)
class Wanted:
    """An attachment as Discord describes it."""

    name: str
    url: str
    size: int
    """the size Discord declares, in bytes"""


def too_big(name: str, size: int, limit: int = MAX_FILE_BYTES) -> str | None:
    """The refusal of a file over the limit (None: within it)."""
    if size <= limit:
        return None
    return (
        f"{name} is {megabytes(size)}; festival reads files of at most {megabytes(limit)}: "
        "nothing was kept"
    )


def _allowed(url: str) -> bool:
    parts = urlsplit(url)
    if stand_in():
        return parts.netloc == urlsplit(api_base()).netloc
    return parts.scheme == "https" and parts.hostname in CDN_HOSTS


async def fetch(
    session: aiohttp.ClientSession, wanted: Wanted, limit: int = MAX_FILE_BYTES
) -> bytes:
    """The attachment's bytes, or DownloadRefused."""
    name = wanted.name
    again = ": nothing was kept; send it again"
    refused = too_big(name, wanted.size, limit)
    if refused is not None:
        raise DownloadRefused(refused)
    if wanted.size <= 0:
        raise DownloadRefused(f"{name} is empty{again}")
    if not _allowed(wanted.url):
        raise DownloadRefused(f"{name} is not on Discord's file server{again}")
    got = bytearray()
    try:
        async with session.get(wanted.url, allow_redirects=False) as response:
            if response.status != 200:
                raise DownloadRefused(
                    f"Discord did not give {name} (it answered {response.status}){again}"
                )
            async for chunk in response.content.iter_chunked(CHUNK):
                got += chunk
                if len(got) > limit:
                    raise DownloadRefused(too_big(name, len(got), limit) or "")
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise DownloadRefused(
            f"the download of {name} failed ({type(exc).__name__}){again}"
        ) from exc
    if len(got) != wanted.size:
        raise DownloadRefused(
            f"the download of {name} brought {len(got)} of its {wanted.size} bytes{again}"
        )
    return bytes(got)

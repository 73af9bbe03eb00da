"""The festival's three events: machine names, titles, and what people type for them."""

from __future__ import annotations

ALCHEMY = "alchemy"
CONTINUUM = "continuum"
SUMMONERS = "summoners"
EVENTS: tuple[str, ...] = (ALCHEMY, CONTINUUM, SUMMONERS)

TITLES: dict[str, str] = {
    ALCHEMY: "Alchemy",
    CONTINUUM: "Elemental Continuum",
    SUMMONERS: "Summoner's Dream",
}

_ALIASES: dict[str, str] = {
    "alchemy": ALCHEMY,
    "continuum": CONTINUUM,
    "elementalcontinuum": CONTINUUM,
    "elemental": CONTINUUM,
    "ec": CONTINUUM,
    "summoners": SUMMONERS,
    "summoner": SUMMONERS,
    "summonersdream": SUMMONERS,
    "summonerdream": SUMMONERS,
    "sd": SUMMONERS,
}


def parse_event_name(text: str) -> str | None:
    """'Summoner’s Dream', "summoners dream", 'EC' ... -> canonical name, or None."""
    key = "".join(ch for ch in text.lower() if ch.isalnum())
    return _ALIASES.get(key)


def title(event: str) -> str:
    return TITLES.get(event, event)

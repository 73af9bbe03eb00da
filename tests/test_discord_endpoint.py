"""Festival's Discord clients go to Discord unless a stand-in is named."""

from __future__ import annotations

import pytest

from festival.discord import endpoint


def test_discord_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(endpoint.API_VARIABLE, raising=False)
    assert endpoint.api_base() == endpoint.DISCORD_API


def test_a_named_stand_in_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from discord.http import Route

    monkeypatch.setattr(Route, "BASE", Route.BASE)
    monkeypatch.setenv(endpoint.API_VARIABLE, "http://127.0.0.1:8765/api/v10/")
    assert endpoint.point_discord_py() == "http://127.0.0.1:8765/api/v10"
    assert Route.BASE == "http://127.0.0.1:8765/api/v10"


@pytest.mark.parametrize("bad", ["127.0.0.1:8765", "ftp://host/api", "http://"])
def test_a_bad_address_is_refused(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    monkeypatch.setenv(endpoint.API_VARIABLE, bad)
    with pytest.raises(ValueError, match=endpoint.API_VARIABLE):
        endpoint.api_base()


def test_the_gateway_is_aimed_where_the_stand_in_says(monkeypatch: pytest.MonkeyPatch) -> None:
    from discord.gateway import DiscordWebSocket

    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    monkeypatch.setenv(endpoint.API_VARIABLE, "http://127.0.0.1:8765/api/v10")
    assert endpoint.stand_in()
    endpoint.point_gateway("ws://127.0.0.1:8765/gateway")
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8765/gateway"
    monkeypatch.delenv(endpoint.API_VARIABLE)
    assert not endpoint.stand_in()

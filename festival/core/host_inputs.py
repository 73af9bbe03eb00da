"""Names of the host's settings kept in a match's or a duel's store that more than one layer
reads: the Discord adapter (festival/discord/) writes them, the domains only ask whether they
are there."""

from __future__ import annotations

DISCORD = "discord"
"""the Discord channel mapping (the webhooks file's path and channel names only): a match's
host input, a duel's setting"""

"""The match domain, the AWA Festival main match: its folder and store, lock, roster,
configuration, allocation, the round pipeline, replay, standings, announcements in Markdown
(with the public pictures as values, worked out once per version), the check of a store, the
players' hand-ins and their verdicts (`handin*.py`, `verdict.py`), the watch of their
spreadsheets (`watch*.py`), their seating on Discord (`seating.py`), the deadlines' schedule
(`schedule*.py`), its commands and refusals as values, and the match service, their one door,
with its read models (`views.py`). It speaks no Discord or Google: their adapters fill its
ports (the players' spreadsheets, the match's channels)."""

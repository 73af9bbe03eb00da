"""The match domain, the AWA Festival main match: its folder and store, lock, roster,
configuration, allocation, the round pipeline, replay, standings, announcements in Markdown
(with the public pictures as values, worked out once per version), the check of a store, its
commands and refusals as values, and the match service, their one door. It speaks no Discord
or Google: their adapters fill its ports (the players' spreadsheets, the match's channels)."""

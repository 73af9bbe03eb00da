"""The match domain, the AWA Festival main match: its folder and store, lock, roster,
configuration, allocation, the round pipeline, replay, standings, announcements in Markdown
(with the public pictures as values), the check of a store, and the match service. It speaks
no Discord or Google."""

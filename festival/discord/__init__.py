"""Discord, an adapter over the match and duel domains: Markdown cut into messages
(`messages.py`, `tables.py`), the channel webhooks file, the sender, posting exactly once with
its log in the match's or duel's store, a round's and a duel turn's posts, the match's
channels as the match service's port (`match_posting.py`), the duel's posting operation
(`duel_posting.py`), and the seam that aims discord.py at a stand-in (`endpoint.py`). The bot,
a front end, is festival/bot/."""

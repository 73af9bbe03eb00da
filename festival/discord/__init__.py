"""Discord, an adapter over the match, duel and season domains: Markdown cut into messages
(`messages.py`, `tables.py`), the channel webhooks file (`webhooks.py`), the sender
(`sender.py`), posting exactly once with its log in the match's or duel's store (`posting.py`,
`post_log.py`), a round's and a duel turn's posts (`match_posts.py`, `duel_posts.py`), the
match's channels as the match service's port (`match_posting.py`: a round's posts, the
spreadsheet verdicts' changes of `sheet_posting.py`, the schedule's notes of
`schedule_posting.py`), the deadlines kept through the match service (`schedule_runner.py`,
for `festival run` and the bot), the duel's posting operation (`duel_posting.py`), a
season's game room as the season service's port (`season_posting.py`, its post log in the
season's store),
the season's channels kept and read for its post and its Death Matches (`season_channels.py`),
and the seam that aims discord.py at a stand-in (`endpoint.py`). The bot, a front end, is
festival/bot/."""

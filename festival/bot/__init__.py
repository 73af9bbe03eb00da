"""The Discord bot, a front end of its own: a discord.py client with slash commands only
(`bot.py`, run until Ctrl-C or SIGTERM by `stopping.py`). For duels: slash commands to the duel
service (`duel_commands.py`, `practice_commands.py` for `/practice` against the search bot,
`who.py`, `duel_replies.py`). For a match's players: `/submit` and `/submission`, hand-ins
in their own channel (`hand_ins.py`, `download.py`, `match_hand_ins.py`), `/host seat`, the
players' Google spreadsheets watched (`sheet_watch.py`), `/host extend`, `pause`, `resume`,
`resolve-now` (`host_deadlines.py`), `/status`, the round's deadline and who is ready, each
audience its own part, or the duel's status in a duel's channel (`match_status.py`), and a
busy match tried again for a while (`patience.py`). One timekeeper (`keep_time.py`) keeps,
on one timeline on the bot's clock, the match's deadlines and every hosted duel's clock (its
warnings and loss on time: `duel_clocks.py`). It translates each into a service command; it
uses the Discord adapter (festival/discord/) and the services, and nothing below imports it."""

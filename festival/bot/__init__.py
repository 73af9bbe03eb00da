"""The Discord bot, a front end of its own: a discord.py client with slash commands only
(`bot.py`), hosting duels through the duel service (`duel_commands.py`, `practice_commands.py`,
`who.py`, `duel_replies.py`, `clock_watch.py`). It uses the Discord adapter
(festival/discord/: messages, the endpoint seam) and the services; nothing below imports it."""

"""One local stand-in for Discord, for tests that run the real discord.py client: the shared
HTTP base (`api.py`: serving, Discord's JSON answers and errors, 429s, multipart bodies), the
webhook routes festival posts through (`webhooks.py`), a bot's HTTP API (`interactions.py`) and
its gateway (`gateway.py`), and the duel bot run against them (`run.py`)."""

"""Google Sheets, an adapter over the match and duel domains: the spreadsheets as a
submission source and a result sink (`match_sheets.py`, `duel_sheets.py`), and the operations
the command line calls (`match_google.py`, `duel_google.py`)."""

"""The host dashboard (Streamlit): in public mode what the players may see, in host mode
everything (`access.py`); the match's pages from the match service's read models
(`match_data.py`), the round desk, the Duels page and its desks, and the balance lab's report.
It renders the events' views; it computes no rules."""

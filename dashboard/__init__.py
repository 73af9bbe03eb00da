"""The host dashboard (Streamlit). It renders the events' views; it computes no rules."""

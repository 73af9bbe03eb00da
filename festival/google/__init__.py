"""Google Sheets as a submission source and a result sink, for the match and for duels."""

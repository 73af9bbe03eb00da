"""The balance lab: many seeded festivals (or games of one event) played in memory by the
named bot strategies, their results as tables, and the reports designers read from them."""

"""The balance lab: many seeded festivals (or games of one event) played in memory by the
named bot strategies, their results as tables, and the reports designers read from them;
`service.py` is its one door (a study in, results and tables out, refusals as values)."""

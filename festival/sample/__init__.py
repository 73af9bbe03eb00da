"""The sample festival: played by the bots into real workbooks, and `festival demo`."""

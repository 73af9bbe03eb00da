"""`python -m festival.cli`: the `festival` command (a Ctrl-C met from here on)."""

import sys

from festival.cli import entry

entry.arm()
sys.exit(entry.run())

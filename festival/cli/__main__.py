"""`python -m festival.cli`: the `festival` command."""

import sys

from festival.cli.main import main

sys.exit(main())

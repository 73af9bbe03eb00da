"""How long a test waits at most for a condition before it fails.

A test waits for the condition it needs (a server answering, a bot ready, a worker joined, a
process ended), never for an amount of time; this bound only ends a wait that would
otherwise never end. It is generous, so the suite passes on a machine whose every core is
busy (issue #36, item 14): a test that passes takes no longer for it.
"""

from __future__ import annotations

PATIENCE = 600.0
"""seconds: the most a test waits for a condition before it fails"""

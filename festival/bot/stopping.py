"""Stopping the bot: Ctrl-C (SIGINT), or SIGTERM (systemd, `docker stop`), stops it within a
bounded time, whatever it is doing, with one line and no traceback.

Why not `asyncio.run`: it stops a program on Ctrl-C by cancelling its main task once, and
Python 3.11's `asyncio.wait_for` loses that one cancellation when what it waits for ends at the
same moment (discord.py waits so for its gateway while it connects), which left the bot running
until a second Ctrl-C; and at its end `asyncio.run` waits, without a bound, for every call
`asyncio.to_thread` started (a practice bot's search, a service call). Here a signal sets an
event the bot waits for (`stop`), every wait of the shutdown is bounded, and the calls in
threads run in daemon threads that a stopping process waits for `grace` seconds at most.

A store is never left half-written: each service call writes in one SQLite transaction, all or
nothing (festival/core/sqlite_file.py). A call that ends within the grace has finished its
transaction; one still running when the process exits is abandoned with its transaction
uncommitted, which SQLite rolls back (when the store is next opened): the command is then not
recorded, as if it had not been given, and the player sees no answer.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

GRACE = 5.0
"""seconds: how long a stopping bot lets what it is doing finish, at each of its steps"""
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
log = logging.getLogger(__name__)


class DaemonThreads(ThreadPoolExecutor):
    """The event loop's executor (`asyncio.to_thread`): each call in a daemon thread of its own,
    so a process that is stopping waits for a call mid-way only as long as it chooses
    (`shutdown`), never until the call ends. (A ThreadPoolExecutor only in name, as asyncio asks:
    its pool's threads are joined when Python exits.)"""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self._running: set[threading.Thread] = set()
        self._guard = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()

        def call() -> None:
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        result = fn(*args, **kwargs)
                    except BaseException as exc:  # handed to the awaiting coroutine
                        future.set_exception(exc)
                    else:
                        future.set_result(result)
            finally:
                with self._guard:
                    self._running.discard(threading.current_thread())

        thread = threading.Thread(target=call, name="festival-bot-call", daemon=True)
        with self._guard:
            self._running.add(thread)
        thread.start()
        return future

    def running(self) -> int:
        with self._guard:
            return len(self._running)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Wait (with `wait`) for the calls running, `GRACE` seconds at most in all."""
        self.join(GRACE if wait else 0.0)

    def join(self, bound: float) -> None:
        end = time.monotonic() + bound
        with self._guard:
            threads = list(self._running)
        for thread in threads:
            thread.join(max(0.0, end - time.monotonic()))


Main = Callable[[asyncio.Event], Coroutine[Any, Any, None]]


def run_until_stopped(main: Main, grace: float = GRACE) -> str | None:
    """Run `main(stop)` in an event loop of its own until it returns. SIGINT and SIGTERM set
    `stop`; `main` then stops what it runs (each of its waits bounded by `grace`), and is
    cancelled if it has not ended `2 * grace` seconds later. Returns the name of the signal that
    stopped it (what `main` raised while stopping is logged, not raised), or None when `main`
    ended of itself (what it raised is raised)."""
    loop = asyncio.new_event_loop()
    threads = DaemonThreads()
    loop.set_default_executor(threads)
    stop = asyncio.Event()
    caught: list[str] = []

    def stopped_by(sig: signal.Signals) -> None:
        caught.append(sig.name)
        stop.set()

    before = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stopped_by, sig)
    try:
        task = loop.create_task(main(stop))
        loop.run_until_complete(_supervise(task, stop, 2 * grace))
        if not caught:
            task.result()
        elif task.done() and not task.cancelled() and task.exception() is not None:
            log.info("the bot stopped with: %r", task.exception())
    finally:
        try:
            _end(loop, threads, grace)
        finally:
            for sig, handler in before.items():
                loop.remove_signal_handler(sig)
                signal.signal(sig, handler)
            loop.close()
    return caught[0] if caught else None


async def _supervise(task: asyncio.Task[None], stop: asyncio.Event, bound: float) -> None:
    """Until `task` ends; once `stop` is set, `bound` seconds at most, then `bound` more after
    cancelling it."""
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    for _ in range(2):
        if task.done():
            return
        await asyncio.wait({task}, timeout=bound)
        task.cancel()


def _end(loop: asyncio.AbstractEventLoop, threads: DaemonThreads, grace: float) -> None:
    """What is left: tasks cancelled, async generators closed, the calls in threads waited
    for, each `grace` seconds at most; what has not ended then is abandoned."""
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.wait(pending, timeout=grace))
    closing = loop.create_task(loop.shutdown_asyncgens())
    loop.run_until_complete(asyncio.wait({closing}, timeout=grace))
    if not closing.done():
        closing.cancel()
    threads.join(grace)
    if threads.running():
        log.info("%d call(s) of the bot still running abandoned", threads.running())

"""Recording unmet searches, off the request path, and reading them back as insights.

``unmet_search`` builds the record of an empty search from its report, and is the only place
that reads a report for it. ``BufferedUnmetSearches`` takes at most one record per empty
search into a bounded in-memory queue and returns at once; a daemon thread writes each record
(one store write) behind the answer. A search with results costs nothing. If the store
fails, or the queue is full, the record is dropped and logged (insights are analytics, never
worth slowing or failing a search). On Lambda a record still queued when the function
freezes is written when it thaws; one still queued when its environment is retired is lost.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from datetime import datetime

from cardamom.core.insights import MAX_ITEMS, Insights, UnmetSearch, recordable_words, summarize
from cardamom.core.search.argument_values import argument_values
from cardamom.core.search.tokens import tokenize
from cardamom.errors import StoreError
from cardamom.ports import UnmetSearchLog
from cardamom.service.authorization import Caller
from cardamom.service.clock import utc_now
from cardamom.service.search import SearchReport

log = logging.getLogger(__name__)

INSIGHT_RECORDS_READ = 100_000  # an insights request reads at most this many records


def unmet_search(report: SearchReport, caller: Caller, *, at: str, record_id: str) -> UnmetSearch | None:
    """The record of an empty search (None when it found something): why, the apps it named,
    the words no usable tool covers and the restricted tools it matched; never the query,
    never an argument value."""
    reason = report.reason
    if reason is None:
        return None
    # The ranker's values, and every word the value detector would call one anywhere in the
    # query (names in a sentence included): no argument value is ever stored.
    values = (*reason.values, *argument_values(report.query))
    return UnmetSearch(
        org=caller.org,
        id=record_id,
        at=at,
        member=caller.member_id,
        role=caller.role,
        reason=reason.kind,
        apps=reason.apps[:MAX_ITEMS],
        # The words of a named app are counted as the app, not again as words.
        words=recordable_words(reason.uncovered, (*values, *(w for app in reason.apps for w in tokenize(app)))),
        restricted_tools=tuple(hit.name for hit in report.restricted[:MAX_ITEMS]),
    )


class BufferedUnmetSearches:
    """A bounded queue of records and the daemon thread that writes them."""

    def __init__(self, store: UnmetSearchLog, *, capacity: int = 1000) -> None:
        self._store = store
        self._queue: queue.Queue[UnmetSearch] = queue.Queue(maxsize=capacity)
        self._writer: threading.Thread | None = None
        self._lock = threading.Lock()
        self.dropped = 0

    @property
    def store(self) -> UnmetSearchLog:
        return self._store

    def record(self, record: UnmetSearch) -> None:
        try:
            self._queue.put_nowait(record)
        except queue.Full:
            self.dropped += 1
            log.warning("unmet search dropped: the write queue is full", extra={"org": record.org})
            return
        if self._writer is None:
            with self._lock:  # started on first use: a process that never sees an empty search never starts it
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write, name="cardamom-unmet-searches", daemon=True)
                    self._writer.start()

    def _write(self) -> None:
        while True:
            record = self._queue.get()
            try:
                self._store.add(record)
            except StoreError as exc:
                log.warning("unmet search not recorded", extra={"org": record.org, "error": str(exc)})
            except Exception:  # never let the writer die: later records still deserve their write
                log.exception("unmet search not recorded", extra={"org": record.org})
            finally:
                self._queue.task_done()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued record is written (tests, the CLI); False if time ran out."""
        deadline = time.monotonic() + timeout
        done = self._queue.all_tasks_done
        with done:
            while self._queue.unfinished_tasks:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not done.wait(remaining):
                    return False
        return True


class UnmetSearches:
    """What search tells of every empty search (``SearchService``), and what insights read."""

    def __init__(
        self,
        buffer: BufferedUnmetSearches,
        *,
        new_id: Callable[[], str],
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.buffer = buffer
        self._new_id = new_id
        self._clock = clock

    def observe(self, caller: Caller, report: SearchReport) -> None:
        """Queue the record of an empty search; never raises, never waits."""
        if not report.empty:
            return
        try:
            record = unmet_search(report, caller, at=self._clock().isoformat(), record_id=self._new_id())
        except Exception:  # a bug here must never cost the member their answer
            log.exception("unmet search not recorded", extra={"org": caller.org})
            return
        if record is not None:
            self.buffer.record(record)

    def insights(self, org: str, *, since: str | None = None, top: int = 10) -> Insights:
        records = self.buffer.store.query(org, since=since, limit=INSIGHT_RECORDS_READ)
        return summarize(org, records, since=since, top=top, truncated=len(records) >= INSIGHT_RECORDS_READ)

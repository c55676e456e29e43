"""A progress bar for long calculations, drawn on a terminal only (or when forced).

The heavy calls (:func:`showdown.odds.equity.equity`, :func:`showdown.odds.matrix.matrix`) take
``progress=True`` or a callback; :func:`progress_of` turns that into a bar and a callback,
and :func:`drawing` closes the bar however the work ends.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from time import perf_counter
from typing import Any


class ProgressBar:
    r"""A progress bar on stderr, drawn only for work that looks longer than about a second.

    Call it with the fraction done; :meth:`close` ends the line if anything was drawn.
    Unless forced it is drawn only on a terminal, never into a log file or a pipe.
    ``force=True`` draws from the start (and at least once, on :meth:`close`). With
    ``lang`` (``en``, ``es``, ``ru``) the bar is labelled in that language (the
    ``progress`` phrase of the phrasebook ``section``: ``equity``, ``matrix``) and the
    percentage takes its decimal sign.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, force=True)
    >>> bar(0.5)
    >>> bar.close()
    >>> out.getvalue().split("\r")[-1]
    '[##############################] 100.0%\n'
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, force=True, lang="ru")
    >>> bar(0.25)
    >>> out.getvalue()
    '\rРасчёт эквити [#######.......................]  25,0%'
    """

    def __init__(
        self,
        stream: Any = None,
        delay: float = 1.0,
        force: bool = False,
        lang: str | None = None,
        section: str = "equity",
    ) -> None:
        from showdown.i18n import phrasebook

        self.book = phrasebook("en" if lang is None else lang)
        self.lang = self.book.code
        # the label is the ``progress`` phrase of the phrasebook section of the command
        self.label = "" if lang is None else self.book.section(section)["progress"] + " "
        self.stream = stream if stream is not None else sys.stderr
        self.start = perf_counter()
        #: Showdowns done so far, when the caller counts them: the bar then shows the rate.
        self.units_done: float | None = None
        self.delay = delay
        self.force = force
        self.drawn = False
        # Unforced, the bar is for people: never drawn into a log or a pipe.
        try:
            self.terminal = bool(self.stream.isatty())
        except (AttributeError, ValueError, OSError):
            self.terminal = False
        self.last = 0.0
        self.fraction = 0.0

    def __call__(self, fraction: float) -> None:
        self.fraction = fraction
        now = perf_counter()
        elapsed = now - self.start
        # Unless forced, draw only when the whole job looks longer than ``delay`` seconds.
        early = elapsed < 0.2 * self.delay or (fraction > 0 and elapsed / fraction < self.delay)
        if not self.drawn and not self.force and (early or not self.terminal):
            return
        if self.drawn and now - self.last < 0.1 and fraction < 1.0:
            return
        self._draw(fraction)
        self.last = now

    def _draw(self, fraction: float) -> None:
        self.drawn = True
        filled = int(30 * min(max(fraction, 0.0), 1.0))
        percent = f"{self.book.percent(fraction, 1):>6}"
        rate = ""
        elapsed = perf_counter() - self.start
        if self.units_done and elapsed > 0:
            per_second = self.units_done / elapsed
            rate = self.book.decimal(per_second / 1e6, 1)
            rate = f"  {rate} M {self.book.section('equity')['rate']}"
        self.stream.write(f"\r{self.label}[{'#' * filled}{'.' * (30 - filled)}] {percent}{rate}")
        self.stream.flush()

    def abort(self) -> None:
        """End the line (if anything was drawn) without claiming the work was finished."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
        self.drawn = self.force = False

    def close(self) -> None:
        """Finish the bar (at 100%) and end its line, if it was drawn or forced."""
        if self.drawn or self.force:
            if not self.drawn or self.fraction < 1.0:
                self._draw(1.0)
            self.stream.write("\n")
            self.stream.flush()


@contextmanager
def drawing(bar: ProgressBar | None) -> Iterator[None]:
    """Close ``bar`` when the work ends; on an error or Ctrl-C end its line without
    drawing it full."""
    try:
        yield
    except BaseException:
        if bar is not None:
            bar.abort()
        raise
    if bar is not None:
        bar.close()


def check_progress(progress: object) -> None:
    """A :class:`TypeError` unless ``progress=`` is ``True``, ``False`` or a callable."""
    if progress is not True and progress is not False and not callable(progress):
        from showdown.validate import short_repr

        raise TypeError(f"progress must be True, False or a callable, not {short_repr(progress)}")


def progress_of(
    progress: bool | Callable[[float], None],
) -> tuple[ProgressBar | None, Callable[[float], None] | None]:
    """The ``progress=`` argument of the heavy calls as (a bar made here, the callback)."""
    if progress is True:
        bar = ProgressBar()
        return bar, bar
    return None, progress if callable(progress) else None

"""The path a corpus takes: files, then hands, then one row per hand.

Each step is a module, in the order a hand goes through them:

1. :mod:`~showdown.phh.corpus.files`: the files of the paths given (a folder's files
   that hold no hand history named with their reason) and the units of work they are
   cut into;
2. :mod:`~showdown.phh.corpus.decoding`: a file's bytes as text (gzip, UTF-8,
   Windows-1252, UTF-16, byte-order marks in the middle, a bad byte);
3. :mod:`~showdown.phh.corpus.detect`: which format a text is in, from its content;
4. :mod:`~showdown.phh.corpus.read`: a room's text cut into hands once, each hand read
   by its own room's reader (:mod:`showdown.phh.rooms`) or by the kernel;
5. :mod:`~showdown.phh.corpus.chunks`: chunks of hands replayed, settled and verified;
6. :mod:`~showdown.phh.corpus.batches`: a batch of hands settled at once, in C where
   the kernel can;
7. :mod:`~showdown.phh.corpus.reports`: a hand's report and the row it travels as;
8. :mod:`~showdown.phh.corpus.pool`: all of it in this process, in a local process
   pool or on any :class:`concurrent.futures.Executor` (Dask's), in order;
9. :mod:`~showdown.phh.corpus.player_results`: each player's results over the rows.

>>> import tempfile, pathlib
>>> from showdown.phh.corpus.pool import replay_paths
>>> from showdown.phh.corpus.read import read_file
>>> hand = ("PokerStars Hand #{}: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET\\n"
...         "Table 'Doc' 2-max Seat #1 is the button\\n"
...         "Seat 1: Ann ($2 in chips)\\nSeat 2: Bob ($2 in chips)\\n"
...         "Ann: posts small blind $0.01\\nBob: posts big blind $0.02\\n*** HOLE CARDS ***\\n"
...         "Ann: folds\\nUncalled bet ($0.01) returned to Bob\\nBob collected $0.02 from pot\\n"
...         "*** SUMMARY ***\\nTotal pot $0.02 | Rake $0\\n\\n\\n")
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "session.txt").write_text(hand.format(1) + hand.format(2))
>>> room, hands = read_file(folder / "session.txt")
>>> room, len(hands)
('pokerstars', 2)
>>> [(r.hand, r.cls, r.finishing_stacks) for r in replay_paths([folder])]
[('1', 'match', [2.01, 1.99]), ('2', 'match', [2.01, 1.99])]
"""

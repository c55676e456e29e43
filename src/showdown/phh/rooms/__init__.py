"""Hand histories as poker rooms write them: each room's reader, a hand's text to PHH.

Each room has its module and reads one hand's text into a
:class:`~showdown.phh.notation.HandHistory`: :mod:`~showdown.phh.rooms.stars`
(PokerStars and the rooms that write like it: :mod:`~showdown.phh.rooms.ggpoker`,
Full Tilt, :mod:`~showdown.phh.rooms.wpn`), :mod:`~showdown.phh.rooms.winamax`,
:mod:`~showdown.phh.rooms.pacific` (888), :mod:`~showdown.phh.rooms.party`,
:mod:`~showdown.phh.rooms.ipoker`, :mod:`~showdown.phh.rooms.bovada` (Ignition, Bodog).
What they share: :mod:`~showdown.phh.rooms.builder` turns what they read into PHH
(with :mod:`~showdown.phh.rooms.forced_bets`, :mod:`~showdown.phh.rooms.draw_order`,
:mod:`~showdown.phh.rooms.fields` and :mod:`~showdown.phh.rooms.variant_kinds`),
:mod:`~showdown.phh.rooms.money` reads the amounts, :mod:`~showdown.phh.rooms.games`
the games, :mod:`~showdown.phh.rooms.brackets` and :mod:`~showdown.phh.rooms.rounds`
the lines several rooms write alike; :mod:`~showdown.phh.rooms.fast` reads the rooms
the native kernel knows. A file's text is cut into hands and each given to its room's
reader by :mod:`showdown.phh.corpus.read` (:func:`~showdown.phh.corpus.read.read_file`).
"""

"""Hand histories as poker rooms write them, read into the PHH model.

:func:`~showdown.phh.rooms.read.read_text` turns the text of a room's file
(PokerStars, GGPoker, Winamax, 888, iPoker, PartyPoker, Full Tilt, WPN, Bovada;
one hand or a whole session) into :class:`~showdown.phh.notation.HandHistory`
objects, the room found from the content (:mod:`~showdown.phh.rooms.detect`).
Each room has its module: :mod:`~showdown.phh.rooms.stars` (PokerStars and the
rooms that write like it: GGPoker, Full Tilt, WPN), :mod:`~showdown.phh.rooms.winamax`,
:mod:`~showdown.phh.rooms.pacific` (888), :mod:`~showdown.phh.rooms.party`,
:mod:`~showdown.phh.rooms.ipoker`, :mod:`~showdown.phh.rooms.bovada` (Ignition, Bodog);
:mod:`~showdown.phh.rooms.builder` turns what
they read into PHH, :mod:`~showdown.phh.rooms.money` reads the amounts.
"""

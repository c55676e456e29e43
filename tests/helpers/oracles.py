"""The figures of SPEC section 2 (from the source documents), shared by the tests.

Written out by hand from the specification, never computed by the code under test.
"""

from __future__ import annotations

from showdown import Category

C = Category

#: Five cards: category -> (hands, distinct strengths).
SPEC_FIVE_CARD: dict[Category, tuple[int, int]] = {
    C.STRAIGHT_FLUSH: (40, 10),
    C.FOUR_OF_A_KIND: (624, 156),
    C.FULL_HOUSE: (3_744, 156),
    C.FLUSH: (5_108, 1_277),
    C.STRAIGHT: (10_200, 10),
    C.THREE_OF_A_KIND: (54_912, 858),
    C.TWO_PAIR: (123_552, 858),
    C.PAIR: (1_098_240, 2_860),
    C.HIGH_CARD: (1_302_540, 1_277),
}

#: R10: 13 straight ranks of 1,020 straights and 4 straight flushes each; the
#: three new run patterns leave high card and flush.
SPEC_FIVE_CARD_WRAP: dict[Category, tuple[int, int]] = {
    **SPEC_FIVE_CARD,
    C.STRAIGHT_FLUSH: (52, 13),
    C.STRAIGHT: (13_260, 13),
    C.FLUSH: (5_108 - 12, 1_274),
    C.HIGH_CARD: (1_302_540 - 3 * 1_020, 1_274),
}

#: Seven cards (best five of seven): category -> hands.
SPEC_SEVEN_HANDS: dict[Category, int] = {
    C.STRAIGHT_FLUSH: 41_584,
    C.FOUR_OF_A_KIND: 224_848,
    C.FULL_HOUSE: 3_473_184,
    C.FLUSH: 4_047_644,
    C.STRAIGHT: 6_180_020,
    C.THREE_OF_A_KIND: 6_461_620,
    C.TWO_PAIR: 31_433_400,
    C.PAIR: 58_627_800,
    C.HIGH_CARD: 23_294_460,
}

/*
 * Board walks shared by the exact equity (holdem_exact.c) and the all-in runouts
 * (runout_shares.c): each card's parts of a board's keys, and the heads-up count over
 * a board's last card. Included after kernel.h; everything here is static inline so
 * that each walk keeps its loop in registers.
 */
#ifndef SHOWDOWN_BOARDS_H
#define SHOWDOWN_BOARDS_H

/* For each card of ``deck`` (ascending ids): ``mk[j]`` its part of the colex id of a
 * sorted rank multiset when it is the board's (j + 1)-th card, ``sk`` its suit key and
 * ``lane`` its bit in the four 16-bit suit lanes. */
static inline void sd_board_keys(const Tables *t, const unsigned *deck, int m,
                                 int32_t mk[5][NCARDS], uint32_t *sk, uint64_t *lane)
{
    for (int i = 0; i < m; i++) {
        unsigned r = deck[i] >> 2;
        for (int j = 0; j < 5; j++) {
            mk[j][i] = (int32_t)binom((int)r + j, j + 1);
        }
        sk[i] = t->keys[deck[i]] & 255;
        lane[i] = (uint64_t)1 << (16 * (deck[i] & 3) + r);
    }
}

/* Heads-up showdowns over the last card of a board: ``e`` runs over deck[from..m), the
 * four cards before it summed in m4 (multiset id), s4 (suit key) and l4 (lanes). Adds
 * the boards each hand wins to *w0 and *w1 (ties are the rest). */
static inline void sd_headsup_last(const Tables *t, const Hole *holes, int from, int m,
                                   const int32_t *mk, const uint32_t *sk, const uint64_t *lane,
                                   int32_t m4, uint32_t s4, uint64_t l4, int64_t *w0, int64_t *w1)
{
    const int8_t *f0 = t->flush_suit[7] + s4 + (holes[0].key & 255);
    const int8_t *f1 = t->flush_suit[7] + s4 + (holes[1].key & 255);
    const uint16_t *p0 = holes[0].pair + m4, *p1 = holes[1].pair + m4;
    const uint64_t b0 = l4 | holes[0].lanes, b1 = l4 | holes[1].lanes;
    int64_t a = 0, b = 0;
    for (int e = from; e < m; e++) {
        int s0 = f0[sk[e]], s1 = f1[sk[e]];
        unsigned r0 = p0[mk[e]], r1 = p1[mk[e]];
        if (s0 >= 0) {
            r0 = t->flush[((b0 | lane[e]) >> (16 * s0)) & 8191];
        }
        if (s1 >= 0) {
            r1 = t->flush[((b1 | lane[e]) >> (16 * s1)) & 8191];
        }
        a += r0 < r1;
        b += r1 < r0;
    }
    *w0 += a;
    *w1 += b;
}

#endif

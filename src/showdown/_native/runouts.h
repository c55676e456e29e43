/*
 * What the all-in runout walks share (runout_shares.c for Hold'em and the entry point,
 * omaha_runouts.c for Omaha): the pots and their tallies, one board's settlement, the
 * weights of a rank multiset, an Omaha hand's ranks per board triple.
 */
#ifndef SHOWDOWN_RUNOUTS_H
#define SHOWDOWN_RUNOUTS_H

#include "kernel.h"

/* Divisible by every split of a pot and of its halves among one to ten winners. */
#define RUNOUT_SPLITS 5040
#define MAX_POTS MAX_PLAYERS

/* The pots and what is added to them. */
typedef struct {
    int players, pots;
    int size[MAX_POTS];
    int who[MAX_POTS][MAX_PLAYERS];
    int64_t whole[MAX_PLAYERS + 1]; /* RUNOUT_SPLITS / k */
    int64_t half[MAX_PLAYERS + 1];  /* RUNOUT_SPLITS / 2 / k */
    int hilo;
    uint16_t no_low;                /* the low ladder's no-hand value: no low qualifies */
    int64_t *parts;                 /* players x pots */
    int64_t *counted;               /* pots x 2**players: boards won by each set (high) */
    /* Side pots nest (each pot's contenders hold the next one's): with the players put
     * in order, the deepest pot's first, every pot's contenders are a prefix of it, and a
     * board's whole outcome is one code: per player after the first, 2 if better than
     * every one before, 1 if tied with the best of them, else 0 (base 3). */
    int nested, ordered;            /* ordered: the players of the widest pot */
    int order[MAX_PLAYERS], prefix[MAX_POTS];
    int64_t *coded;                 /* 3**(ordered - 1) counts */
} Pots;

/* One board's high ranks ``r`` (1 the best), ``weight`` times (boards alike, or taken
 * away: see holdem_merged): per pot, the set of its best contenders counted (the pot's
 * share given out once per set, at the end: see add_counted). */
static inline void settle_high(Pots *s, const uint16_t *r, int64_t weight)
{
    for (int k = 0; k < s->pots; k++) {
        const int *who = s->who[k];
        const int n = s->size[k];
        uint16_t best = r[who[0]];
        for (int j = 1; j < n; j++) {
            best = r[who[j]] < best ? r[who[j]] : best;
        }
        unsigned winners = 0;
        for (int j = 0; j < n; j++) {
            winners |= (unsigned)(r[who[j]] == best) << who[j];
        }
        s->counted[(size_t)k << s->players | winners] += weight;
    }
}

/* One board's high ranks when the pots nest: its code counted ``weight`` times. */
static inline void settle_nested(Pots *s, const uint16_t *r, int64_t weight)
{
    uint16_t best = r[s->order[0]];
    unsigned code = 0;
    for (int j = 1; j < s->ordered; j++) {
        uint16_t v = r[s->order[j]];
        code = 3 * code + 2 * (v < best) + (v == best);
        best = v < best ? v : best;
    }
    s->coded[code] += weight;
}

/* Hi-lo: half to the best high and half to the best qualifying low of each pot's
 * contenders, the whole to the high when no low qualifies; ``weight`` boards alike. */
static inline void settle_hilo(Pots *s, const uint16_t *high, const uint16_t *low,
                               int64_t weight)
{
    for (int k = 0; k < s->pots; k++) {
        const int *who = s->who[k];
        int n = s->size[k];
        uint16_t best = 0xffff, best_low = 0xffff;
        int ways = 0, low_ways = 0;
        for (int j = 0; j < n; j++) {
            uint16_t v = high[who[j]], w = low[who[j]];
            ways = v < best ? 1 : ways + (v == best);
            best = v < best ? v : best;
            low_ways = w < best_low ? 1 : low_ways + (w == best_low);
            best_low = w < best_low ? w : best_low;
        }
        int split = best_low < s->no_low;
        int64_t add = split ? s->half[ways] : s->whole[ways];
        int64_t add_low = s->half[low_ways];
        for (int j = 0; j < n; j++) {
            int64_t *part = &s->parts[who[j] * s->pots + k];
            if (high[who[j]] == best) {
                *part += add * weight;
            }
            if (split && low[who[j]] == best_low) {
                *part += add_low * weight;
            }
        }
    }
}

/* C(n, k) for the few small n and k of a rank's live cards (n <= 4). */
static inline int64_t small_choose(int n, int k)
{
    static const int64_t table[5][6] = {
        {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
        {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}};
    return k < 0 || k > 5 ? 0 : table[n][k];
}

/* How many boards have the sorted ranks ``rk``: per rank, C(its live cards, its times). */
static inline int64_t multiset_boards(const int rk[5], const int live[13])
{
    int64_t weight = 1;
    int run = 1;
    for (int j = 1; j <= 5; j++) {
        if (j < 5 && rk[j] == rk[j - 1]) {
            run++;
        } else {
            weight *= small_choose(live[rk[j - 1]], run);
            run = 1;
        }
    }
    return weight;
}

/* The deck's ``m`` cards per rank (``live``) and, per suit, whether each rank is there
 * (``suited_live``); both are filled from zero. */
static inline void count_live(const unsigned *deck, int m, int live[13], int suited_live[4][13])
{
    memset(live, 0, 13 * sizeof(int));
    memset(suited_live, 0, 4 * 13 * sizeof(int));
    for (int i = 0; i < m; i++) {
        live[deck[i] >> 2]++;
        suited_live[deck[i] & 3][deck[i] >> 2] = 1;
    }
}

/* The next multiset of five ranks (sorted ``rk``, from {0, 0, 0, 0, 0}) after ``rk`` in
 * place, or 0 after the last ({12, 12, 12, 12, 12}): all 6,188 in turn. */
static inline int next_rank_multiset(int rk[5])
{
    int j = 4;
    while (j >= 0 && rk[j] == 12) {
        j--;
    }
    if (j < 0) {
        return 0;
    }
    const int rank = rk[j] + 1;
    for (; j < 5; j++) {
        rk[j] = rank;
    }
    return 1;
}

/* The live ranks of one suit (``suited_live``) listed into ``suited`` (their count
 * returned), and per rank the live cards of the other suits into ``others``. */
static inline int split_by_suit(const int *suited_live, const int *live, int *suited,
                                int *others)
{
    int ns = 0;
    for (int rank = 0; rank < 13; rank++) {
        if (suited_live[rank]) {
            suited[ns++] = rank;
        }
        others[rank] = live[rank] - suited_live[rank];
    }
    return ns;
}

/* The board walks' flush part: how many ways the ``rest`` (0 to 2) board cards not of
 * the flush suit have ranks x (and y, x <= y), ``others`` live cards per rank. Walk x
 * over 0..12 (0 alone when rest is 0) and y from x (12 alone when rest is below 2). */
static inline int64_t rest_boards(int rest, const int *others, int x, int y)
{
    return rest == 0   ? 1
           : rest == 1 ? others[x]
           : x == y    ? small_choose(others[x], 2)
                       : (int64_t)others[x] * others[y];
}

/* Omaha: a hand's best non-flush high (and low) with each board triple, by the triple's
 * rank multiset (0..454), over its hole pairs; its pairs' suits (4: two suits) and rank
 * bits for the flushes. */
#define TRIPLES 455
#define PAIRS 91
typedef struct {
    int n;
    unsigned suit[15], bits[15];
    uint16_t high[TRIPLES], low[TRIPLES];
} OmahaHole;

/* omaha_runouts.c: the Omaha walks (see runout_shares.c's list of the board loops). */
void sd_omaha_hole(const uint16_t *pair, const uint32_t *ranks, const unsigned *c, int h,
                   OmahaHole *out);
void sd_omaha_boards(const Tables *t, const uint16_t *triple, const unsigned *known, int nk,
                     const unsigned *deck, int m, const OmahaHole *holes, Pots *s);
void sd_omaha_merged(const Tables *t, const uint16_t *triple, const unsigned *deck, int m,
                     const OmahaHole *holes, Pots *s);
void sd_omaha_merged_known(const Tables *t, const uint16_t *triple, const unsigned *known,
                           int nk, const unsigned *deck, int m, const OmahaHole *holes,
                           Pots *s);
int sd_omaha_tables(PyObject *obj, Py_buffer *views, int *held, const uint16_t **pair,
                    const uint32_t **ranks, uint16_t *triple);

#endif

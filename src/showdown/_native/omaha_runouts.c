/*
 * Omaha's all-in runouts, high or hi-lo (the walks of runout_shares.c's list): each
 * player's hole pairs ranked with every board triple from one read of the rank-multiset
 * table, over every board one by one (omaha_boards) or with the suits that can no longer
 * flush merged (omaha_merged, omaha_merged_known); the tables checked and read
 * (omaha_tables).
 */
#include "runouts.h"
#include "boards.h"

/* ``ranks``: high << 16 | low of a hole pair's and a board triple's ranks at
 * PAIRS * triple + pair; ``pair``: the pair of ranks' index (169 entries). */
void sd_omaha_hole(const uint16_t *pair, const uint32_t *ranks, const unsigned *c, int h,
                   OmahaHole *out)
{
    uint32_t index[15];
    out->n = 0;
    for (int x = 0; x < h; x++) {
        for (int y = x + 1; y < h; y++, out->n++) {
            index[out->n] = pair[13 * (c[x] >> 2) + (c[y] >> 2)];
            out->suit[out->n] = (c[x] & 3) == (c[y] & 3) ? (c[x] & 3) : 4;
            out->bits[out->n] = (1u << (c[x] >> 2)) | (1u << (c[y] >> 2));
        }
    }
    for (int t = 0; t < TRIPLES; t++) {
        const uint32_t *row = ranks + PAIRS * t;
        uint32_t hi = 0xffffffffu, lo = 0xffff;
        for (int i = 0; i < out->n; i++) {
            uint32_t v = row[index[i]];
            hi = v < hi ? v : hi;
            lo = (v & 0xffff) < lo ? (v & 0xffff) : lo;
        }
        out->high[t] = (uint16_t)(hi >> 16);
        out->low[t] = (uint16_t)lo;
    }
}

/* ``known`` board cards (0 to 4), the rest from ``deck``; per board its ten triples'
 * multisets (``triple``: by the three ranks, 2197 entries), then per hand ten reads. */
void sd_omaha_boards(const Tables *t, const uint16_t *triple, const unsigned *known, int nk,
                     const unsigned *deck, int m, const OmahaHole *holes, Pots *s)
{
    int k = 5 - nk, pick[5] = {0, 1, 2, 3, 4};
    unsigned b[5];
    for (int i = 0; i < nk; i++) {
        b[i] = known[i];
    }
    uint16_t high[MAX_PLAYERS], low[MAX_PLAYERS];
    do {
        for (int j = 0; j < k; j++) {
            b[nk + j] = deck[pick[j]];
        }
        unsigned tq[10], flush_bits[10];
        int nt = 0, nf = 0, per_suit[4] = {0, 0, 0, 0};
        for (int x = 0; x < 5; x++) {
            per_suit[b[x] & 3]++;
        }
        int fs = -1; /* the suit of three board cards or more (at most one) */
        for (int q = 0; q < 4; q++) {
            fs = per_suit[q] >= 3 ? q : fs;
        }
        for (int x = 0; x < 5; x++) {
            for (int y = x + 1; y < 5; y++) {
                for (int z = y + 1; z < 5; z++, nt++) {
                    tq[nt] = triple[169 * (b[x] >> 2) + 13 * (b[y] >> 2) + (b[z] >> 2)];
                    if ((int)(b[x] & 3) == fs && (int)(b[y] & 3) == fs && (int)(b[z] & 3) == fs) {
                        flush_bits[nf++] = (1u << (b[x] >> 2)) | (1u << (b[y] >> 2)) |
                                           (1u << (b[z] >> 2));
                    }
                }
            }
        }
        for (int p = 0; p < s->players; p++) {
            const OmahaHole *h = &holes[p];
            unsigned hi = h->high[tq[0]], lo = h->low[tq[0]];
            for (int q = 1; q < 10; q++) {
                unsigned v = h->high[tq[q]];
                hi = v < hi ? v : hi;
            }
            if (s->hilo) {
                for (int q = 1; q < 10; q++) {
                    unsigned v = h->low[tq[q]];
                    lo = v < lo ? v : lo;
                }
            }
            if (nf) { /* the fives of one suit: two hole and three board cards of fs */
                for (int i = 0; i < h->n; i++) {
                    if ((int)h->suit[i] == fs) {
                        for (int q = 0; q < nf; q++) {
                            unsigned f = t->flush[(h->bits[i] | flush_bits[q]) & 8191];
                            hi = f < hi ? f : hi;
                        }
                    }
                }
            }
            high[p] = (uint16_t)hi;
            low[p] = (uint16_t)lo;
        }
        if (s->hilo) {
            settle_hilo(s, high, low, 1);
        } else if (s->nested) {
            settle_nested(s, high, 1);
        } else {
            settle_high(s, high, 1);
        }
    } while (next_subset(pick, k, m));
}

/* One Omaha board's non-flush high (and low) ranks per hand, from its five ranks ``rk``:
 * each hand's best over the board's ten rank triples (omaha_boards without suits). */
static void omaha_plain(const uint16_t *triple, const int *rk, const OmahaHole *holes,
                        int players, int hilo, uint16_t *high, uint16_t *low)
{
    unsigned tq[10];
    int nt = 0;
    for (int x = 0; x < 5; x++) {
        for (int y = x + 1; y < 5; y++) {
            for (int z = y + 1; z < 5; z++) {
                tq[nt++] = triple[169 * rk[x] + 13 * rk[y] + rk[z]];
            }
        }
    }
    for (int p = 0; p < players; p++) {
        const OmahaHole *h = &holes[p];
        unsigned hi = h->high[tq[0]], lo = h->low[tq[0]];
        for (int q = 1; q < 10; q++) {
            unsigned v = h->high[tq[q]];
            hi = v < hi ? v : hi;
        }
        if (hilo) {
            for (int q = 1; q < 10; q++) {
                unsigned v = h->low[tq[q]];
                lo = v < lo ? v : lo;
            }
        }
        high[p] = (uint16_t)hi;
        low[p] = (uint16_t)lo;
    }
}

/* Settle one board's ranks, ``weight`` times, as the pots are laid out (hi-lo too). */
static inline void settle_any(Pots *s, const uint16_t *high, const uint16_t *low,
                              int64_t weight)
{
    if (s->hilo) {
        settle_hilo(s, high, low, weight);
    } else if (s->nested) {
        settle_nested(s, high, weight);
    } else {
        settle_high(s, high, weight);
    }
}

/* Whether a hand holds a pair of hole cards of suit ``q`` (OmahaHole.suit: 4 for two
 * suits), so that a flush in q can be. */
static int holds_suit(const OmahaHole *holes, int players, int q)
{
    int held = 0;
    for (int p = 0; p < players; p++) {
        for (int i = 0; i < holes[p].n; i++) {
            held |= (int)holes[p].suit[i] == q;
        }
    }
    return held;
}

/* Each player's best flush in suit ``q`` with one of the board's ``nf`` flush rank sets
 * ``flush_bits`` (two hole cards of q and three board cards), 0xffff for none. */
static void flush_highs(const Tables *t, const OmahaHole *holes, int players, int q,
                        const unsigned *flush_bits, int nf, unsigned *out)
{
    for (int p = 0; p < players; p++) {
        const OmahaHole *h = &holes[p];
        unsigned best = 0xffff;
        for (int i = 0; i < h->n; i++) {
            if ((int)h->suit[i] == q) {
                for (int f = 0; f < nf; f++) {
                    unsigned v = t->flush[(h->bits[i] | flush_bits[f]) & 8191];
                    best = v < best ? v : best;
                }
            }
        }
        out[p] = best;
    }
}

/* Omaha (high or hi-lo), five cards to come, with the suits merged as holdem_merged
 * merges them: a board's showdown depends on its suits only through a flush, which in
 * Omaha takes three board cards of one suit (so a board has a flush in one suit at most)
 * and two hole cards of it; the low ignores suits. So
 *   1. every multiset of five ranks the deck can deal is settled once, weighted by the
 *      boards that have it, each hand's high and low as if no flush could be;
 *   2. per suit held twice in some hand, every set of three to five board ranks of that
 *      suit (the flush cards) with every multiset of the other suits' ranks (the rest of
 *      the board) is settled with its true highs and taken away once with the flushless
 *      ones part 1 counted for it.
 * The settled counts are those of every board, one by one (omaha_boards; the tests
 * compare the two). */
void sd_omaha_merged(const Tables *t, const uint16_t *triple, const unsigned *deck, int m,
                     const OmahaHole *holes, Pots *s)
{
    const int players = s->players;
    int live[13], suited_live[4][13];
    count_live(deck, m, live, suited_live);
    uint16_t high[MAX_PLAYERS], low[MAX_PLAYERS], plain[MAX_PLAYERS];
    /* 1. The rank multisets, no flush. */
    int rk[5] = {0, 0, 0, 0, 0};
    do {
        const int64_t weight = multiset_boards(rk, live);
        if (weight != 0) {
            omaha_plain(triple, rk, holes, players, s->hilo, high, low);
            settle_any(s, high, low, weight);
        }
    } while (next_rank_multiset(rk));
    /* 2. The boards with three cards of a suit or more, suit by suit. */
    for (int q = 0; q < 4; q++) {
        if (!holds_suit(holes, players, q)) { /* no hand with two cards of q: no flush */
            continue;
        }
        int suited[13], others[13];
        const int ns = split_by_suit(suited_live[q], live, suited, others);
        for (int j = 3; j <= 5 && j <= ns; j++) {
            int pick[5] = {0, 1, 2, 3, 4};
            const int rest = 5 - j; /* ranks (0 to 2) of the other suits' live cards */
            do {
                /* each hand's best flush: two hole cards of q and three of these j */
                unsigned flush_bits[10];
                int nf = 0;
                for (int x = 0; x < j; x++) {
                    for (int y = x + 1; y < j; y++) {
                        for (int z = y + 1; z < j; z++) {
                            flush_bits[nf++] = (1u << suited[pick[x]]) |
                                               (1u << suited[pick[y]]) |
                                               (1u << suited[pick[z]]);
                        }
                    }
                }
                unsigned flush_high[MAX_PLAYERS]; /* the same whatever the rest */
                flush_highs(t, holes, players, q, flush_bits, nf, flush_high);
                for (int x = 0; x < (rest ? 13 : 1); x++) {
                    for (int y = rest == 2 ? x : 12; y < 13; y++) {
                        const int64_t weight = rest_boards(rest, others, x, y);
                        if (weight == 0) {
                            continue;
                        }
                        int n = 0;
                        for (int i = 0; i < j; i++) {
                            rk[n++] = suited[pick[i]];
                        }
                        if (rest >= 1) {
                            rk[n++] = x;
                        }
                        if (rest == 2) {
                            rk[n++] = y;
                        }
                        omaha_plain(triple, rk, holes, players, s->hilo, plain, low);
                        int differs = 0;
                        for (int p = 0; p < players; p++) {
                            high[p] = flush_high[p] < plain[p] ? (uint16_t)flush_high[p]
                                                               : plain[p];
                            differs |= high[p] != plain[p];
                        }
                        if (differs) {
                            settle_any(s, high, low, weight);
                            settle_any(s, plain, low, -weight);
                        }
                    }
                }
            } while (next_subset(pick, j, ns));
        }
    }
}

/* A walk over rank multisets (omaha_merged_known): the settled counts of a board given
 * its ranks, each hand ranked as if no flush could be, or with ``flush_high`` (each
 * hand's best flush on the boards being corrected), taken back once without it. */
typedef struct {
    const uint16_t *triple;
    const OmahaHole *holes;
    Pots *s;
    const unsigned *flush_high; /* NULL: no flush on these boards */
} OmahaWalk;

static void omaha_walk_board(const OmahaWalk *w, const int *rk, int64_t weight)
{
    uint16_t high[MAX_PLAYERS], low[MAX_PLAYERS], plain[MAX_PLAYERS];
    const int players = w->s->players;
    omaha_plain(w->triple, rk, w->holes, players, w->s->hilo, plain, low);
    if (w->flush_high == NULL) {
        settle_any(w->s, plain, low, weight);
        return;
    }
    int differs = 0;
    for (int p = 0; p < players; p++) {
        high[p] = w->flush_high[p] < plain[p] ? (uint16_t)w->flush_high[p] : plain[p];
        differs |= high[p] != plain[p];
    }
    if (differs) {
        settle_any(w->s, high, low, weight);
        settle_any(w->s, plain, low, -weight);
    }
}

/* Every multiset of ``r`` more ranks (``from`` up) the counts ``avail`` can deal, written
 * after rk[0..n), weighted by the card sets that have it (per rank C(its count, its
 * times)): each rank once, in increasing order, with its multiplicity. */
static void omaha_multisets(const OmahaWalk *w, int *rk, int n, int r, int from,
                            const int *avail, int64_t weight)
{
    if (r == 0) {
        omaha_walk_board(w, rk, weight);
        return;
    }
    for (int rank = from; rank < 13; rank++) {
        for (int times = 1; times <= r && times <= avail[rank]; times++) {
            for (int i = 0; i < times; i++) {
                rk[n + i] = rank;
            }
            omaha_multisets(w, rk, n + times, r - times, rank + 1, avail,
                            weight * small_choose(avail[rank], times));
        }
    }
}

/* Omaha (high or hi-lo) with ``nk`` board cards known (1 to 4), the rest from ``deck``,
 * the suits merged as omaha_merged merges them: every multiset of the ranks to come
 * settled once, weighted, as if no flush could be; then, per suit some hand holds twice
 * and the board can hold three times (its known cards of it and those to come), the new
 * cards of that suit (each set of their ranks) with every multiset of the other suits'
 * ranks, settled with their true highs and taken back once as counted flushless. A
 * board has three cards of one suit at most, so each is corrected once at most. The
 * counts are those of omaha_boards' walk of every board (the tests compare them). */
void sd_omaha_merged_known(const Tables *t, const uint16_t *triple, const unsigned *known,
                           int nk, const unsigned *deck, int m, const OmahaHole *holes,
                           Pots *s)
{
    const int k = 5 - nk, players = s->players;
    int live[13], suited_live[4][13], rk[5], known_suit[4] = {0, 0, 0, 0};
    unsigned known_bits[4] = {0, 0, 0, 0};
    count_live(deck, m, live, suited_live);
    for (int i = 0; i < nk; i++) {
        rk[i] = (int)(known[i] >> 2);
        known_suit[known[i] & 3]++;
        known_bits[known[i] & 3] |= 1u << (known[i] >> 2);
    }
    OmahaWalk w = {triple, holes, s, NULL};
    omaha_multisets(&w, rk, nk, k, 0, live, 1); /* 1. the rank multisets, no flush */
    for (int q = 0; q < 4; q++) {                /* 2. the boards with a flush suit q */
        if (!holds_suit(holes, players, q) || known_suit[q] + k < 3) {
            continue;
        }
        int suited[13], others[13];
        const int ns = split_by_suit(suited_live[q], live, suited, others);
        for (int j = known_suit[q] >= 3 ? 0 : 3 - known_suit[q]; j <= k && j <= ns; j++) {
            int pick[5] = {0, 1, 2, 3, 4};
            do {
                int flush_ranks[5], nf_ranks = 0; /* the board's cards of q: known, then new */
                for (int rank = 0; rank < 13; rank++) {
                    if (known_bits[q] >> rank & 1) {
                        flush_ranks[nf_ranks++] = rank;
                    }
                }
                for (int i = 0; i < j; i++) {
                    flush_ranks[nf_ranks++] = suited[pick[i]];
                }
                unsigned flush_bits[10];
                int nf = 0;
                for (int x = 0; x < nf_ranks; x++) {
                    for (int y = x + 1; y < nf_ranks; y++) {
                        for (int z = y + 1; z < nf_ranks; z++) {
                            flush_bits[nf++] = (1u << flush_ranks[x]) | (1u << flush_ranks[y]) |
                                               (1u << flush_ranks[z]);
                        }
                    }
                }
                unsigned flush_high[MAX_PLAYERS]; /* two hole cards of q, three of these */
                flush_highs(t, holes, players, q, flush_bits, nf, flush_high);
                int board[5];
                for (int i = 0; i < nk; i++) {
                    board[i] = rk[i];
                }
                for (int i = 0; i < j; i++) {
                    board[nk + i] = suited[pick[i]];
                }
                w.flush_high = flush_high;
                omaha_multisets(&w, board, nk + j, k - j, 0, others, 1);
                w.flush_high = NULL;
            } while (next_subset(pick, j, ns));
        }
    }
}

/* The Omaha tables from ``obj``, a tuple (pair uint16[169], triple uint32[2197] of
 * multiples of PAIRS, ranks uint32[TRIPLES * PAIRS]), held in ``views``, the triples'
 * multisets into ``triple``; -1 with an error. */
int sd_omaha_tables(PyObject *obj, Py_buffer *views, int *held, const uint16_t **pair,
                    const uint32_t **ranks, uint16_t *triple)
{
    const Py_ssize_t sizes[3] = {169, 2197, TRIPLES * PAIRS}, widths[3] = {2, 4, 4};
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 3) {
        PyErr_SetString(PyExc_TypeError, "omaha must be None or (pair, triple, ranks)");
        return -1;
    }
    for (; *held < 3; (*held)++) {
        Py_buffer *v = &views[*held];
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(obj, *held), v,
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            return -1;
        }
        if (v->itemsize != widths[*held] || v->len != sizes[*held] * widths[*held] ||
            sd_int_format(v) != (widths[*held] == 2 ? 'H' : 'I')) {
            (*held)++;
            PyErr_SetString(PyExc_ValueError, "runout_shares: an Omaha table has the wrong "
                                              "size or type");
            return -1;
        }
    }
    *pair = views[0].buf;
    *ranks = views[2].buf;
    const uint32_t *index = views[1].buf;
    for (int i = 0; i < 2197; i++) {
        if (index[i] % PAIRS || index[i] / PAIRS >= TRIPLES) {
            PyErr_SetString(PyExc_ValueError, "runout_shares: a triple index is not a "
                                              "multiple of 91 below 455 * 91");
            return -1;
        }
        triple[i] = (uint16_t)(index[i] / PAIRS);
    }
    for (int i = 0; i < 169; i++) {
        if ((*pair)[i] >= PAIRS) {
            PyErr_SetString(PyExc_ValueError, "runout_shares: a pair index is not below 91");
            return -1;
        }
    }
    return 0;
}

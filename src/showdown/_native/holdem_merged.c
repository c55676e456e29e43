/*
 * Exact Hold'em equity with suit merging: the boards completing the known cards are
 * walked rank by rank (ascending), choosing at each rank which of its live cards join
 * the board. A suit that can no longer reach five cards in anybody's seven (its most
 * cards in one hole, plus the board's, plus the cards still to come, is under five) can
 * never make a flush from here on, so at each rank its cards are interchangeable: the
 * walk takes j of the k such cards once, weighted C(k, j), instead of each choice.
 * Every other card is taken one by one, so the weighted counts are exactly those of
 * walking every board (holdem_exact.c's plain loops, which the tests compare).
 *
 * Which suits merge is decided once per level of the walk, before its rank loop: a
 * suit unable to flush stays unable as cards are added, so the choice holds for every
 * rank the level visits.
 */
#include "kernel.h"

/* What stays fixed while one deal's boards are walked. */
typedef struct {
    const Tables *t;
    const Hole *holes;
    int players;
    int preflop;            /* no known card: non-flush ranks from the pair tables */
    int nranks;             /* ranks with a live card */
    unsigned rank[13];      /* those ranks, ascending */
    unsigned avail[13];     /* per such rank: its live suits, a bit each */
    unsigned most[4];       /* per suit: most cards of it in one hole */
    int32_t mk[5][13];      /* multiset id of rank r at board position j: C(r + j, j + 1) */
    int64_t *counts;        /* (players, TALLY) */
    int64_t won0, won1, boards; /* heads-up sums, added to counts at the end */
} Walk;

/* A partial board: its cards' sums so far. */
typedef struct {
    int32_t id;      /* preflop: multiset id of the ranks so far */
    uint32_t key;    /* card keys added (known cards included) */
    uint64_t lanes;  /* rank bits in 16-bit suit lanes */
    uint32_t suits;  /* cards per suit, a byte each */
    int size;        /* cards on the board */
} Board;

static const int CHOOSE[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

static inline int suit_count(unsigned suits)
{
    return (int)((suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1) + ((suits >> 3) & 1));
}

static inline void add_card(const Walk *w, Board *b, unsigned rank, unsigned suit)
{
    b->id += w->mk[b->size][rank];
    b->key += w->t->keys[4 * rank + suit];
    b->lanes |= (uint64_t)1 << (16 * suit + rank);
    b->suits += 1u << (8 * suit);
    b->size++;
}

/* The suits that can no longer flush with ``left`` cards to come, a bit each. */
static inline unsigned merged_suits(const Walk *w, const Board *b, int left)
{
    unsigned merged = 0;
    for (unsigned s = 0; s < 4; s++) {
        if (w->most[s] + ((b->suits >> (8 * s)) & 255) + (unsigned)left < 5) {
            merged |= 1u << s;
        }
    }
    return merged;
}

static inline uint16_t player_rank(const Walk *w, const Board *b, int p)
{
    const Hole *h = &w->holes[p];
    uint32_t all = b->key + h->key;
    int suit = w->t->flush_suit[7][all & 255];
    if (suit >= 0) {
        return w->t->flush[((b->lanes | h->lanes) >> (16 * suit)) & 8191];
    }
    return w->preflop ? h->pair[b->id] : nonflush_rank(w->t, 7, all >> SUIT_BITS);
}

/* One complete board standing for ``weight`` boards. */
static inline void showdown(Walk *w, const Board *b, int64_t weight)
{
    if (w->players == 2) {
        uint16_t r0 = player_rank(w, b, 0), r1 = player_rank(w, b, 1);
        w->won0 += (r0 < r1) * weight;
        w->won1 += (r1 < r0) * weight;
        w->boards += weight;
        return;
    }
    uint16_t r[MAX_PLAYERS];
    uint16_t best = 0xffff;
    for (int p = 0; p < w->players; p++) {
        r[p] = player_rank(w, b, p);
        best = r[p] < best ? r[p] : best;
    }
    int k = 0;
    for (int p = 0; p < w->players; p++) {
        k += r[p] == best;
    }
    for (int p = 0; p < w->players; p++) {
        if (r[p] == best) {
            w->counts[p * TALLY + k] += weight;
        }
    }
}

/* The last card heads-up with no known card: each rank's merged suits as one card
 * (weighted by their number), every other card on its own, both ranks from the pair
 * tables at the board's multiset id unless the flush-suit table finds a flush. */
static void last_card_headsup(Walk *w, const Board *b, int from, unsigned merged, int64_t weight)
{
    const Tables *t = w->t;
    const Hole *h0 = &w->holes[0], *h1 = &w->holes[1];
    const uint16_t *p0 = h0->pair + b->id, *p1 = h1->pair + b->id;
    const int32_t *mk = w->mk[b->size];
    int64_t won0 = 0, won1 = 0, boards = 0;
    if (merged == 15) { /* no flush is possible: ranks alone decide */
        for (int i = from; i < w->nranks; i++) {
            int32_t id = mk[w->rank[i]];
            int64_t n = suit_count(w->avail[i]);
            unsigned r0 = p0[id], r1 = p1[id];
            won0 += (r0 < r1) * n;
            won1 += (r1 < r0) * n;
            boards += n;
        }
    } else {
        const int8_t *f0 = t->flush_suit[7] + ((b->key + h0->key) & 255);
        const int8_t *f1 = t->flush_suit[7] + ((b->key + h1->key) & 255);
        const uint64_t l0 = b->lanes | h0->lanes, l1 = b->lanes | h1->lanes;
        for (int i = from; i < w->nranks; i++) {
            unsigned rank = w->rank[i], avail = w->avail[i];
            int32_t id = mk[rank];
            unsigned same = avail & merged;
            for (unsigned suit = 0; suit < 4; suit++) {
                if (!((avail >> suit) & 1)) {
                    continue;
                }
                int64_t n = 1;
                if ((same >> suit) & 1) { /* the first merged suit stands for them all */
                    n = suit_count(same);
                    same = 0;
                } else if ((merged >> suit) & 1) {
                    continue;
                }
                unsigned sk = t->keys[4 * rank + suit] & 255;
                uint64_t lane = (uint64_t)1 << (16 * suit + rank);
                int s0 = f0[sk], s1 = f1[sk];
                unsigned r0 = p0[id], r1 = p1[id];
                if (s0 >= 0) {
                    r0 = t->flush[((l0 | lane) >> (16 * s0)) & 8191];
                }
                if (s1 >= 0) {
                    r1 = t->flush[((l1 | lane) >> (16 * s1)) & 8191];
                }
                won0 += (r0 < r1) * n;
                won1 += (r1 < r0) * n;
                boards += n;
            }
        }
    }
    w->won0 += won0 * weight;
    w->won1 += won1 * weight;
    w->boards += boards * weight;
}

/* The last card: each rank from ``from`` on, its merged suits once (weighted by their
 * number), every other suit on its own. */
static void last_card(Walk *w, const Board *b, int from, unsigned merged, int64_t weight)
{
    if (w->players == 2 && w->preflop) {
        last_card_headsup(w, b, from, merged, weight);
        return;
    }
    for (int i = from; i < w->nranks; i++) {
        unsigned rank = w->rank[i], avail = w->avail[i];
        unsigned same = avail & merged;
        if (same) {
            Board nb = *b;
            unsigned suit = 0;
            while (!((same >> suit) & 1)) {
                suit++;
            }
            add_card(w, &nb, rank, suit);
            showdown(w, &nb, weight * suit_count(same));
        }
        for (unsigned suit = 0, own = avail & ~merged; own; suit++, own >>= 1) {
            if (own & 1) {
                Board nb = *b;
                add_card(w, &nb, rank, suit);
                showdown(w, &nb, weight);
            }
        }
    }
}

/* Boards completing ``b`` with ``left`` cards of the ranks from index ``from`` on. */
static void walk(Walk *w, const Board *b, int from, int left, int64_t weight)
{
    unsigned merged = merged_suits(w, b, left);
    if (left == 1) {
        last_card(w, b, from, merged, weight);
        return;
    }
    for (int i = from; i < w->nranks; i++) {
        unsigned rank = w->rank[i], avail = w->avail[i];
        unsigned own = avail & ~merged, same = avail & merged;
        unsigned same_suits[4];
        int k = 0;
        for (unsigned s = 0; s < 4; s++) {
            if ((same >> s) & 1) {
                same_suits[k++] = s;
            }
        }
        /* every subset of the unmerged suits (their submasks, down to none) ... */
        for (unsigned pick = own;; pick = (pick - 1) & own) {
            Board nb = *b;
            int taken = 0;
            for (unsigned s = 0; s < 4; s++) {
                if ((pick >> s) & 1) {
                    add_card(w, &nb, rank, s);
                    taken++;
                }
            }
            /* ... with j = 0..k of the merged ones, C(k, j) ways */
            for (int j = 0; j <= k && taken + j <= left; j++) {
                if (j > 0) {
                    add_card(w, &nb, rank, same_suits[j - 1]);
                }
                if (taken + j == 0) {
                    continue;
                }
                int64_t ways = weight * CHOOSE[k][j];
                if (taken + j == left) {
                    showdown(w, &nb, ways);
                } else {
                    walk(w, &nb, i + 1, left - taken - j, ways);
                }
            }
            if (pick == 0) {
                break;
            }
        }
    }
}

/* Every board completing ``known`` (0 to 4 cards) from ``deck`` (ascending ids, without
 * the deal's hole cards), its showdowns added to ``counts`` (players x TALLY). */
void sd_exact_merged(const Tables *t, const unsigned *known, int nk, const unsigned *deck,
                     int m, const Hole *holes, int players, int64_t *counts)
{
    Walk w;
    memset(&w, 0, sizeof w);
    w.t = t;
    w.holes = holes;
    w.players = players;
    w.preflop = nk == 0;
    w.counts = counts;
    for (int j = 0; j < 5; j++) {
        for (int r = 0; r < 13; r++) {
            w.mk[j][r] = (int32_t)binom(r + j, j + 1);
        }
    }
    unsigned per_rank[13] = {0};
    for (int i = 0; i < m; i++) {
        per_rank[deck[i] >> 2] |= 1u << (deck[i] & 3);
    }
    for (unsigned r = 0; r < 13; r++) {
        if (per_rank[r]) {
            w.rank[w.nranks] = r;
            w.avail[w.nranks++] = per_rank[r];
        }
    }
    for (int p = 0; p < players; p++) {
        unsigned in_hole[4] = {0};
        for (unsigned s = 0; s < 4; s++) {
            for (unsigned r = 0; r < 13; r++) {
                in_hole[s] += (unsigned)((holes[p].lanes >> (16 * s + r)) & 1);
            }
            w.most[s] = in_hole[s] > w.most[s] ? in_hole[s] : w.most[s];
        }
    }
    Board b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < nk; i++) {
        b.key += t->keys[known[i]];
        b.lanes |= (uint64_t)1 << (16 * (known[i] & 3) + (known[i] >> 2));
        b.suits += 1u << (8 * (known[i] & 3));
    }
    b.size = 0; /* multiset ids count the new cards only (used when nothing is known) */
    int left = 5 - nk;
    if (left == 0) {
        showdown(&w, &b, 1);
    } else if (left <= m) {
        walk(&w, &b, 0, left, 1);
    }
    if (players == 2) {
        int64_t ties = w.boards - w.won0 - w.won1;
        counts[1] += w.won0;
        counts[TALLY + 1] += w.won1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
    }
}

/*
 * Exact Hold'em equity with suit merging. A board's showdown depends on its cards'
 * suits only through a flush, so the boards are counted in two parts:
 *
 *   1. every board as if no flush could happen: the rank multisets of the cards to come,
 *      each weighted by how many boards have it (the product of C(live cards of rank r,
 *      times r is taken)), each player's rank from the rank sums alone;
 *   2. the boards on which somebody holds a flush, corrected: each such board adds its
 *      true showdown and takes away the flushless one part 1 counted for it.
 *
 * A flush in suit s needs at least 5 - (most cards of s in one hole) of s on the board,
 * three or more, so no board holds flushes in two suits, and the board's other cards
 * (at most two) can make no flush: part 2 walks, per suit that can flush, the sets of
 * its live cards that reach the threshold, card by card, and the rest of the board as
 * rank multisets again. Heads-up AcAd v KhKs takes at most 6,188 weighted multisets and
 * about 29,000 flush boards (4 suits x (C(12, 4) x 13 + C(12, 5))) instead of 1,712,304
 * boards.
 *
 * Heads-up, part 2 looks each player's flush rank up once per set of the suit's cards
 * and takes the other one or two cards by rank (headsup_rest); the deals of one call keep
 * what they share (HeadsUpMemo in kernel.h: a rank pair's part 1, a suit's part 2).
 *
 * The counts are exactly those of walking every board (holdem_exact.c's plain loops;
 * the tests compare both, and both with the numpy fallback).
 */
#include "kernel.h"

/* What stays fixed while one deal's boards are counted. */
typedef struct {
    const Tables *t;
    const Hole *holes;
    const uint16_t *const *flushless; /* per player: rank per multiset id of the cards to
                                          come, no flush (sd_flushless_table) */
    int players;
    unsigned live[13];        /* per rank: its live suits, a bit each */
    unsigned known_count[4];  /* known board cards per suit */
    uint64_t known_lanes;     /* known board cards' rank bits in 16-bit suit lanes */
    unsigned hole_count[MAX_PLAYERS][4]; /* each hole's cards per suit */
    int64_t *counts;          /* (players, TALLY) */
    int64_t won0, won1, boards; /* heads-up sums, added to counts at the end */
} Walk;

/* A flush board being built in part 2: its suit's cards (the rest are ranks only). */
typedef struct {
    unsigned suit;
    unsigned suited;       /* board cards of the suit, known ones included */
    uint64_t suit_lanes;   /* their rank bits in the suit's 16-bit lane */
    int n_new;             /* the suit's cards to come ... */
    unsigned char new_ranks[5]; /* ... and their ranks, ascending */
} Flush;

static inline int suit_count(unsigned suits)
{
    return (int)((suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1) + ((suits >> 3) & 1));
}

static const int CHOOSE[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

/* ``weight`` showdowns of the ranks r (lower is better) added to the tally. */
static inline void tally(Walk *w, const uint16_t *r, int64_t weight)
{
    uint16_t best = r[0];
    for (int p = 1; p < w->players; p++) {
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

/* Part 1 at one multiset of the cards to come (``id``: its multiset id). */
static inline void flushless(Walk *w, int32_t id, int64_t weight)
{
    if (w->players == 2) {
        unsigned r0 = w->flushless[0][id], r1 = w->flushless[1][id];
        w->won0 += (r0 < r1) * weight;
        w->won1 += (r1 < r0) * weight;
        w->boards += weight;
        return;
    }
    uint16_t r[MAX_PLAYERS];
    for (int p = 0; p < w->players; p++) {
        r[p] = w->flushless[p][id];
    }
    tally(w, r, weight);
}

/* The multiset id of the ranks to come on a flush board: the suit's ranks and ``rest``
 * (both ascending) merged. */
static inline int32_t flush_board_id(const Flush *f, const unsigned char *rest, int n_rest)
{
    int32_t id = 0;
    int i = 0, j = 0;
    for (int pos = 0; pos < f->n_new + n_rest; pos++) {
        unsigned r;
        if (j >= n_rest || (i < f->n_new && f->new_ranks[i] <= rest[j])) {
            r = f->new_ranks[i++];
        } else {
            r = rest[j++];
        }
        id += MULTISET_TERM[pos][r];
    }
    return id;
}

/* Part 2 at one flush board (``id``: the multiset id of its ranks to come): its true
 * showdown added, its flushless one taken away. */
static inline void flush_board(Walk *w, const Flush *f, int32_t id, int64_t weight)
{
    const Tables *t = w->t;
    uint16_t truly[MAX_PLAYERS], plain[MAX_PLAYERS];
    for (int p = 0; p < w->players; p++) {
        plain[p] = w->flushless[p][id];
        truly[p] = plain[p];
        if (f->suited + w->hole_count[p][f->suit] >= 5) {
            uint64_t lanes = f->suit_lanes | w->holes[p].lanes;
            truly[p] = t->flush[(lanes >> (16 * f->suit)) & 8191];
        }
    }
    if (w->players == 2) {
        w->won0 += ((truly[0] < truly[1]) - (plain[0] < plain[1])) * weight;
        w->won1 += ((truly[1] < truly[0]) - (plain[1] < plain[0])) * weight;
        return;
    }
    tally(w, truly, weight);
    tally(w, plain, -weight);
}

/* Part 1: the rank multisets of ``left`` cards from rank ``from`` up (``pos`` placed
 * so far, ``id`` their multiset id), each with its number of boards. */
static void multisets(Walk *w, unsigned from, int left, int pos, int32_t id, int64_t weight)
{
    for (unsigned r = from; r < 13; r++) {
        int n = suit_count(w->live[r]);
        int32_t rid = id;
        for (int j = 1; j <= n && j <= left; j++) {
            rid += MULTISET_TERM[pos + j - 1][r];
            int64_t ways = weight * CHOOSE[n][j];
            if (j == left) {
                flushless(w, rid, ways);
            } else {
                multisets(w, r + 1, left - j, pos + j, rid, ways);
            }
        }
    }
}

/* Part 2's other cards: rank multisets of ``left`` cards of the other suits, from rank
 * ``from`` up, after the ``n_rest`` ranks in ``rest``. */
static void other_cards(Walk *w, const Flush *f, unsigned from, int left, unsigned char *rest,
                        int n_rest, int64_t weight)
{
    unsigned others = ~(1u << f->suit);
    for (unsigned r = from; r < 13; r++) {
        int n = suit_count(w->live[r] & others);
        for (int j = 1; j <= n && j <= left; j++) {
            rest[n_rest + j - 1] = (unsigned char)r;
            int64_t ways = weight * CHOOSE[n][j];
            if (j == left) {
                flush_board(w, f, flush_board_id(f, rest, n_rest + j), ways);
            } else {
                other_cards(w, f, r + 1, left - j, rest, n_rest + j, ways);
            }
        }
    }
}

/* Part 2 heads-up at the suit's cards of ``f`` with ``left`` (1 or 2) cards of the other
 * suits to come: what other_cards and flush_board count, but each player's flush rank is
 * looked up once for all these boards (it depends on the suit's cards alone) and each
 * board's multiset id is a sum of terms tabled per position of the merge (the suit's
 * ranks and the others', both ascending), not merged rank by rank. */
static void headsup_rest(Walk *w, const Flush *f, int left)
{
    const Tables *t = w->t;
    unsigned s = f->suit;
    int flushes[2];
    unsigned flush_rank[2] = {0, 0};
    for (int p = 0; p < 2; p++) {
        flushes[p] = f->suited + w->hole_count[p][s] >= 5;
        if (flushes[p]) {
            uint64_t lanes = f->suit_lanes | w->holes[p].lanes;
            flush_rank[p] = t->flush[(lanes >> (16 * s)) & 8191];
        }
    }
    unsigned others = ~(1u << s);
    int n[13];
    for (unsigned r = 0; r < 13; r++) {
        n[r] = suit_count(w->live[r] & others);
    }
    /* shift[k][q]: the terms of the suit's ranks with k other ranks merged in, the first
     * q of the suit's ranks before them: sum_{i < q} T[i] + sum_{i >= q} T[i + k]. */
    int k_new = f->n_new;
    int32_t before[6] = {0}, after[3][6];
    for (int i = 0; i < k_new; i++) {
        before[i + 1] = before[i] + MULTISET_TERM[i][f->new_ranks[i]];
    }
    for (int k = 0; k <= left; k++) {
        after[k][k_new] = 0;
        for (int i = k_new - 1; i >= 0; i--) {
            after[k][i] = after[k][i + 1] + MULTISET_TERM[i + k][f->new_ranks[i]];
        }
    }
    const uint16_t *plain0 = w->flushless[0], *plain1 = w->flushless[1];
    int64_t won0 = 0, won1 = 0;
    int q1 = 0; /* the suit's ranks <= r1 */
    for (unsigned r1 = 0; r1 < 13; r1++) {
        while (q1 < k_new && f->new_ranks[q1] <= r1) {
            q1++;
        }
        if (n[r1] == 0) {
            continue;
        }
        if (left == 1) {
            int32_t id = before[q1] + MULTISET_TERM[q1][r1] + after[1][q1];
            unsigned p0 = plain0[id], p1 = plain1[id];
            unsigned t0 = flushes[0] ? flush_rank[0] : p0, t1 = flushes[1] ? flush_rank[1] : p1;
            won0 += ((t0 < t1) - (p0 < p1)) * (int64_t)n[r1];
            won1 += ((t1 < t0) - (p1 < p0)) * (int64_t)n[r1];
            continue;
        }
        /* two cards: r1 <= r2; the suit's ranks <= r1 first, then r1, those in (r1, r2],
         * r2, the rest: sum_{i<q1} T[i] + T[q1][r1] + sum_{q1<=i<q2} T[i+1] + T[q2+1][r2]
         * + sum_{i>=q2} T[i+2] */
        int q2 = q1;
        for (unsigned r2 = r1; r2 < 13; r2++) {
            while (q2 < k_new && f->new_ranks[q2] <= r2) {
                q2++;
            }
            int64_t ways = r2 == r1 ? CHOOSE[n[r1]][2] : (int64_t)n[r1] * n[r2];
            if (ways == 0) {
                continue;
            }
            int32_t id = before[q1] + MULTISET_TERM[q1][r1] + (after[1][q1] - after[1][q2]) +
                         MULTISET_TERM[q2 + 1][r2] + after[2][q2];
            unsigned p0 = plain0[id], p1 = plain1[id];
            unsigned t0 = flushes[0] ? flush_rank[0] : p0, t1 = flushes[1] ? flush_rank[1] : p1;
            won0 += ((t0 < t1) - (p0 < p1)) * ways;
            won1 += ((t1 < t0) - (p1 < p0)) * ways;
        }
    }
    w->won0 += won0;
    w->won1 += won1;
}

/* Part 2 for one suit: ``need`` or more of its live cards (card by card, ranks from
 * ``from`` up) with the rest of the ``left`` cards from the other suits. */
static void suited_sets(Walk *w, Flush *f, unsigned from, int need, int left)
{
    if (need <= 0) {
        if (left == 0) {
            flush_board(w, f, flush_board_id(f, NULL, 0), 1);
        } else {
            if (w->players == 2 && left <= 2) {
                headsup_rest(w, f, left);
            } else {
                unsigned char rest[5];
                other_cards(w, f, 0, left, rest, 0, 1);
            }
        }
    }
    if (left == 0) {
        return;
    }
    for (unsigned r = from; r < 13; r++) {
        if (!((w->live[r] >> f->suit) & 1)) {
            continue;
        }
        Flush g = *f;
        g.suited++;
        g.suit_lanes |= (uint64_t)1 << (16 * f->suit + r);
        g.new_ranks[g.n_new++] = (unsigned char)r;
        suited_sets(w, &g, r + 1, need - 1, left - 1);
    }
}

/* Part 1 with two cards to come (a flop), without recursion: each pair of ranks a <= b
 * with its number of boards. */
static void multisets_two(Walk *w)
{
    int n[13];
    for (unsigned r = 0; r < 13; r++) {
        n[r] = suit_count(w->live[r]);
    }
    for (unsigned b = 0; b < 13; b++) {
        if (n[b] == 0) {
            continue;
        }
        int32_t high = MULTISET_TERM[1][b];
        if (n[b] >= 2) {
            flushless(w, MULTISET_TERM[0][b] + high, CHOOSE[n[b]][2]);
        }
        for (unsigned a = 0; a < b; a++) {
            if (n[a]) {
                flushless(w, MULTISET_TERM[0][a] + high, (int64_t)n[a] * n[b]);
            }
        }
    }
}

/* Part 2 with two cards to come, for suit s needing ``need`` (1 or 2) of its cards: both
 * cards of the suit, then (need 1) one of it with one of another suit, as suited_sets
 * walks them but without recursion. */
static void flush_two(Walk *w, const Flush *base, int need)
{
    unsigned s = base->suit;
    unsigned char ranks[13];
    int k = 0;
    for (unsigned r = 0; r < 13; r++) {
        if ((w->live[r] >> s) & 1) {
            ranks[k++] = (unsigned char)r;
        }
    }
    Flush g = *base;
    g.suited = base->suited + 2;
    g.n_new = 2;
    for (int j = 1; j < k; j++) {
        for (int i = 0; i < j; i++) {
            g.suit_lanes = base->suit_lanes | ((uint64_t)1 << (16 * s + ranks[i])) |
                           ((uint64_t)1 << (16 * s + ranks[j]));
            flush_board(w, &g, MULTISET_TERM[0][ranks[i]] + MULTISET_TERM[1][ranks[j]], 1);
        }
    }
    if (need > 1) {
        return;
    }
    int others[13];
    unsigned not_s = ~(1u << s);
    for (unsigned r = 0; r < 13; r++) {
        others[r] = suit_count(w->live[r] & not_s);
    }
    g.suited = base->suited + 1;
    g.n_new = 1;
    for (int i = 0; i < k; i++) {
        unsigned a = ranks[i];
        g.suit_lanes = base->suit_lanes | ((uint64_t)1 << (16 * s + a));
        for (unsigned r = 0; r < 13; r++) {
            if (others[r]) {
                int32_t id = r <= a ? MULTISET_TERM[0][r] + MULTISET_TERM[1][a]
                                    : MULTISET_TERM[0][a] + MULTISET_TERM[1][r];
                flush_board(w, &g, id, others[r]);
            }
        }
    }
}

static void fill_flushless(const Tables *t, uint16_t *out, int pos, int left, unsigned from,
                           int32_t id, uint32_t ranks)
{
    if (pos >= left || pos >= 5) {
        out[id] = nonflush_rank(t, 7, ranks);
        return;
    }
    for (unsigned r = from; r < 13; r++) {
        fill_flushless(t, out, pos + 1, left, r, id + MULTISET_TERM[pos][r],
                       ranks + t->rank_keys[r]);
    }
}

/* Multisets of ``left`` ranks (1 to 5): the entries of a flushless table. */
int sd_flushless_size(int left)
{
    return (int)binom(12 + left, left);
}

/* A hand's flushless table: its 7-card rank, no flush, for each multiset of ``left``
 * ranks to come (indexed by multiset id), ``ranks`` the rank keys of its hole and the
 * known board cards added. Preflop (left 5) this is the hand's pair table. */
void sd_flushless_table(const Tables *t, uint32_t ranks, int left, uint16_t *out)
{
    fill_flushless(t, out, 0, left, 0, 0, ranks);
}

/* Every board completing ``known`` (0 to 4 cards) from ``deck`` (ascending ids, without
 * the deal's hole cards), its showdowns added to ``counts`` (players x TALLY).
 * ``hole_ids``: the players' two card ids each (valid, as ``holes`` was made of them);
 * ``tables``: per player, its sd_flushless_table (preflop: its pair table). */
/* Part 2 for suit s (need: how many of its cards the board needs for a flush). */
static void flush_part(Walk *w, unsigned s, int need, int left)
{
    Flush f;
    memset(&f, 0, sizeof f);
    f.suit = s;
    f.suited = w->known_count[s];
    f.suit_lanes = w->known_lanes & ((uint64_t)0xffff << (16 * s));
    if (left == 2 && need >= 1) {
        flush_two(w, &f, need);
    } else {
        suited_sets(w, &f, 0, need, left);
    }
}

/* flush_part heads-up, or what ``memo`` kept for a suit with the same data: its live
 * ranks, each hole's and the known cards' ranks of it, the live cards of the other suits
 * per rank, the cards to come and the flushless tables (all flush_part reads). */
static void kept_flush_part(Walk *w, unsigned s, int need, int left, HeadsUpMemo *memo)
{
    uint64_t key[2] = {(uint64_t)left, 0};
    unsigned shift = 16 * s;
    for (unsigned r = 0; r < 13; r++) {
        key[0] |= (uint64_t)((w->live[r] >> s) & 1) << (3 + r);
        key[1] = key[1] * 4 + (uint64_t)suit_count(w->live[r] & ~(1u << s));
    }
    key[0] |= ((w->holes[0].lanes >> shift) & 8191) << 16;
    key[0] |= ((w->holes[1].lanes >> shift) & 8191) << 29;
    key[0] |= ((w->known_lanes >> shift) & 8191) << 42;
    uint64_t mixed = (key[0] ^ (key[1] * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;
    size_t i = (size_t)(mixed >> 40);
    for (;; i++) {
        SuitPart *slot = &memo->suits[i & (size_t)(memo->suit_slots - 1)];
        if (slot->tables[0] == NULL) {
            int64_t won0 = w->won0, won1 = w->won1;
            flush_part(w, s, need, left);
            if (memo->suits_used < memo->suit_slots / 2) { /* keep the probes short */
                slot->key[0] = key[0];
                slot->key[1] = key[1];
                slot->tables[0] = w->flushless[0];
                slot->tables[1] = w->flushless[1];
                slot->won0 = w->won0 - won0;
                slot->won1 = w->won1 - won1;
                memo->suits_used++;
            }
            return;
        }
        if (slot->key[0] == key[0] && slot->key[1] == key[1] &&
            slot->tables[0] == w->flushless[0] && slot->tables[1] == w->flushless[1]) {
            w->won0 += slot->won0;
            w->won1 += slot->won1;
            return;
        }
    }
}

/* Part 1 (multisets_two on a flop, else multisets), or, heads-up, what ``memo`` kept of
 * it when the tables and the live cards per rank are those it was counted with. */
static void flushless_part(Walk *w, int left, HeadsUpMemo *memo)
{
    uint64_t live_counts = (uint64_t)left;
    int kept = memo != NULL && w->players == 2;
    if (kept) {
        for (unsigned r = 0; r < 13; r++) {
            live_counts = live_counts * 5 + (uint64_t)suit_count(w->live[r]);
        }
        if (memo->valid && memo->live_counts == live_counts &&
            memo->tables[0] == w->flushless[0] && memo->tables[1] == w->flushless[1]) {
            w->won0 = memo->won0;
            w->won1 = memo->won1;
            w->boards = memo->boards;
            return;
        }
    }
    if (left == 2) {
        multisets_two(w);
    } else {
        multisets(w, 0, left, 0, 0, 1);
    }
    if (kept) {
        memo->tables[0] = w->flushless[0];
        memo->tables[1] = w->flushless[1];
        memo->live_counts = live_counts;
        memo->won0 = w->won0;
        memo->won1 = w->won1;
        memo->boards = w->boards;
        memo->valid = 1;
    }
}

void sd_exact_merged(const Tables *t, const unsigned *known, int nk, const unsigned *deck,
                     int m, const Hole *holes, const int64_t *hole_ids,
                     const uint16_t *const *tables, int players, int64_t *counts,
                     HeadsUpMemo *memo)
{
    Walk w;
    memset(&w, 0, sizeof w);
    w.t = t;
    w.holes = holes;
    w.flushless = tables;
    w.players = players;
    w.counts = counts;
    for (int i = 0; i < m; i++) {
        w.live[deck[i] >> 2] |= 1u << (deck[i] & 3);
    }
    for (int i = 0; i < nk; i++) {
        w.known_count[known[i] & 3]++;
        w.known_lanes |= (uint64_t)1 << (16 * (known[i] & 3) + (known[i] >> 2));
    }
    unsigned most[4] = {0};
    for (int p = 0; p < players; p++) {
        for (int j = 0; j < 2; j++) {
            unsigned c = (unsigned)hole_ids[2 * p + j], s = c & 3;
            w.hole_count[p][s]++;
            most[s] = w.hole_count[p][s] > most[s] ? w.hole_count[p][s] : most[s];
        }
    }
    int left = 5 - nk;
    if (left > m) {
        return;
    }
    flushless_part(&w, left, memo);
    for (unsigned s = 0; s < 4; s++) {
        int need = 5 - (int)(w.known_count[s] + most[s]);
        if (need <= left) {
            if (players == 2 && memo != NULL && memo->suits != NULL) {
                kept_flush_part(&w, s, need, left, memo);
            } else {
                flush_part(&w, s, need, left);
            }
        }
    }
    if (players == 2) {
        int64_t ties = w.boards - w.won0 - w.won1;
        counts[1] += w.won0;
        counts[TALLY + 1] += w.won1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
    }
}

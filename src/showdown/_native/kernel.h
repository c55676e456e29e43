/*
 * showdown's optional native kernel (C99, CPython C API, no numpy at build time):
 * the header every source file of the extension showdown._native._kernel includes.
 *
 * Table-driven: every lookup table comes from Python as a buffer (see
 * showdown/_native/__init__.py), so a ladder with other tables (a short deck,
 * the wrap-around rule) goes through the same code. A Tables object holds one
 * ladder's tables:
 *
 *   card key   rank_key << 8 | suit_key per card id (0..51); summed over the
 *              cards, the low eight bits say which suit (if any) holds five,
 *              the rest is a rank-key sum unique per rank multiset;
 *   flush_suit n -> low eight bits of a key sum -> suit holding five or more, or -1;
 *   flush      13-bit mask of the ranks held in the flush suit -> rank;
 *   nonflush   n -> sorted rank-key sums and their ranks, laid out here in a
 *              compact table at the row starts given by Python (rows of
 *              2**ROW_BITS sums share one displacement).
 *
 * Checks are fused into the lookups: an id outside 0..51 reads entry 52 (key 0,
 * bit POISON), and a row is valid when the sum of its cards' bits equals their
 * union (no card twice) and no bit above 51 is set. The tables are padded so
 * that any sum of n keys stays inside them, so unchecked input with a repeated
 * card gives some rank, never a read out of bounds.
 *
 * The batch, Omaha and equity entry points release the GIL.
 *
 * The sources, one concern each:
 *   tables.c        building a Tables object; reading integer buffers
 *   evaluate.c      scalar and batch ranks (Hold'em and Omaha), tallies, hand counts
 *   batch_vector.c  dense batch rows sixteen at a time where the processor has AVX-512
 *   batch_avx2.c    dense uint8 and int16 rows eight at a time where it has AVX2
 *   simd.c          which of the two (or the scalar loops) a batch takes, and a cap on it
 *   holdem_exact.c  exact Hold'em equity: every board
 *   holdem_merged.c the same with suits that can no longer flush merged
 *   exact_deals.c   an exact job's deals and their classes up to a suit permutation
 *   monte_carlo.c   Hold'em and Omaha equity on boards drawn here, combos picked by Python
 *   ranged_deals.c  range against range with every deal drawn here; weighted picks
 *   draws.c         what both share (draws.h: the generator, board draws, the deal read)
 *   ladders.c       badugi, stud eight or better, Omaha eight or better
 *   omaha_exact.c   exact Omaha equity: ranks per board, showdowns per deal
 *   runout_shares.c an all-in's every pot settled on every board to come, in one pass
 *   omaha_runouts.c the same for Omaha (runouts.h: what the two share)
 *   histories.c     PHH hands replayed (the betting rules) and the phh_settle entry point
 *   settlement.c    a replayed hand's pots settled
 *   settled_tuples.c the settled hand as the Python tuple runs.py reads
 *   toml.c          the plain TOML of hand histories
 *   rooms.c         rooms' hand histories read (rooms_*.c, behind rooms.h: see rooms.c)
 *   verification.c  the report rows of hands settled and verified clean (phh_rows)
 *   module.c        the method table with the docstrings, the type, the module
 *
 * What runs per card, row or board (the rank lookups, the tally of one showdown,
 * reading a row of ids) is defined here as static inline, so that every file's loops
 * inline it as they would within one file; the functions declared at the end are
 * called once per call or per hand, across files.
 */
#ifndef SHOWDOWN_KERNEL_H
#define SHOWDOWN_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KERNEL_ABI 10
#define NCARDS 52
#define BADCARD 52
#define POISON ((uint64_t)1 << 63)
#define SUIT_BITS 8
#define ROW_BITS 10
#define ROW_MASK ((1u << ROW_BITS) - 1)
#define N_MULTISETS 6188
#define MAX_PLAYERS 10
#define TALLY 11 /* counts[p][k]: showdowns player p won among k best, k = 1..10 */

/* SSE2 is part of x86-64 itself: its intrinsics need no -march flag. Building with
 * -DSHOWDOWN_SSE2=0 takes the plain C path everywhere (tested, as on ARM64). */
#ifndef SHOWDOWN_SSE2
#if defined(__x86_64__) || defined(_M_X64)
#define SHOWDOWN_SSE2 1
#else
#define SHOWDOWN_SSE2 0
#endif
#endif
#if SHOWDOWN_SSE2
#include <emmintrin.h>
#endif

/* batch_avx2.c's path, built where the compiler takes target("avx2") functions;
 * -DSHOWDOWN_NO_AVX2 leaves it out. */
#if SHOWDOWN_SSE2 && !defined(SHOWDOWN_NO_AVX2) &&                                           \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8))
#define SHOWDOWN_AVX2_PATH 1
#else
#define SHOWDOWN_AVX2_PATH 0
#endif

/* The vector paths of the batch (simd.c), each level allowing those below it. */
#define SD_SIMD_NONE 0
#define SD_SIMD_AVX2 1
#define SD_SIMD_AVX512 2
/* Tables.vector_fits[n]: the paths whose assumptions these tables meet. */
#define SD_FITS_AVX512 1
#define SD_FITS_AVX2 2

/* What the batch loops add per card id: 16 bytes, one SSE2 register, as OMPEval's Hand.
 *
 *   key  the rank key (bits 0..31, so that a row's sum there is the non-flush table's
 *        rank-key sum as it is), one in its suit's nibble of bits 32..47 (SUIT_COUNT),
 *        the suit key (bits 48..55, for the flush-suit table) and, for an id outside
 *        0..51, one at bit 56 (BAD_COUNT) and nothing else;
 *   bit  1 << id (0 for a bad id).
 *
 * Summed over a row (up to seven cards: nothing carries out of a nibble, the suit
 * keys' byte or the bad count), adding NIBBLE_BIAS sets bit 3 of the nibble of a suit
 * held five or more times, so one add and one AND with ROW_FLAGS find both a possible
 * flush and a bad id. A card twice leaves fewer than N bits in the bits' sum (each
 * carry takes one away), which a bit count shows (POPCNT, or N - 1 times clearing the
 * lowest bit); no table lookup and no OR per card. A flush's ranks are gathered from
 * the bits' sum (suited_ranks in evaluate.c). */
typedef struct {
    uint64_t key, bit;
} Entry;
#define SUIT_COUNT(suit) ((uint64_t)1 << (32 + 4 * (suit)))
#define ENTRY_SUIT_SHIFT 48
#define BAD_COUNT ((uint64_t)1 << 56)
#define NIBBLE_BIAS ((uint64_t)0x3333 << 32)
#define NIBBLE_FLAGS ((uint64_t)0x8888 << 32)
#define ROW_FLAGS (NIBBLE_FLAGS | ((uint64_t)7 << 56))
/* Where the entries of a row's first card start when the loop looks for flushes: the
 * same entries with NIBBLE_BIAS already in their keys, so that a row's sum is ready for
 * the test with ROW_FLAGS (one add fewer per row, as OMPEval's counters start at 3). */
#define FIRST_ENTRIES 256

/* One ladder's tables (the Python type Tables). */
typedef struct {
    PyObject_HEAD
    uint32_t keys[NCARDS + 1];
    uint64_t bits[NCARDS + 1];
    Entry *entries;     /* 256, per id's low byte (see Entry; 52..255 count as bad),
                           then the same biased (FIRST_ENTRIES); 16-byte aligned
                           inside entries_memory */
    void *entries_memory;
    Entry *pair_entries; /* 65536, per two adjacent uint8 ids as they lie in memory: the
                            sum of their entries (built on the first uint8 batch, see
                            pair_entries in evaluate.c), 16-byte aligned */
    void *pair_memory;
    Entry *id_pairs; /* 4096, per two ids a and b of 0..63 at a << 6 | b: the sum of
                        their entries (built on the first int16 batch, see id_pairs in
                        evaluate.c), 16-byte aligned */
    void *id_pair_memory;
    int8_t flush_suit[8][256];
    /* per n: what the batch loops add to find flushes (see flush_bias in tables.c) */
    uint64_t flush_bias[8];
    /* per n: which vector paths (SD_FITS_*) may rank dense rows of n ids of these tables
       (sd_vector_batch_prepare; whether the processor has them is simd.c's) */
    uint8_t vector_fits[8];
    uint16_t flush[8192];
    uint16_t *nonflush[8];
    uint32_t *row_start[8]; /* per row of 2**ROW_BITS rank-key sums: where it starts */
    uint32_t *row_base[8];  /* the same less the row's first sum (mod 2**32), so that a
                               sum's index is sum + row_base[sum >> ROW_BITS] */
    uint32_t rank_keys[13];
    uint32_t multiset_keys[N_MULTISETS];
    uint16_t *pairs[169]; /* Hold'em: hole ranks (hi, lo) -> 7-card rank per board multiset */
    uint16_t *pairs5[169]; /* the same indexed by the board's own 5-card rank (no flush) */
    uint16_t *omaha_parts; /* Omaha: 5-card non-flush rank per 3-rank multiset (board) and
                              2-rank multiset (hole), built on first use (draws.c) */
    PyObject *on_error;
    PyObject *on_omaha_error;
} Tables;

/* A 2-d integer buffer (ids), any format and strides. */
typedef struct {
    Py_buffer view;
    char fmt;
    Py_ssize_t rows, cols, s0, s1;
} Ids;

/* A Hold'em hand's data for the board loops (exact and drawn). */
typedef struct {
    const uint16_t *pair; /* non-flush rank per board multiset */
    uint32_t key;         /* the two card keys added */
    uint64_t lanes;       /* rank bits in 16-bit suit lanes (exact) */
    uint64_t major;       /* rank bits in 13-bit suit lanes (as the drawn boards' lanes) */
    uint64_t bits;        /* the two cards' bits (1 << id) */
} Hole;

#define PHH_MAX 10         /* players of a hand history */
#define PHH_STREETS 5      /* betting rounds at most (stud) */
#define PHH_RUNS 9         /* runouts of a hand run more than once (engine._runout_count) */
#define PHH_INF ((int64_t)1 << 60) /* an unknown (inf) starting stack: no bet reaches it */

/* A hand history's variant as phh_settle reads it from its shapes: the structure
 * (0 no-limit, 1 pot-limit, 2 fixed-limit), hole cards, cap on raises or 0, evaluator
 * (0 seven-card high, 1 Omaha high, 2 five-card draw: the five hole cards alone, 3 Omaha
 * eight-or-better hi-lo: the high and the low half, 4 short-deck Hold'em, 5 deuce-to-seven
 * lowball, 6 badugi, 7 seven-card stud, 8 stud eight-or-better hi-lo, 9 razz) and the
 * bet kind per street (0 small, 1 big). */
typedef struct {
    int structure, holes, cap, evaluator, bet[5];
    /* draw games: the draws (rounds of discarding after the first; 0 for board games);
     * evaluators 4 (short-deck Hold'em, best five of seven) and 5 (deuce-to-seven, the
     * five hole cards alone): the ladder's own tables; 6 (badugi, the four hole cards):
     * its table by rank multiset and suit pattern (ladders.c); the cards not in the
     * deck (short deck: the deuces to fives), as if dealt already */
    int draws;
    const Tables *ladder;
    const uint16_t *badugi;
    uint64_t excluded;
    int stud; /* stud (evaluators 7 to 9): antes and a bring-in, five streets of up and down
                 cards, each round opened by the up cards (upcards.py) */
} PhhShape;

/* One replayed hand: what the betting left, for its settlement. Amounts are in units of
 * 10**-places of the file's numbers; seat[] runs clockwise from p1 (the first seat after
 * the button), lowest is the index of the lowest seat number. */
typedef struct {
    int n, nboard, last_aggressor, lowest, places;
    int64_t start[PHH_MAX], contrib[PHH_MAX], paid[PHH_MAX], seat[PHH_MAX];
    unsigned char folded[PHH_MAX], mucked[PHH_MAX], unknown_stack[PHH_MAX];
    int hole[PHH_MAX][7], nhole[PHH_MAX], board[5]; /* up to seven hole cards (stud) */
    /* a hand run more than once (_runout_count): nruns boards, the first run's first
     * (board[] then holds the first run's too); nruns is 0 for a hand run once */
    int nruns, run_board[PHH_RUNS][5];
    char partial[32]; /* "" for a hand played to its end; else what comes next ("p3 to act") */
} PhhHand;

/* The short all-in big blind rule (showdown.phh.betting.short_blind and full_blind_owed),
 * one rule for the replay (histories.c) and the rooms' builder (rooms_builder.c): in no
 * and pot limit, a blind posted all in that leaves every blind posted (the largest:
 * largest_blind) below the stakes' big blind leaves the full big blind owed, preflop
 * (street 0) while the bet to match is below it. */
static inline int phh_short_blind(int fixed, int64_t largest_blind, int64_t big_blind, int all_in)
{
    return !fixed && all_in && largest_blind < big_blind;
}

static inline int phh_full_blind_owed(int short_blind, int street, int64_t bet, int64_t big_blind)
{
    return short_blind && street == 0 && bet < big_blind;
}

/* ------------------------------------------------------- inline helpers */

/* An integer of the struct format letter ``fmt`` at ``p`` (see sd_int_format). */
static inline int64_t read_int(const char *p, char fmt)
{
    switch (fmt) {
    case 'b': return *(const int8_t *)p;
    case 'B': return *(const uint8_t *)p;
    case 'h': return *(const int16_t *)p;
    case 'H': return *(const uint16_t *)p;
    case 'i': return *(const int32_t *)p;
    case 'I': return *(const uint32_t *)p;
    case 'l': return (int64_t)*(const long *)p;
    case 'L': return (int64_t)*(const unsigned long *)p;
    case 'q': return *(const int64_t *)p;
    case 'Q': return (int64_t)*(const uint64_t *)p;
    case 'n': return (int64_t)*(const Py_ssize_t *)p;
    case 'N': return (int64_t)*(const size_t *)p;
    }
    return -1;
}

/* Card id as an index into the key and bit tables: 52 for anything outside 0..51. */
static inline unsigned card_index(int64_t v)
{
    return (uint64_t)v < NCARDS ? (unsigned)v : BADCARD;
}

static inline int valid_cards(uint64_t sum, uint64_t any)
{
    return sum == any && (any >> NCARDS) == 0;
}

static inline uint16_t nonflush_rank(const Tables *t, int n, uint32_t rank_sum)
{
    return t->nonflush[n][t->row_start[n][rank_sum >> ROW_BITS] + (rank_sum & ROW_MASK)];
}

/* Rank of n cards given their ids (all in 0..51) and key sum. */
static inline uint16_t rank_of(const Tables *t, int n, const unsigned *idx, uint32_t key)
{
    int suit = t->flush_suit[n][key & 255];
    if (suit < 0) {
        return nonflush_rank(t, n, key >> SUIT_BITS);
    }
    unsigned mask = 0;
    for (int j = 0; j < n; j++) {
        if ((idx[j] & 3) == (unsigned)suit) {
            mask |= 1u << (idx[j] >> 2);
        }
    }
    return t->flush[mask & 8191];
}

/* Row ``i`` of ``ids`` as card indexes (see card_index). */
static inline void read_row(const Ids *ids, Py_ssize_t i, unsigned *idx)
{
    const char *row = (const char *)ids->view.buf + i * ids->s0;
    for (Py_ssize_t j = 0; j < ids->cols; j++) {
        idx[j] = card_index(read_int(row + j * ids->s1, ids->fmt));
    }
}

/* C(n, k); 0 outside 0 <= k <= n. */
static inline int64_t binom(int n, int k)
{
    if (k < 0 || n < k) {
        return 0;
    }
    int64_t r = 1;
    for (int i = 1; i <= k; i++) {
        r = r * (n - k + i) / i;
    }
    return r;
}

/* Adds the ``n`` card ids ``ids`` (0..51) to ``*used`` (a bit per card): 1 if one of
 * them was there already (or is among them twice), else 0. */
static inline int add_cards(uint64_t *used, const unsigned *ids, Py_ssize_t n)
{
    int repeated = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        const uint64_t bit = (uint64_t)1 << ids[i];
        repeated |= (*used & bit) != 0;
        *used |= bit;
    }
    return repeated;
}

/* The colex id (0..6187) of a sorted multiset of five ranks is the sum over its
 * positions j of C(rank + j, j + 1): each rank's term at each position. */
static const int32_t MULTISET_TERM[5][13] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
    {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78},
    {0, 1, 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364},
    {0, 1, 5, 15, 35, 70, 126, 210, 330, 495, 715, 1001, 1365},
    {0, 1, 6, 21, 56, 126, 252, 462, 792, 1287, 2002, 3003, 4368}};

/* The colex id of the sorted five ranks ``rk``. */
static inline int32_t multiset_id(const int rk[5])
{
    return MULTISET_TERM[0][rk[0]] + MULTISET_TERM[1][rk[1]] + MULTISET_TERM[2][rk[2]] +
           MULTISET_TERM[3][rk[3]] + MULTISET_TERM[4][rk[4]];
}

/* The next k-subset of 0..m-1 in lexicographic order (``pick`` ascending): 0 after the last. */
static inline int next_subset(int *pick, int k, int m)
{
    int j = k - 1;
    while (j >= 0 && pick[j] == m - k + j) {
        j--;
    }
    if (j < 0) {
        return 0;
    }
    pick[j]++;
    for (int q = j + 1; q < k; q++) {
        pick[q] = pick[q - 1] + 1;
    }
    return 1;
}

/* Best Omaha rank: exactly two of ``h`` hole cards and three of ``b`` board cards. */
static inline uint16_t omaha_best(const Tables *t, const unsigned *hole, int h,
                                  const unsigned *board, int b)
{
    uint32_t pk[15], tk[10];
    unsigned pm[15][4], tm[10][4];
    int np = 0, nt = 0;
    for (int i = 0; i < h; i++) {
        for (int j = i + 1; j < h; j++, np++) {
            pk[np] = t->keys[hole[i]] + t->keys[hole[j]];
            for (int s = 0; s < 4; s++) {
                pm[np][s] = ((hole[i] & 3) == (unsigned)s ? 1u << (hole[i] >> 2) : 0) |
                            ((hole[j] & 3) == (unsigned)s ? 1u << (hole[j] >> 2) : 0);
            }
        }
    }
    for (int x = 0; x < b; x++) {
        for (int y = x + 1; y < b; y++) {
            for (int z = y + 1; z < b; z++, nt++) {
                tk[nt] = t->keys[board[x]] + t->keys[board[y]] + t->keys[board[z]];
                for (int s = 0; s < 4; s++) {
                    tm[nt][s] = ((board[x] & 3) == (unsigned)s ? 1u << (board[x] >> 2) : 0) |
                                ((board[y] & 3) == (unsigned)s ? 1u << (board[y] >> 2) : 0) |
                                ((board[z] & 3) == (unsigned)s ? 1u << (board[z] >> 2) : 0);
                }
            }
        }
    }
    uint16_t best = 0xffff;
    for (int i = 0; i < np; i++) {
        for (int j = 0; j < nt; j++) {
            uint32_t key = pk[i] + tk[j];
            int suit = t->flush_suit[5][key & 255];
            uint16_t r = suit < 0 ? nonflush_rank(t, 5, key >> SUIT_BITS)
                                  : t->flush[(pm[i][suit] | tm[j][suit]) & 8191];
            best = r < best ? r : best;
        }
    }
    return best;
}

/* One showdown: ranks of P players; counts[p * TALLY + k] += 1 for each of the k best. */
static inline void tally_one(const uint16_t *r, int players, int64_t *counts)
{
    if (players == 2) {
        if (r[0] < r[1]) {
            counts[1]++;
        } else if (r[1] < r[0]) {
            counts[TALLY + 1]++;
        } else {
            counts[2]++;
            counts[TALLY + 2]++;
        }
        return;
    }
    uint16_t best = r[0];
    for (int p = 1; p < players; p++) {
        best = r[p] < best ? r[p] : best;
    }
    int k = 0;
    for (int p = 0; p < players; p++) {
        k += r[p] == best;
    }
    for (int p = 0; p < players; p++) {
        if (r[p] == best) {
            counts[p * TALLY + k]++;
        }
    }
}

/* ----------------------------------------------------- cross-file functions */

/* tables.c: integer buffers. */
char sd_int_format(const Py_buffer *view);
int64_t *sd_read_array(PyObject *obj, Py_ssize_t *length, const char *what);
int sd_get_ids(PyObject *obj, Ids *ids, const char *what);
void *sd_get_out(PyObject *obj, Py_buffer *view, Py_ssize_t count, Py_ssize_t itemsize,
                 const char *what);
int sd_ids_of(PyObject *obj, unsigned *out, Py_ssize_t most, Py_ssize_t *count,
              const char *what);

/* holdem_exact.c: a Hold'em hand's data, its pair table built on first use. */
int sd_make_hole(Tables *t, unsigned c1, unsigned c2, Hole *h);

/* holdem_merged.c: what a call's heads-up deals share, kept from deal to deal (zeroed
 * before the first). A row of the preflop matrix is a hand against every suit pattern of
 * each opponent rank pair: deals with the same flushless tables and the same number of
 * live cards of each rank have the same flushless part (every board as if no flush could
 * happen), and a suit's flush boards add the same to two deals whose holes hold the same
 * ranks of it, with the same live cards of it and of the other suits per rank. */
typedef struct {
    uint64_t key[2];
    const uint16_t *tables[2]; /* NULL: an empty slot */
    int64_t won0, won1;
} SuitPart;

#define SUIT_PARTS_MOST 8192 /* slots of the table of suits' parts at most */

typedef struct {
    const uint16_t *tables[2];
    uint64_t live_counts;
    int64_t won0, won1, boards;
    int valid;
    SuitPart *suits; /* suit_slots slots (a power of two), or NULL: no suit is kept */
    int suit_slots, suits_used;
} HeadsUpMemo;

/* holdem_merged.c: one deal's boards completing ``known`` walked with suit merging
 * (``memo``: NULL, or what the call's previous deals left, see HeadsUpMemo). */
void sd_exact_merged(const Tables *t, const unsigned *known, int nk, const unsigned *deck,
                     int m, const Hole *holes, const int64_t *hole_ids,
                     const uint16_t *const *tables, int players, int64_t *counts,
                     HeadsUpMemo *memo);
/* holdem_merged.c: a hand's non-flush ranks per multiset of the ``left`` ranks to come. */
int sd_flushless_size(int left);
void sd_flushless_table(const Tables *t, uint32_t ranks, int left, uint16_t *out);

/* What the settlement gives, per player and per pot. */
typedef struct {
    int64_t finishing[PHH_MAX], won[PHH_MAX], returned;
    int returned_to, npots, norder;
    int64_t pot_amount[PHH_MAX + 1];
    int pot_from[PHH_MAX + 1]; /* eligible: live[pot_from..] */
    uint32_t pot_winners[PHH_MAX + 1]; /* bit mask of player indices */
    int64_t pot_share[PHH_MAX + 1][PHH_MAX];
    int live[PHH_MAX], nlive, order[PHH_MAX];
    int value[PHH_MAX]; /* -1: shows nothing */
    /* hi-lo games (shape->evaluator 3): each player's low (-1: none that qualifies) and
     * per pot the low half's winners (0: no qualifying low, the high scoops), each
     * half's shares and the pot's winners in resolve's order (the high half's first) */
    int low[PHH_MAX];
    uint32_t pot_low_winners[PHH_MAX + 1];
    int64_t half_share[PHH_MAX + 1][2][PHH_MAX];
    int pot_total_order[PHH_MAX + 1][PHH_MAX], pot_nwinners[PHH_MAX + 1];
    /* each half's winners in their odd-chip order (stud: by the cards held) */
    int half_order[PHH_MAX + 1][2][PHH_MAX], half_count[PHH_MAX + 1][2];
} PhhSettled;

/* A live player who did not muck holds an unknown card (settlement.settle_replay). */
static inline int sd_phh_unknown(const PhhHand *h, int i)
{
    if (h->folded[i] || h->mucked[i]) {
        return 0;
    }
    for (int k = 0; k < h->nhole[i]; k++) {
        if (h->hole[i][k] == NCARDS) {
            return 1;
        }
    }
    return h->nhole[i] == 0;
}

/* settled_tuples.c: the Python tuple of a hand settled (runs of PhhSettled), of one
 * left unsettled (a needed hand unknown), of one stopped early; sd_phh_card_texts()
 * once before any of them (-1 with an error set). */
int sd_phh_card_texts(void);
PyObject *sd_phh_settled_tuple(const PhhHand *h, const PhhSettled *run, int runs, int ordered,
                               int hilo, PyObject *infinite);
PyObject *sd_phh_unknown_tuple(const PhhHand *h, PyObject *infinite);
PyObject *sd_phh_partial_tuple(const PhhHand *h, PyObject *infinite);

/* settlement.c: a hand replayed by histories.c settled; 0 with *result the hand's tuple
 * (settled, or left unsettled as a needed hand is unknown), 1 for the Python path, -1
 * with an error set. infinite: the units of an unknown stack (amounts.INFINITE). */
int sd_phh_settle(const Tables *t, const PhhShape *shape, const PhhHand *h,
                  PyObject *infinite, PyObject **result);

/* The Tables type (module.c), built in tables.c; its methods, file by file. */
PyObject *sd_Tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds);
void sd_Tables_dealloc(Tables *self);
/* evaluate.c */
PyObject *sd_Tables_rank(Tables *self, PyObject *ids);
PyObject *sd_Tables_omaha(Tables *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *sd_Tables_batch(Tables *self, PyObject *args);
PyObject *sd_Tables_omaha_batch(Tables *self, PyObject *args);
PyObject *sd_Tables_tally(Tables *self, PyObject *args);
PyObject *sd_Tables_rank_counts(Tables *self, PyObject *args);
/* batch_vector.c: dense rows of ids of width 1, 2, 4 or 8 bytes, sixteen at a time
 * where the processor has AVX-512; batch_avx2.c: uint8 and int16 rows eight at a time
 * where it has AVX2. Each batch returns how many leading rows it ranked, a multiple of
 * 16 (8), up to the block of 256 that holds the first bad row, if any. */
int sd_avx512_supported(void);
int sd_avx512_prepare(void); /* 1 if the processor has the path (set up, GIL held) */
Py_ssize_t sd_vector_batch(const Tables *t, const void *ids, int width, Py_ssize_t rows, int n,
                           int check, uint16_t *out);
int sd_avx2_supported(void);
int sd_avx2_fits(const Tables *t); /* these tables' rank keys fit (set up, GIL held) */
Py_ssize_t sd_avx2_batch(const Tables *t, const void *ids, int width, Py_ssize_t rows, int n,
                         int check, uint16_t *out);
/* simd.c: prepare sets t->vector_fits (called once, as the tables are made);
 * sd_batch_path is the path (SD_SIMD_*) of dense rows of n ids of ``width`` bytes;
 * sd_simd_cap the cap in force (SHOWDOWN_SIMD, read by sd_simd_init as the module
 * loads, or _kernel.simd()) */
void sd_vector_batch_prepare(Tables *t);
int sd_batch_path(const Tables *t, int n, Py_ssize_t width);
int sd_simd_init(void);
int sd_simd_cap(void);
int sd_simd_level(void);
PyObject *sd_Tables_vector_batch(Tables *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *sd_simd(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
/* holdem_exact.c */
PyObject *sd_Tables_holdem_exact(Tables *self, PyObject *args);
int sd_same_deals(const int64_t *flat, Py_ssize_t deals, int players, const unsigned *known,
                  int nk, Py_ssize_t *rep);
int sd_exact_deals(Tables *self, const unsigned *deck, Py_ssize_t m, const unsigned *known,
                   Py_ssize_t nk, const int64_t *flat, Py_ssize_t deals, Py_ssize_t players,
                   int64_t *counts, int merge);
/* exact_deals.c */
PyObject *sd_Tables_exact_deal_classes(Tables *self, PyObject *args);
PyObject *sd_Tables_exact_ranged(Tables *self, PyObject *args);
/* monte_carlo.c */
PyObject *sd_Tables_holdem_draw(Tables *self, PyObject *args);
PyObject *sd_Tables_omaha_draw(Tables *self, PyObject *args);
/* ranged_deals.c */
PyObject *sd_Tables_deal_picks(Tables *self, PyObject *args);
PyObject *sd_Tables_holdem_deals(Tables *self, PyObject *args);
/* ladders.c */
PyObject *sd_Tables_badugi_batch(Tables *self, PyObject *args);
PyObject *sd_Tables_stud_hilo_batch(Tables *self, PyObject *args);
PyObject *sd_Tables_omaha_hilo(Tables *self, PyObject *args);
/* omaha_exact.c */
PyObject *sd_Tables_omaha_boards(Tables *self, PyObject *args);
PyObject *sd_Tables_omaha_deal_counts(Tables *self, PyObject *args);
/* runout_shares.c */
PyObject *sd_Tables_runout_shares(Tables *self, PyObject *args);
/* histories.c */
PyObject *sd_Tables_phh_settle(Tables *self, PyObject *args);
/* toml.c */
PyObject *sd_Tables_phh_toml(Tables *self, PyObject *text);
/* rooms.c */
PyObject *sd_Tables_room_hands(Tables *self, PyObject *args);
/* verification.c */
PyObject *sd_Tables_phh_rows(Tables *self, PyObject *args);

#endif /* SHOWDOWN_KERNEL_H */

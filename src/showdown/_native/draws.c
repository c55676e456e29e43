/*
 * The Monte Carlo set-up shared by monte_carlo.c and ranged_deals.c (see draws.h): the
 * board tables of a pair of hole ranks, the counts by set of winners, and the deal read
 * from Python.
 */
#include "kernel.h"
#include "draws.h"
#include "omaha_eval.h"

/* --------------------------------------------------------- Hold'em boards */

/* Hole ranks hi >= lo -> 7-card non-flush rank indexed by the five board cards' own
 * non-flush rank: one 5-card lookup per board then serves every player. A board of
 * five cards never holds five of a rank, so those multisets are left out (the compact
 * table has no entry for them). */
const uint16_t *sd_pair5_table(Tables *t, unsigned hi, unsigned lo)
{
    unsigned id = 13 * hi + lo;
    if (t->pairs5[id] == NULL) {
        uint16_t *table = calloc(7463, sizeof(uint16_t));
        if (table == NULL) {
            return NULL;
        }
        uint32_t add = t->rank_keys[hi] + t->rank_keys[lo];
        int r[5];
        for (r[0] = 0; r[0] < 13; r[0]++)
            for (r[1] = r[0]; r[1] < 13; r[1]++)
                for (r[2] = r[1]; r[2] < 13; r[2]++)
                    for (r[3] = r[2]; r[3] < 13; r[3]++)
                        for (r[4] = r[3]; r[4] < 13; r[4]++) {
                            if (r[0] == r[4]) {
                                continue; /* five of a rank */
                            }
                            uint32_t key = 0;
                            for (int j = 0; j < 5; j++) {
                                key += t->rank_keys[r[j]];
                            }
                            table[nonflush_rank(t, 5, key)] = nonflush_rank(t, 7, key + add);
                        }
        t->pairs5[id] = table;
    }
    return t->pairs5[id];
}

/* Omaha: the 5-card non-flush rank of three board ranks and two hole ranks, at
 * OMAHA_PAIRS * (colex id of the three) + (colex id of the two), ids as multiset_id
 * reads them (ascending ranks); one load where a rank-key sum takes two (its row, then
 * its rank). Five of a rank, never dealt, is left 0. NULL when out of memory. */
const uint16_t *sd_omaha_parts(Tables *t)
{
    if (t->omaha_parts == NULL) {
        uint16_t *table = calloc(OMAHA_TRIPLES * OMAHA_PAIRS, sizeof(uint16_t));
        if (table == NULL) {
            return NULL;
        }
        for (int a = 0; a < 13; a++)
            for (int b = a; b < 13; b++)
                for (int c = b; c < 13; c++)
                    for (int x = 0; x < 13; x++)
                        for (int y = x; y < 13; y++) {
                            if (a == c && x == a && y == a) {
                                continue; /* five of a rank */
                            }
                            uint32_t key = t->rank_keys[a] + t->rank_keys[b] + t->rank_keys[c] +
                                           t->rank_keys[x] + t->rank_keys[y];
                            table[OMAHA_PAIRS * omaha_triple_id(a, b, c) + omaha_pair_id(x, y)] =
                                nonflush_rank(t, 5, key);
                        }
        t->omaha_parts = table;
    }
    return t->omaha_parts;
}

/* counts[p * TALLY + k] += showdowns whose k winners include player p. */
void sd_add_by_winners(const int64_t *by_winners, Py_ssize_t players, int64_t *counts)
{
    for (unsigned mask = 1; mask < (1u << players); mask++) {
        int k = 0;
        for (unsigned m = mask; m; m &= m - 1) {
            k++;
        }
        for (Py_ssize_t p = 0; p < players; p++) {
            if ((mask >> p) & 1) {
                counts[p * TALLY + k] += by_winners[mask];
            }
        }
    }
}

/* ---------------------------------------------------------------- the deal */

void sd_release_deal(Deal *d)
{
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(d->ids[p]);
        free(d->bits[p]);
    }
    for (int v = 0; v < d->n_picks; v++) {
        PyBuffer_Release(&d->views[v]);
    }
}

/* One player's ``(combos, picks or None)`` tuple into ``d`` (player ``p``). */
static int read_player(Deal *d, Py_ssize_t p, PyObject *item, int hole, Py_ssize_t trials,
                       uint64_t board_mask, uint64_t *fixed_mask)
{
    if (item == Py_None && d->may_deal) { /* dealt from the deck, trial by trial */
        d->dealt[p] = 1;
        d->n_dealt++;
        return 0;
    }
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
        PyErr_SetString(PyExc_TypeError, "each player is a (combos, picks or None) tuple");
        return -1;
    }
    Py_ssize_t n;
    int64_t *flat = sd_read_array(PyTuple_GET_ITEM(item, 0), &n, "combos (flattened)");
    if (flat == NULL) {
        return -1;
    }
    Py_ssize_t size = d->sizes[p] = n / hole;
    d->ids[p] = malloc(sizeof(unsigned) * (size_t)(n > 0 ? n : 1));
    d->bits[p] = malloc(sizeof(uint64_t) * (size_t)(size > 0 ? size : 1));
    if (d->ids[p] == NULL || d->bits[p] == NULL) {
        PyErr_NoMemory();
    }
    for (Py_ssize_t c = 0; c < size && !PyErr_Occurred(); c++) {
        uint64_t bits = 0;
        for (int j = 0; j < hole; j++) {
            int64_t id = flat[c * hole + j];
            uint64_t bit = id >= 0 && id < NCARDS ? (uint64_t)1 << id : 0;
            if (bit == 0 || (bits & bit) || (board_mask & bit)) {
                PyErr_SetString(PyExc_ValueError, "a combo holds a bad or board card");
                break;
            }
            bits |= bit;
            d->ids[p][c * hole + j] = (unsigned)id;
        }
        d->bits[p][c] = bits;
    }
    free(flat);
    PyObject *pick = PyTuple_GET_ITEM(item, 1);
    if (PyErr_Occurred()) {
        return -1;
    }
    if (pick == Py_None) {
        if (size > 1 && d->ranges_here) {
            return 0;
        }
        if (size != 1) {
            PyErr_SetString(PyExc_ValueError, "a fixed player has exactly one combo");
            return -1;
        }
        *fixed_mask |= d->bits[p][0];
        return 0;
    }
    if (PyObject_GetBuffer(pick, &d->views[d->n_picks], PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    Py_buffer *v = &d->views[d->n_picks++];
    if (v->itemsize != 8 || v->len / 8 != trials) {
        PyErr_SetString(PyExc_ValueError, "picks must be int64, one per trial");
        return -1;
    }
    d->picks[p] = v->buf;
    for (Py_ssize_t i = 0; i < trials; i++) {
        if ((uint64_t)d->picks[p][i] >= (uint64_t)size) {
            PyErr_SetString(PyExc_ValueError, "a pick is outside the player's combos");
            return -1;
        }
    }
    return 0;
}

/* The known board, the live cards and the players of a Monte Carlo call into ``d``
 * (zeroed here; sd_release_deal() it whatever this returns). */
int sd_read_deal(Deal *d, PyObject *board_obj, PyObject *live_obj, PyObject *players_obj,
                     int hole, Py_ssize_t trials, const char *name, int flags)
{
    memset(d, 0, sizeof(*d));
    d->ranges_here = (flags & DEAL_RANGES_HERE) != 0;
    d->may_deal = (flags & DEAL_FROM_DECK) != 0;
    unsigned live[NCARDS];
    Py_ssize_t m;
    if (sd_ids_of(board_obj, d->known, 5, &d->nk, "board") < 0 ||
        sd_ids_of(live_obj, live, NCARDS, &m, "live") < 0) {
        return -1;
    }
    if (trials < 0) {
        PyErr_SetString(PyExc_ValueError, "trials must be >= 0");
        return -1;
    }
    PyObject *seq = PySequence_Fast(players_obj, "players must be a sequence");
    if (seq == NULL) {
        return -1;
    }
    d->players = PySequence_Fast_GET_SIZE(seq);
    uint64_t board_mask = 0, fixed_mask = 0;
    for (Py_ssize_t i = 0; i < d->nk; i++) {
        board_mask |= (uint64_t)1 << d->known[i];
    }
    if (d->players < 2 || d->players > MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "%s takes 2 to 10 players", name);
    }
    for (Py_ssize_t p = 0; p < d->players && !PyErr_Occurred(); p++) {
        read_player(d, p, PySequence_Fast_GET_ITEM(seq, p), hole, trials, board_mask,
                    &fixed_mask);
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        if (!(((board_mask | fixed_mask) >> live[i]) & 1)) {
            d->deck[d->size++] = live[i];
        }
    }
    if ((uint32_t)(5 - d->nk) + (uint32_t)(hole * (d->n_picks + d->n_dealt)) > d->size) {
        PyErr_SetString(PyExc_ValueError, "too few live cards to complete the board");
        return -1;
    }
    return 0;
}

/* Each player's combos of ``d`` as Holes in a fresh ``combos[p]`` (freed by the caller),
 * each with the non-flush ranks of its hole ranks by the board's 5-card rank: -1 with an
 * exception set when memory or a card fails. */
int sd_deal_holes(Tables *t, const Deal *d, Hole **combos)
{
    for (Py_ssize_t p = 0; p < d->players; p++) {
        combos[p] = malloc(sizeof(Hole) * (size_t)(d->sizes[p] > 0 ? d->sizes[p] : 1));
        if (combos[p] == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t c = 0; c < d->sizes[p]; c++) {
            unsigned c1 = d->ids[p][2 * c], c2 = d->ids[p][2 * c + 1], r1 = c1 >> 2, r2 = c2 >> 2;
            if (sd_make_hole(t, c1, c2, &combos[p][c]) < 0) {
                return -1;
            }
            combos[p][c].pair = sd_pair5_table(t, r1 > r2 ? r1 : r2, r1 > r2 ? r2 : r1);
            if (combos[p][c].pair == NULL) {
                PyErr_NoMemory();
                return -1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------ boards by index */

static void fill_nth_in_byte(void);

void sd_picks_of(const Tables *t, Picks *pk, uint64_t deck, uint32_t m, int k,
                 const unsigned *known, Py_ssize_t nk)
{
    uint32_t product = 1;
    for (int j = 0; j < k; j++) {
        product *= m - (uint32_t)j; /* 52 * 51 * 50 * 49 * 48 < 2**32 */
    }
    pk->deck = deck;
    pk->m = m;
    pk->reject = (0u - product) % product;
    pk->base_key = 0;
    pk->base_lanes = 0;
    for (Py_ssize_t i = 0; i < nk; i++) {
        pk->base_key += t->keys[known[i]];
        pk->base_lanes |= (uint64_t)1 << (13 * (known[i] & 3) + (known[i] >> 2));
    }
    for (unsigned c = 0; c < NCARDS; c++) {
        pk->key[c] = t->keys[c];
        pk->lane[c] = (uint64_t)1 << (13 * (c & 3) + (c >> 2));
    }
    fill_nth_in_byte(); /* here, with the GIL held: the draws read them without */
    (void)sd_fast_pdep();
}

/* Per byte value and i < 8, the position of its i-th lowest set bit (8 if none). */
static uint8_t nth_in_byte[8][256];

static void fill_nth_in_byte(void)
{
    static int filled = 0;
    if (filled) {
        return;
    }
    for (unsigned v = 0; v < 256; v++) {
        unsigned i = 0;
        for (unsigned bit = 0; bit < 8; bit++) {
            if ((v >> bit) & 1) {
                nth_in_byte[i++][v] = (uint8_t)bit;
            }
        }
        for (; i < 8; i++) {
            nth_in_byte[i][v] = 8;
        }
    }
    filled = 1;
}

/* The i-th lowest set bit of x (i below its count), portably, in two steps: the
 * bytes' bit counts summed by a multiply (byte j of ``upto``: the bits of bytes 0..j),
 * once per mask; then per i, the bytes whose sum is at most i counted in parallel
 * (i + 128 - sum keeps its high bit exactly then, no byte borrowing: every sum is at
 * most 64), which is the byte holding the bit, and a table within the byte. */
static inline uint64_t byte_sums(uint64_t x)
{
    uint64_t s = x - ((x >> 1) & 0x5555555555555555ULL);
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return s * 0x0101010101010101ULL;
}

static inline unsigned nth_bit_portable(uint64_t x, uint64_t upto, unsigned i)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t at_most = (((uint64_t)i * ones | highs) - upto) & highs;
    unsigned byte = (unsigned)(((at_most >> 7) * ones) >> 56);
    unsigned before = (unsigned)((upto << 8) >> (8 * byte)) & 255;
    return 8 * byte + nth_in_byte[i - before][(x >> (8 * byte)) & 255];
}

/* The positions of a board's k cards among the m cards left, drawn without replacement
 * from one 32-bit number: digit j is a position among the m - j cards the first j leave
 * (multiply and keep the high half), the number redrawn below ``pk->reject`` so that
 * every board is equally likely. Uses the caller's ``rng``, ``x``, ``half``, ``m``, ``pk``. */
#define DRAW_POSITIONS(k, at)                                                                  \
    do {                                                                                       \
        uint32_t l_;                                                                           \
        do {                                                                                   \
            l_ = rng_half(rng, &x, &half);                                                     \
            for (int j_ = 0; j_ < (k); j_++) {                                                 \
                uint64_t y_ = (uint64_t)l_ * (m - (uint32_t)j_);                               \
                (at)[j_] = (uint32_t)(y_ >> 32);                                               \
                l_ = (uint32_t)y_;                                                             \
            }                                                                                  \
        } while (l_ < pk->reject);                                                             \
    } while (0)

/* One block's boards (see Picks), the i-th card found by ``NTH``: written once, built
 * as a portable function and, where the compiler can, one for BMI2. */
#define INDEX_BOARDS(NTH, k)                                                                   \
    do {                                                                                       \
        const uint32_t m = pk->m;                                                              \
        uint64_t x = 0;                                                                        \
        int half = 0;                                                                          \
        for (int b = 0; b < stop; b++) {                                                       \
            uint32_t at[5];                                                                    \
            DRAW_POSITIONS(k, at);                                                             \
            uint64_t left = pk->deck & ~taken_of[b];                                           \
            uint32_t key = pk->base_key;                                                       \
            uint64_t lanes = pk->base_lanes;                                                   \
            for (int j = 0; j < (k); j++) {                                                    \
                unsigned c = NTH(left, at[j]);                                                 \
                left ^= (uint64_t)1 << c;                                                      \
                key += pk->key[c];                                                             \
                lanes |= pk->lane[c];                                                          \
            }                                                                                  \
            keys_of[b] = key;                                                                  \
            lanes_of[b] = lanes;                                                               \
        }                                                                                      \
    } while (0)

/* The ranks, among the cards of the mask, of five digits drawn without replacement
 * (digit j: a position among the cards the first j left): each digit passes every
 * earlier rank at or below it, taken in ascending order (kept sorted by min-max
 * insertion, no branch), so that the cards are then found independently of each other,
 * not each after the one before (the portable select is long: a chain of five of them
 * was the loop's time). A board of fewer cards reads the first ranks (the digits past
 * it are zeros). */
#define MIN_OF(a, b) ((a) < (b) ? (a) : (b))
#define MAX_OF(a, b) ((a) > (b) ? (a) : (b))

static inline void ranks_of(const uint32_t at[5], uint32_t rank[5])
{
    uint32_t r0 = at[0], r1 = at[1] + (at[1] >= r0);
    uint32_t a0 = MIN_OF(r0, r1), a1 = MAX_OF(r0, r1);
    uint32_t r2 = at[2];
    r2 += r2 >= a0;
    r2 += r2 >= a1;
    uint32_t b0 = MIN_OF(a0, r2), b1 = MAX_OF(a0, MIN_OF(a1, r2)), b2 = MAX_OF(a1, r2);
    uint32_t r3 = at[3];
    r3 += r3 >= b0;
    r3 += r3 >= b1;
    r3 += r3 >= b2;
    uint32_t c0 = MIN_OF(b0, r3), c1 = MAX_OF(b0, MIN_OF(b1, r3));
    uint32_t c2 = MAX_OF(b1, MIN_OF(b2, r3)), c3 = MAX_OF(b2, r3);
    uint32_t r4 = at[4];
    r4 += r4 >= c0;
    r4 += r4 >= c1;
    r4 += r4 >= c2;
    r4 += r4 >= c3;
    rank[0] = r0;
    rank[1] = r1;
    rank[2] = r2;
    rank[3] = r3;
    rank[4] = r4;
}

#define INDEX_BOARDS_RANKED(NTH, k)                                                            \
    do {                                                                                       \
        const uint32_t m = pk->m;                                                              \
        uint64_t x = 0;                                                                        \
        int half = 0;                                                                          \
        for (int b = 0; b < stop; b++) {                                                       \
            uint32_t at[5] = {0, 0, 0, 0, 0}, rank[5];                                         \
            DRAW_POSITIONS(k, at);                                                             \
            ranks_of(at, rank);                                                                \
            const uint64_t left = pk->deck & ~taken_of[b];                                     \
            const uint64_t upto = byte_sums(left);                                             \
            uint32_t key = pk->base_key;                                                       \
            uint64_t lanes = pk->base_lanes;                                                   \
            for (int j = 0; j < (k); j++) {                                                    \
                unsigned c = NTH(left, upto, rank[j]);                                         \
                key += pk->key[c];                                                             \
                lanes |= pk->lane[c];                                                          \
            }                                                                                  \
            keys_of[b] = key;                                                                  \
            lanes_of[b] = lanes;                                                               \
        }                                                                                      \
    } while (0)

HOT_LOOPS static void index_boards_portable(Rng *rng, int stop, const uint64_t *taken_of, const Picks *pk,
                                  int k, uint32_t *keys_of, uint64_t *lanes_of)
{
    if (k == 5) { /* preflop: the loops unrolled */
        INDEX_BOARDS_RANKED(nth_bit_portable, 5);
    } else {
        INDEX_BOARDS_RANKED(nth_bit_portable, k);
    }
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(_M_X64)) && !defined(SHOWDOWN_NO_BMI2)
#include <immintrin.h>
#define WITH_BMI2 __attribute__((target("bmi,bmi2")))

WITH_BMI2 static inline unsigned nth_bit_bmi2(uint64_t x, unsigned i)
{
    return (unsigned)__builtin_ctzll(_pdep_u64((uint64_t)1 << i, x));
}

WITH_BMI2 HOT_LOOPS static void index_boards_bmi2(Rng *rng, int stop, const uint64_t *taken_of,
                                        const Picks *pk, int k, uint32_t *keys_of,
                                        uint64_t *lanes_of)
{
    if (k == 5) {
        INDEX_BOARDS(nth_bit_bmi2, 5);
    } else {
        INDEX_BOARDS(nth_bit_bmi2, k);
    }
}

/* BMI2's PDEP, where it is one fast instruction (microcoded on AMD Zen 1 and 2). */
int sd_fast_pdep(void)
{
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") &&
                !__builtin_cpu_is("znver2");
    }
    return known;
}
#else
int sd_fast_pdep(void)
{
    return 0;
}
#endif

/* One group: each deal's cards left listed in ascending order (``lists``, pk->m each),
 * so the card of a rank is one load: the same cards as the select, with no select. */
#define LISTED_BOARDS(k)                                                                       \
    do {                                                                                       \
        const uint32_t m = pk->m;                                                              \
        uint64_t x = 0;                                                                        \
        int half = 0;                                                                          \
        for (int b = 0; b < stop; b++) {                                                       \
            uint32_t at[5] = {0, 0, 0, 0, 0}, rank[5];                                         \
            DRAW_POSITIONS(k, at);                                                             \
            ranks_of(at, rank);                                                                \
            const uint8_t *list = lists + (size_t)deal_of[b][0] * m;                           \
            uint32_t key = pk->base_key;                                                       \
            uint64_t lanes = pk->base_lanes;                                                   \
            for (int j = 0; j < (k); j++) {                                                    \
                unsigned c = list[rank[j]];                                                    \
                key += pk->key[c];                                                             \
                lanes |= pk->lane[c];                                                          \
            }                                                                                  \
            keys_of[b] = key;                                                                  \
            lanes_of[b] = lanes;                                                               \
        }                                                                                      \
    } while (0)

HOT_LOOPS void sd_listed_boards(Rng *rng_out, int stop, const uint32_t (*deal_of)[MAX_PLAYERS],
                      const uint8_t *lists, const Picks *pk, int k, uint32_t *keys_of,
                      uint64_t *lanes_of)
{
    Rng local = *rng_out, *rng = &local;
    if (k == 5) {
        LISTED_BOARDS(5);
    } else {
        LISTED_BOARDS(k);
    }
    *rng_out = local;
}

void sd_index_boards(Rng *rng, int stop, const uint64_t *taken_of, const Picks *pk, int k,
                     uint32_t *keys_of, uint64_t *lanes_of)
{
    Rng local = *rng; /* in registers: the stores of the boards could alias *rng */
#ifdef WITH_BMI2
    if (sd_fast_pdep()) {
        index_boards_bmi2(&local, stop, taken_of, pk, k, keys_of, lanes_of);
        *rng = local;
        return;
    }
#endif
    index_boards_portable(&local, stop, taken_of, pk, k, keys_of, lanes_of);
    *rng = local;
}

/*
 * Monte Carlo equity with the boards drawn here, Hold'em and Omaha: per trial a board
 * completing the known cards, drawn uniformly from the live cards with xoshiro256**
 * (one seed gives the same counts on every machine), and one combo per player picked
 * by Python (or a fixed hand).
 */
#include "kernel.h"

/* ------------------------------------------------------------ the generator */

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64: small, fast, and the
 * same numbers on every platform for one seed. */
typedef struct {
    uint64_t s[4];
} Rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        r->s[i] = splitmix64(&seed);
    }
}

static inline uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (1 <= n < 2**32) from 32 random bits ``u``, exactly: Lemire's
 * multiply-shift; the few low products that would bias it (probability below n / 2**32)
 * are drawn again from the generator. */
static inline uint32_t below(Rng *r, uint32_t u, uint32_t n)
{
    uint64_t x = (uint64_t)u * n;
    if ((uint32_t)x < n) {
        uint32_t floor = (uint32_t)(0u - n) % n;
        while ((uint32_t)x < floor) {
            x = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
        }
    }
    return (uint32_t)(x >> 32);
}

/* --------------------------------------------------------- Hold'em boards */

/* Hole ranks hi >= lo -> 7-card non-flush rank indexed by the five board cards' own
 * non-flush rank: one 5-card lookup per board then serves every player. A board of
 * five cards never holds five of a rank, so those multisets are left out (the compact
 * table has no entry for them). */
static const uint16_t *pair5_table(Tables *t, unsigned hi, unsigned lo)
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

/* A set of 1 to 3 deck cards drawn as one: its card bits, rank lanes and key sum, and
 * its first two cards' positions in the deck (low byte, next byte). */
typedef struct {
    uint64_t bits;
    uint64_t lanes; /* rank bits in 13-bit suit lanes */
    uint32_t key;
    uint32_t at;
} Part;

/* Every ``size``-subset of ``deck[0..m)`` (size 1, 2 or 3); NULL when out of memory. */
static Part *make_parts(const Tables *t, const unsigned *deck, int m, int size, uint32_t *count)
{
    uint32_t n = (uint32_t)binom(m, size);
    Part *parts = malloc(sizeof(Part) * (n > 0 ? n : 1));
    if (parts == NULL) {
        return NULL;
    }
    uint32_t at = 0;
    int pick[3] = {0, 1, 2};
    while (at < n) {
        Part q = {0, 0, 0, (uint32_t)pick[0] | (size > 1 ? (uint32_t)pick[1] << 8 : 0)};
        for (int j = 0; j < size; j++) {
            unsigned c = deck[pick[j]];
            q.bits |= (uint64_t)1 << c;
            q.lanes |= (uint64_t)1 << (13 * (c & 3) + (c >> 2));
            q.key += t->keys[c];
        }
        parts[at++] = q;
        if (!next_subset(pick, size, m)) {
            break;
        }
    }
    *count = n;
    return parts;
}

/* Every ``size``-subset of the positions 0..m-1 (size 2 or 3), each packed in one
 * uint32 (a byte per position, ascending); NULL when out of memory. */
static uint32_t *make_positions(int m, int size, uint32_t *count)
{
    uint32_t n = (uint32_t)binom(m, size);
    uint32_t *out = malloc(sizeof(uint32_t) * (n > 0 ? n : 1));
    if (out == NULL) {
        return NULL;
    }
    int pick[3] = {0, 1, 2};
    for (uint32_t at = 0; at < n; at++) {
        uint32_t packed = 0;
        for (int j = 0; j < size; j++) {
            packed |= (uint32_t)pick[j] << (8 * j);
        }
        out[at] = packed;
        next_subset(pick, size, m);
    }
    *count = n;
    return out;
}

/* The deck position of the ``q``-th card left once positions a < b are taken out. */
static inline unsigned skip_two(unsigned q, unsigned a, unsigned b)
{
    q += q >= a;
    return q + (q >= b);
}

/* What a trial's board is drawn from: the first parts (NULL: nothing to draw), the
 * second parts' packed positions (NULL: none) and, per deck position, its card. */
typedef struct {
    const Part *first;
    const uint32_t *second;
    uint32_t n_first, n_second;
    uint32_t base_key;   /* the known board cards' */
    uint64_t base_lanes;
    uint64_t card_bits[NCARDS], card_lanes[NCARDS];
    uint32_t card_keys[NCARDS];
} Draw;

/* One board: the first part, then ``second`` (0, 2 or 3: a constant where inlined) of the
 * cards it leaves; drawn again while it holds a card of ``used``. */
static inline void draw_board(Rng *rng, const Draw *d, int second, uint64_t used,
                              uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    while (d->first != NULL) {
        uint64_t u = rng_next(rng);
        const Part *x = &d->first[below(rng, (uint32_t)(u >> 32), d->n_first)];
        uint64_t bits = x->bits;
        key = x->key;
        lanes = x->lanes;
        if (second > 0) {
            uint32_t at = d->second[below(rng, (uint32_t)u, d->n_second)];
            unsigned a = x->at & 255, c = x->at >> 8;
            for (int j = 0; j < second; j++, at >>= 8) {
                unsigned q = skip_two(at & 255, a, c);
                key += d->card_keys[q];
                lanes |= d->card_lanes[q];
                bits |= d->card_bits[q];
            }
        }
        if ((bits & used) == 0) {
            break;
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* One board's k missing cards drawn one at a time among the deck's ``size`` cards, each
 * drawn again while it is in ``used`` or already drawn: uniform over the k-subsets of
 * the cards left, and cheaper than drawing whole boards again when many hole cards are
 * out (a 6-handed deal leaves a whole board clear of them about one time in five). */
static inline void draw_cards(Rng *rng, const Draw *d, uint32_t size, int k, uint64_t used,
                              uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    for (int j = 0; j < k;) {
        uint64_t u = rng_next(rng);
        for (int half = 0; half < 2 && j < k; half++, u <<= 32) {
            uint32_t q = below(rng, (uint32_t)(u >> 32), size);
            uint64_t bit = d->card_bits[q];
            if ((bit & used) == 0) {
                used |= bit;
                key += d->card_keys[q];
                lanes |= d->card_lanes[q];
                j++;
            }
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* draw_cards without a branch per card: a card that is taken adds nothing and is drawn
 * again (the same draws, in the same order, as draw_cards, so the same boards), and only
 * the end of the loop depends on the draws: a rejected card costs no mispredicted branch. */
static inline void draw_cards_flat(Rng *rng, const Draw *d, uint32_t size, int k, uint64_t used,
                                   uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    int j = 0;
    while (j < k) {
        uint64_t u = rng_next(rng);
        for (int half = 0; half < 2; half++, u <<= 32) {
            uint32_t q = below(rng, (uint32_t)(u >> 32), size);
            uint64_t bit = d->card_bits[q];
            uint64_t take = (uint64_t)0 - (uint64_t)((bit & used) == 0 && j < k);
            used |= bit & take;
            key += d->card_keys[q] & (uint32_t)take;
            lanes |= d->card_lanes[q] & take;
            j += (int)(take & 1);
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* ------------------------------------------------------------- showdowns */

/* The players holding the best of ``players`` ranks, as a mask (bit p: player p), found
 * with no branch on who won: the draws count showdowns per mask (a branch per winner
 * would be mispredicted about every other trial), and add_by_winners turns them into
 * counts at the end. */
static inline unsigned winners_mask(const uint16_t *r, Py_ssize_t players)
{
    uint16_t best = r[0];
    for (Py_ssize_t p = 1; p < players; p++) {
        best = r[p] < best ? r[p] : best;
    }
    unsigned mask = 0;
    for (Py_ssize_t p = 0; p < players; p++) {
        mask |= (unsigned)(r[p] == best) << p;
    }
    return mask;
}

/* counts[p * TALLY + k] += showdowns whose k winners include player p. */
static void add_by_winners(const int64_t *by_winners, Py_ssize_t players, int64_t *counts)
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

/* What a Monte Carlo call draws for: per player its combos (``hole`` ids each: in 0..51,
 * distinct, off the board) with their card bits, and its picks (one combo index per
 * trial) or NULL for a fixed hand; the known board cards and the deck the boards are
 * drawn from (the live cards off the board and out of the fixed hands). */
typedef struct {
    Py_ssize_t players, sizes[MAX_PLAYERS];
    int n_picks;
    unsigned *ids[MAX_PLAYERS];
    uint64_t *bits[MAX_PLAYERS];
    const int64_t *picks[MAX_PLAYERS];
    Py_buffer views[MAX_PLAYERS];
    unsigned known[5], deck[NCARDS];
    Py_ssize_t nk;
    uint32_t size;
    int ranges_here; /* holdem_deals: a ranged player's picks are None, drawn in here */
} Deal;

static void release_deal(Deal *d)
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
 * (zeroed here; release_deal() it whatever this returns). */
static int read_deal(Deal *d, PyObject *board_obj, PyObject *live_obj, PyObject *players_obj,
                     int hole, Py_ssize_t trials, const char *name, int ranges_here)
{
    memset(d, 0, sizeof(*d));
    d->ranges_here = ranges_here;
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
    if ((uint32_t)(5 - d->nk) + (uint32_t)(hole * d->n_picks) > d->size) {
        PyErr_SetString(PyExc_ValueError, "too few live cards to complete the board");
        return -1;
    }
    return 0;
}

/* ----------------------------------------------------------- Hold'em draws */

#define BLOCK 256 /* trials per block of the Hold'em draws */

/* holdem_draw(board, live, players, trials, seed, counts, ranks=None): see its docstring
 * in module.c. */
PyObject *sd_Tables_holdem_draw(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *counts_obj, *ranks_obj = Py_None;
    Py_ssize_t trials;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOnKO|O:holdem_draw", &board_obj, &live_obj, &players_obj,
                          &trials, &seed, &counts_obj, &ranks_obj)) {
        return NULL;
    }
    Deal deal;
    Py_buffer counts_view, ranks_view;
    int64_t *counts = NULL;
    uint16_t *ranks_out = NULL;
    Hole *combos[MAX_PLAYERS] = {NULL};
    Part *parts_a = NULL;
    uint32_t *second_at = NULL;
    int64_t *by_winners = NULL; /* showdowns per set of winners (see winners_mask) */
    if (read_deal(&deal, board_obj, live_obj, players_obj, 2, trials, "holdem_draw", 0) < 0) {
        goto done;
    }
    by_winners = calloc((size_t)1 << deal.players, sizeof(int64_t));
    if (by_winners == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    const unsigned *known = deal.known, *deck = deal.deck;
    const int64_t *const *picks = deal.picks;
    uint32_t size = deal.size;
    int n_picks = deal.n_picks;
    counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    if (counts == NULL) {
        goto done;
    }
    if (ranks_obj != Py_None) {
        ranks_out = sd_get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
        if (ranks_out == NULL) {
            goto done;
        }
    }
    /* Each combo's hand data, its non-flush ranks indexed by the board's own 5-card rank. */
    for (Py_ssize_t p = 0; p < players; p++) {
        combos[p] = malloc(sizeof(Hole) * (size_t)(deal.sizes[p] > 0 ? deal.sizes[p] : 1));
        if (combos[p] == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t c = 0; c < deal.sizes[p]; c++) {
            unsigned c1 = deal.ids[p][2 * c], c2 = deal.ids[p][2 * c + 1], r1 = c1 >> 2,
                     r2 = c2 >> 2;
            if (sd_make_hole(self, c1, c2, &combos[p][c]) < 0) {
                goto done;
            }
            combos[p][c].pair = pair5_table(self, r1 > r2 ? r1 : r2, r1 > r2 ? r2 : r1);
            if (combos[p][c].pair == NULL) {
                PyErr_NoMemory();
                goto done;
            }
        }
    }
    int k = 5 - (int)nk;
    /* The missing cards come as one or two parts: 5 = 2 + 3, 4 = 2 + 2, else one part.
     * The first is a uniform pair of the deck, the second a uniform subset of the
     * cards the pair leaves (positions among them, mapped past the pair's two): every
     * k-subset then has the same chance (each is split the same number of ways), and
     * the parts never collide, so only a trial's hole cards can send it back. */
    int first = k == 5 || k == 4 ? 2 : k, second = k == 5 ? 3 : k == 4 ? 2 : 0;
    uint32_t n_first = 1, n_second = 1;
    if (first > 0) {
        parts_a = make_parts(self, deck, (int)size, first, &n_first);
        if (second > 0) {
            second_at = make_positions((int)size - first, second, &n_second);
        }
        if (parts_a == NULL || (second > 0 && second_at == NULL)) {
            PyErr_NoMemory();
            goto done;
        }
    }
    {
        uint32_t base_key = 0;
        uint64_t base_lanes = 0;
        for (Py_ssize_t i = 0; i < nk; i++) {
            base_key += self->keys[known[i]];
            base_lanes |= (uint64_t)1 << (13 * (known[i] & 3) + (known[i] >> 2));
        }
        Draw draw = {parts_a, second_at, n_first, n_second, base_key, base_lanes, {0}, {0}, {0}};
        for (uint32_t i = 0; i < size; i++) {
            draw.card_bits[i] = (uint64_t)1 << deck[i];
            draw.card_lanes[i] = (uint64_t)1 << (13 * (deck[i] & 3) + (deck[i] >> 2));
            draw.card_keys[i] = self->keys[deck[i]];
        }
        const int8_t *fs = self->flush_suit[7];
        const uint16_t *nf5 = self->nonflush[5], *flush = self->flush;
        const uint32_t *row_start5 = self->row_start[5];
        int all_fixed = n_picks == 0;
        /* three or more ranged hands: the board card by card (see draw_cards) */
        int card_by_card = n_picks >= 3 && k > 0;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        uint16_t r[MAX_PLAYERS];
        const Hole *h[MAX_PLAYERS];
        for (Py_ssize_t p = 0; p < players; p++) {
            h[p] = &combos[p][0];
        }
        int64_t w0 = 0, w1 = 0, ties = 0;
        const uint32_t key0 = h[0]->key, key1 = h[1]->key;
        const uint64_t major0 = h[0]->major, major1 = h[1]->major;
        const uint16_t *pair0 = h[0]->pair, *pair1 = h[1]->pair;
        uint32_t keys_of[BLOCK];
        uint64_t lanes_of[BLOCK];
        /* Blocks of trials in two passes: draw every board of the block, then play the
         * showdowns (the second pass's table loads do not wait on the generator). */
        for (Py_ssize_t start = 0; start < trials; start += BLOCK) {
            int stop = trials - start < BLOCK ? (int)(trials - start) : BLOCK;
            if (all_fixed && first == 2 && second == 3) { /* the common case, preflop */
                for (int b = 0; b < stop; b++) {
                    draw_board(&rng, &draw, 3, 0, &keys_of[b], &lanes_of[b]);
                }
            } else {
                for (int b = 0; b < stop; b++) {
                    uint64_t used = 0;
                    if (!all_fixed) {
                        for (Py_ssize_t p = 0; p < players; p++) {
                            if (picks[p] != NULL) {
                                used |= combos[p][picks[p][start + b]].bits;
                            }
                        }
                    }
                    if (card_by_card) {
                        draw_cards(&rng, &draw, size, k, used, &keys_of[b], &lanes_of[b]);
                    } else {
                        draw_board(&rng, &draw, second, used, &keys_of[b], &lanes_of[b]);
                    }
                }
            }
            if (all_fixed && players == 2 && ranks_out == NULL) { /* both holes in locals */
                for (int b = 0; b < stop; b++) {
                    uint32_t key = keys_of[b];
                    uint64_t lanes = lanes_of[b];
                    uint32_t board_sum = key >> SUIT_BITS;
                    unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                    int s0 = fs[(key + key0) & 255], s1 = fs[(key + key1) & 255];
                    unsigned r0 = pair0[b5], r1 = pair1[b5];
                    if (s0 >= 0) {
                        r0 = flush[((lanes | major0) >> (13 * s0)) & 8191];
                    }
                    if (s1 >= 0) {
                        r1 = flush[((lanes | major1) >> (13 * s1)) & 8191];
                    }
                    w0 += r0 < r1;
                    w1 += r1 < r0;
                    ties += r0 == r1;
                }
                continue;
            }
            for (int b = 0; b < stop; b++) {
                uint32_t key = keys_of[b];
                uint64_t lanes = lanes_of[b];
                if (!all_fixed) {
                    for (Py_ssize_t p = 0; p < players; p++) {
                        if (picks[p] != NULL) {
                            h[p] = &combos[p][picks[p][start + b]];
                        }
                    }
                }
                uint32_t board_sum = key >> SUIT_BITS; /* the board's own 5-card rank: */
                unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                for (Py_ssize_t p = 0; p < players; p++) {
                    int suit = fs[(key + h[p]->key) & 255];
                    r[p] = suit < 0 ? h[p]->pair[b5]
                                    : flush[((lanes | h[p]->major) >> (13 * suit)) & 8191];
                }
                if (ranks_out != NULL) {
                    for (Py_ssize_t p = 0; p < players; p++) {
                        ranks_out[p * trials + start + b] = r[p];
                    }
                } else if (players == 2) {
                    w0 += r[0] < r[1];
                    w1 += r[1] < r[0];
                    ties += r[0] == r[1];
                } else {
                    by_winners[winners_mask(r, players)]++;
                }
            }
        }
        counts[1] += w0;
        counts[TALLY + 1] += w1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
        add_by_winners(by_winners, players, counts);
        Py_END_ALLOW_THREADS
    }
done:
    free(by_winners);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(combos[p]);
    }
    free(second_at);
    free(parts_a);
    release_deal(&deal);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (ranks_out != NULL) {
        PyBuffer_Release(&ranks_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* --------------------------------------------------------------- Omaha draws */

/* omaha_draw(board, live, hole, players, trials, seed, ranks): see its docstring in
 * module.c. */
PyObject *sd_Tables_omaha_draw(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *ranks_obj;
    int hole;
    Py_ssize_t trials;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiOnKO:omaha_draw", &board_obj, &live_obj, &hole,
                          &players_obj, &trials, &seed, &ranks_obj)) {
        return NULL;
    }
    if (hole < 4 || hole > 6) {
        PyErr_SetString(PyExc_ValueError, "omaha_draw: hole is 4 to 6 cards");
        return NULL;
    }
    Deal deal;
    Py_buffer ranks_view;
    uint16_t *ranks = NULL;
    if (read_deal(&deal, board_obj, live_obj, players_obj, hole, trials, "omaha_draw", 0) < 0) {
        goto done;
    }
    if (deal.nk == 1 || deal.nk == 2) {
        PyErr_SetString(PyExc_ValueError, "an Omaha board has 0, 3, 4 or 5 known cards");
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    ranks = sd_get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
    if (ranks == NULL) {
        goto done;
    }
    int k = 5 - (int)nk;
    uint32_t size = deal.size;
    unsigned *deck = deal.deck, *const *combos = deal.ids;
    uint64_t *const *combo_bits = deal.bits;
    const int64_t *const *picks = deal.picks;
    Py_BEGIN_ALLOW_THREADS
    Rng rng;
    rng_seed(&rng, (uint64_t)seed);
    unsigned board[5];
    for (Py_ssize_t i = 0; i < nk; i++) {
        board[i] = deal.known[i];
    }
    for (Py_ssize_t t = 0; t < trials; t++) {
        uint64_t used = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            if (picks[p] != NULL) {
                used |= combo_bits[p][picks[p][t]];
            }
        }
        for (;;) { /* k cards by a partial Fisher-Yates shuffle; again if a hole holds one */
            uint64_t drawn = 0;
            for (int j = 0; j < k; j++) {
                uint32_t at = (uint32_t)j + below(&rng, (uint32_t)(rng_next(&rng) >> 32),
                                                  size - (uint32_t)j);
                unsigned card = deck[at];
                deck[at] = deck[j];
                deck[j] = card;
                board[nk + j] = card;
                drawn |= (uint64_t)1 << card;
            }
            if ((drawn & used) == 0) {
                break;
            }
        }
        for (Py_ssize_t p = 0; p < players; p++) {
            Py_ssize_t c = picks[p] != NULL ? picks[p][t] : 0;
            ranks[p * trials + t] = omaha_best(self, combos[p] + c * hole, hole, board, 5);
        }
    }
    Py_END_ALLOW_THREADS
done:
    release_deal(&deal);
    if (ranks != NULL) {
        PyBuffer_Release(&ranks_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* --------------------------------------------------------- deals of ranges */

/* Walker's alias table of m weights (Vose's construction): index i is kept with
 * chance keep[i], else alias[i] is taken, so a weighted draw is one uniform index and one
 * comparison (no search). ``work``: 2 * m scratch indexes. */
static void alias_table(const double *cum, uint32_t m, double *keep, uint32_t *alias,
                        uint32_t *work)
{
    double total = cum[m - 1];
    uint32_t *small = work, *large = work + m, ns = 0, nl = 0;
    for (uint32_t i = 0; i < m; i++) {
        double w = cum[i] - (i ? cum[i - 1] : 0.0);
        keep[i] = total > 0 ? w * m / total : 1.0;
        alias[i] = i;
        if (keep[i] < 1.0) {
            small[ns++] = i;
        } else {
            large[nl++] = i;
        }
    }
    while (ns > 0 && nl > 0) {
        uint32_t s = small[--ns], l = large[nl - 1];
        alias[s] = l;
        keep[l] -= 1.0 - keep[s];
        if (keep[l] < 1.0) {
            nl--;
            small[ns++] = l;
        }
    }
    while (nl > 0) {
        keep[large[--nl]] = 1.0;
    }
    while (ns > 0) { /* left by rounding: as good as whole */
        keep[small[--ns]] = 1.0;
    }
}

/* deal_picks(masks, cumulative, picks, seed, most): see its docstring in module.c. */
PyObject *sd_Tables_deal_picks(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *masks_obj, *cum_obj, *picks_obj;
    unsigned long long seed;
    long long most;
    if (!PyArg_ParseTuple(args, "OOOKL:deal_picks", &masks_obj, &cum_obj, &picks_obj, &seed,
                          &most)) {
        return NULL;
    }
    PyObject *masks_seq = PySequence_Fast(masks_obj, "masks must be a sequence of arrays");
    PyObject *cum_seq = masks_seq ? PySequence_Fast(cum_obj, "cumulative must be a sequence")
                                  : NULL;
    Py_buffer mviews[MAX_PLAYERS], cviews[MAX_PLAYERS], pview;
    Py_ssize_t got = 0, players = 0;
    int have_picks = 0;
    long long attempts = 0;
    if (cum_seq == NULL) {
        goto done;
    }
    players = PySequence_Fast_GET_SIZE(masks_seq);
    if (players < 1 || players > MAX_PLAYERS || PySequence_Fast_GET_SIZE(cum_seq) != players) {
        PyErr_SetString(PyExc_ValueError, "deal_picks takes 1 to 10 players' masks and weights");
        goto done;
    }
    const uint64_t *masks[MAX_PLAYERS];
    const double *cum[MAX_PLAYERS];
    uint32_t sizes[MAX_PLAYERS];
    for (; got < players; got++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(masks_seq, got), &mviews[got],
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            break;
        }
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(cum_seq, got), &cviews[got],
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyBuffer_Release(&mviews[got]);
            break;
        }
        Py_ssize_t m = mviews[got].len / 8;
        if (mviews[got].itemsize != 8 || cviews[got].itemsize != 8 ||
            cviews[got].format == NULL || strcmp(cviews[got].format, "d") != 0 ||
            cviews[got].len / 8 != m || m < 1 || m > UINT32_MAX) {
            PyErr_SetString(PyExc_ValueError,
                            "each player needs as many uint64 masks as float64 weights (1+)");
            got++;
            break;
        }
        masks[got] = mviews[got].buf;
        cum[got] = cviews[got].buf;
        sizes[got] = (uint32_t)m;
    }
    if (PyErr_Occurred()) {
        goto done;
    }
    if (PyObject_GetBuffer(picks_obj, &pview, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        goto done;
    }
    have_picks = 1;
    if (pview.itemsize != 8 || pview.len % (8 * players) != 0) {
        PyErr_SetString(PyExc_ValueError, "picks must be a writable int64 array (players, N)");
        goto done;
    }
    {
        int64_t *picks = pview.buf;
        Py_ssize_t trials = pview.len / 8 / players;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        size_t room = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            room += sizes[p];
        }
        double *keep[MAX_PLAYERS];
        uint32_t *alias[MAX_PLAYERS];
        double *keep_all = malloc(sizeof(double) * room);
        uint32_t *alias_all = malloc(sizeof(uint32_t) * room * 3);
        if (keep_all == NULL || alias_all == NULL) {
            attempts = -2;
            trials = 0;
        } else {
            size_t at = 0;
            for (Py_ssize_t p = 0; p < players; p++) {
                keep[p] = keep_all + at;
                alias[p] = alias_all + at;
                alias_table(cum[p], sizes[p], keep[p], alias[p], alias_all + room + 2 * at);
                at += sizes[p];
            }
        }
        /* A whole deal is drawn again when two combos share a card: the deals kept then
         * have exactly the chance the product of their weights gives (what listing them
         * does), so every trial weighs the same. ``most`` attempts at most: a job whose
         * deals rarely fit is left to the caller's sampler (-1). */
        for (Py_ssize_t i = 0; i < trials && attempts >= 0; i++) {
            for (;;) {
                if (++attempts > most) {
                    attempts = -1;
                    break;
                }
                uint64_t taken = 0;
                Py_ssize_t p = 0;
                for (; p < players; p++) {
                    uint64_t x = rng_next(&rng); /* high half: the index; low half: keep it? */
                    uint32_t c = (uint32_t)(((x >> 32) * sizes[p]) >> 32);
                    if ((double)(uint32_t)x * (1.0 / 4294967296.0) >= keep[p][c]) {
                        c = alias[p][c];
                    }
                    if (masks[p][c] & taken) {
                        break;
                    }
                    taken |= masks[p][c];
                    picks[p * trials + i] = c;
                }
                if (p == players) {
                    break;
                }
            }
        }
        free(keep_all);
        free(alias_all);
        Py_END_ALLOW_THREADS
        if (attempts == -2) {
            PyErr_NoMemory();
        }
    }
done:
    for (Py_ssize_t p = 0; p < got; p++) {
        PyBuffer_Release(&mviews[p]);
        PyBuffer_Release(&cviews[p]);
    }
    if (have_picks) {
        PyBuffer_Release(&pview);
    }
    Py_XDECREF(masks_seq);
    Py_XDECREF(cum_seq);
    if (PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLongLong(attempts);
}

/* ------------------------------------------- range against range, all in here */

/* One group of ranged players for holdem_deals: its joint combos (one combo per member,
 * no card twice), drawn by weight through an alias table, each with its cards' mask and
 * its members' hands. */
/* What the showdowns read of a hand: its non-flush ranks by board rank, its rank bits in
 * 13-bit suit lanes and its key (a Hole's, packed: one cache line holds two). */
typedef struct {
    const uint16_t *pair;
    uint64_t major;
    uint32_t key;
} Hand;

static inline Hand hand_of(const Hole *h)
{
    Hand x = {h->pair, h->major, h->key};
    return x;
}

typedef struct {
    Py_ssize_t size, members[MAX_PLAYERS];
    int n_members;
    uint64_t *mask; /* per joint combo: its cards (1 << id) */
    Hand *hands;    /* per joint combo: n_members hands, in member order */
    double *keep;
    uint32_t *alias;
    int even; /* every joint combo weighs the same: keep is 1 everywhere, no alias */
} Group;

static void release_groups(Group *g, int n)
{
    for (int i = 0; i < n; i++) {
        free(g[i].mask);
        free(g[i].hands);
        free(g[i].keep);
        free(g[i].alias);
    }
}

/* Group ``gi`` of holdem_deals from ``item``, a (members, columns, cumulative) tuple. */
static int read_group(Group *g, PyObject *item, const Deal *deal, Hole *const *combos,
                      int *owner, int gi)
{
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_SetString(PyExc_TypeError, "each group is a (members, columns, cumulative) tuple");
        return -1;
    }
    Py_ssize_t nm, ncol, ncum;
    int64_t *members = sd_read_array(PyTuple_GET_ITEM(item, 0), &nm, "members");
    int64_t *columns = members ? sd_read_array(PyTuple_GET_ITEM(item, 1), &ncol, "columns")
                               : NULL;
    double *cum = NULL;
    Py_buffer cview;
    int have_cum = 0, ok = 0;
    if (columns == NULL) {
        goto done;
    }
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(item, 2), &cview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        goto done;
    }
    have_cum = 1;
    ncum = cview.len / 8;
    if (nm < 1 || nm > deal->players || cview.itemsize != 8 || cview.format == NULL ||
        strcmp(cview.format, "d") != 0 || ncum < 1 || ncum > UINT32_MAX || ncol != ncum * nm) {
        PyErr_SetString(PyExc_ValueError, "a group needs 1+ members, (D, members) int64 columns "
                                          "and D float64 cumulative weights");
        goto done;
    }
    cum = cview.buf;
    g->size = ncum;
    g->n_members = (int)nm;
    for (Py_ssize_t k = 0; k < nm; k++) {
        int64_t p = members[k];
        if (p < 0 || p >= deal->players || owner[p] >= 0 || deal->sizes[p] < 2) {
            PyErr_SetString(PyExc_ValueError,
                            "a group member is no ranged player, or in two groups");
            goto done;
        }
        owner[p] = gi;
        g->members[k] = (Py_ssize_t)p;
    }
    for (Py_ssize_t d = 1; d < ncum; d++) {
        if (!(cum[d] >= cum[d - 1])) {
            PyErr_SetString(PyExc_ValueError, "cumulative weights must not decrease");
            goto done;
        }
    }
    if (!(cum[0] >= 0) || !(cum[ncum - 1] > 0)) {
        PyErr_SetString(PyExc_ValueError, "a group's weights must be >= 0 with a positive sum");
        goto done;
    }
    g->mask = malloc(sizeof(uint64_t) * (size_t)ncum);
    g->hands = malloc(sizeof(Hand) * (size_t)(ncum * nm));
    g->keep = malloc(sizeof(double) * (size_t)ncum);
    g->alias = malloc(sizeof(uint32_t) * (size_t)ncum);
    uint32_t *work = malloc(sizeof(uint32_t) * 2 * (size_t)ncum);
    if (g->mask == NULL || g->hands == NULL || g->keep == NULL || g->alias == NULL ||
        work == NULL) {
        free(work);
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t d = 0; d < ncum; d++) {
        uint64_t mask = 0;
        for (Py_ssize_t k = 0; k < nm; k++) {
            Py_ssize_t p = g->members[k];
            int64_t c = columns[d * nm + k];
            if (c < 0 || c >= deal->sizes[p] || (mask & combos[p][c].bits)) {
                free(work);
                PyErr_SetString(PyExc_ValueError,
                                "a joint combo names no combo of its player, or a card twice");
                goto done;
            }
            mask |= combos[p][c].bits;
            g->hands[d * nm + k] = hand_of(&combos[p][c]);
        }
        g->mask[d] = mask;
    }
    alias_table(cum, (uint32_t)ncum, g->keep, g->alias, work);
    free(work);
    g->even = 1;
    for (Py_ssize_t d = 0; d < ncum; d++) {
        g->even &= g->keep[d] >= 1.0;
    }
    ok = 1;
done:
    free(members);
    free(columns);
    if (have_cum) {
        PyBuffer_Release(&cview);
    }
    return ok ? 0 : -1;
}

/* One joint combo of group ``g`` by weight: a uniform index (exact, see below), kept
 * with chance keep[index] (32 random bits against it), else its alias. With uneven
 * weights the choice is a mask, not a branch: it goes either way at random, and a branch
 * there was mispredicted on most draws (measured: two weighted ranges 15% faster so,
 * the same draws). Even weights keep every index (one branch per group, predicted).
 * Either way the 32 random bits are spent, so seeded results do not change. */
static inline uint32_t draw_joint(Rng *rng, const Group *g)
{
    uint64_t x = rng_next(rng);
    uint32_t c = below(rng, (uint32_t)(x >> 32), (uint32_t)g->size);
    if (g->even) {
        return c;
    }
    uint32_t other = g->alias[c];
    uint32_t take = 0u - (uint32_t)((double)(uint32_t)x * (1.0 / 4294967296.0) >= g->keep[c]);
    return (c & ~take) | (other & take);
}

/* holdem_deals(board, live, players, groups, trials, seed, counts, most): see its
 * docstring in module.c. */
PyObject *sd_Tables_holdem_deals(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *groups_obj, *counts_obj;
    Py_ssize_t trials;
    unsigned long long seed;
    long long most;
    if (!PyArg_ParseTuple(args, "OOOOnKOL:holdem_deals", &board_obj, &live_obj, &players_obj,
                          &groups_obj, &trials, &seed, &counts_obj, &most)) {
        return NULL;
    }
    Deal deal;
    Py_buffer counts_view;
    int64_t *counts = NULL;
    Hole *combos[MAX_PLAYERS] = {NULL};
    Group groups[MAX_PLAYERS];
    int n_groups = 0;
    long long attempts = 0;
    PyObject *gseq = NULL;
    int64_t *by_winners = NULL; /* showdowns per set of winners (a mask of players) */
    memset(groups, 0, sizeof(groups));
    if (read_deal(&deal, board_obj, live_obj, players_obj, 2, trials, "holdem_deals", 1) < 0) {
        goto done;
    }
    Py_ssize_t players = deal.players;
    counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    if (counts == NULL) {
        goto done;
    }
    by_winners = calloc((size_t)1 << players, sizeof(int64_t));
    if (by_winners == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        combos[p] = malloc(sizeof(Hole) * (size_t)(deal.sizes[p] > 0 ? deal.sizes[p] : 1));
        if (combos[p] == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t c = 0; c < deal.sizes[p]; c++) {
            unsigned c1 = deal.ids[p][2 * c], c2 = deal.ids[p][2 * c + 1], r1 = c1 >> 2,
                     r2 = c2 >> 2;
            if (sd_make_hole(self, c1, c2, &combos[p][c]) < 0) {
                goto done;
            }
            combos[p][c].pair = pair5_table(self, r1 > r2 ? r1 : r2, r1 > r2 ? r2 : r1);
            if (combos[p][c].pair == NULL) {
                PyErr_NoMemory();
                goto done;
            }
        }
    }
    gseq = PySequence_Fast(groups_obj, "groups must be a sequence");
    if (gseq == NULL) {
        goto done;
    }
    int owner[MAX_PLAYERS];
    int ranged = 0, drawn_cards = 0;
    for (Py_ssize_t p = 0; p < players; p++) {
        owner[p] = -1;
    }
    if (PySequence_Fast_GET_SIZE(gseq) > players) {
        PyErr_SetString(PyExc_ValueError, "more groups than players");
        goto done;
    }
    for (; n_groups < PySequence_Fast_GET_SIZE(gseq); n_groups++) {
        if (read_group(&groups[n_groups], PySequence_Fast_GET_ITEM(gseq, n_groups), &deal, combos,
                       owner, n_groups) < 0) {
            n_groups++; /* released below */
            goto done;
        }
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        if (deal.sizes[p] > 1 && owner[p] < 0) {
            PyErr_SetString(PyExc_ValueError, "a ranged player is in no group");
            goto done;
        }
        ranged += owner[p] >= 0;
    }
    /* read_deal took every player as fixed: put the ranged players' cards back in the deck
     * (the board cards and the fixed hands stay out) */
    {
        uint64_t out_of_deck = 0;
        for (Py_ssize_t i = 0; i < deal.nk; i++) {
            out_of_deck |= (uint64_t)1 << deal.known[i];
        }
        for (Py_ssize_t p = 0; p < players; p++) {
            if (owner[p] < 0) {
                out_of_deck |= combos[p][0].bits;
            }
        }
        Py_ssize_t m;
        unsigned live[NCARDS];
        if (sd_ids_of(live_obj, live, NCARDS, &m, "live") < 0) {
            goto done;
        }
        deal.size = 0;
        for (Py_ssize_t i = 0; i < m; i++) {
            if (!((out_of_deck >> live[i]) & 1)) {
                deal.deck[deal.size++] = live[i];
            }
        }
        drawn_cards = 5 - (int)deal.nk;
        if ((uint32_t)(drawn_cards + 2 * ranged) > deal.size) {
            PyErr_SetString(PyExc_ValueError, "too few live cards to complete the board");
            goto done;
        }
    }
    {
        const int k = drawn_cards;
        const uint32_t size = deal.size;
        Draw draw = {NULL, NULL, 0, 0, 0, 0, {0}, {0}, {0}};
        for (Py_ssize_t i = 0; i < deal.nk; i++) {
            draw.base_key += self->keys[deal.known[i]];
            draw.base_lanes |= (uint64_t)1 << (13 * (deal.known[i] & 3) + (deal.known[i] >> 2));
        }
        for (uint32_t i = 0; i < size; i++) {
            draw.card_bits[i] = (uint64_t)1 << deal.deck[i];
            draw.card_lanes[i] = (uint64_t)1 << (13 * (deal.deck[i] & 3) + (deal.deck[i] >> 2));
            draw.card_keys[i] = self->keys[deal.deck[i]];
        }
        const int8_t *fs = self->flush_suit[7];
        const uint16_t *nf5 = self->nonflush[5], *flush = self->flush;
        const uint32_t *row_start5 = self->row_start[5];
        const int ng = n_groups;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        Hand fixed[MAX_PLAYERS];
        const Hand *h[MAX_PLAYERS];
        for (Py_ssize_t p = 0; p < players; p++) {
            fixed[p] = hand_of(&combos[p][0]);
            h[p] = &fixed[p]; /* the fixed hands stay */
        }
        uint32_t keys_of[BLOCK];
        uint64_t lanes_of[BLOCK];
        uint32_t joint_of[BLOCK][MAX_PLAYERS];
        uint64_t taken_of[BLOCK];
        uint16_t r[MAX_PLAYERS];
        int64_t w0 = 0, w1 = 0, ties = 0;
        /* Blocks of trials in two passes, as holdem_draw: draw every deal and board of the
         * block, then play the showdowns. A deal is one joint combo per group, drawn again
         * whole while two share a card (the deals kept then have exactly the chance the
         * product of their weights gives); the board's missing cards are drawn one at a
         * time among the cards the deal left (see draw_cards). */
        for (Py_ssize_t start = 0; start < trials && attempts >= 0; start += BLOCK) {
            int stop = trials - start < BLOCK ? (int)(trials - start) : BLOCK;
            /* The block's deals first: an attempt draws every group's joint combo and
             * is kept (the slot moves on) when no two share a card, so no branch
             * depends on the draws (a clash, about every other attempt with six
             * ranges, was a mispredicted branch); then each kept deal's board. One
             * group never clashes: its deal and board are drawn together, in the
             * order (and with the seeded results) of before. */
            for (int b = 0; b < stop;) {
                if (++attempts > most) {
                    attempts = -1;
                    break;
                }
                uint64_t taken = 0, clash = 0;
                for (int gi = 0; gi < ng; gi++) {
                    uint32_t d = draw_joint(&rng, &groups[gi]);
                    uint64_t mask = groups[gi].mask[d];
                    clash |= mask & taken;
                    taken |= mask;
                    joint_of[b][gi] = d;
                }
                taken_of[b] = taken;
                if (ng == 1 && k > 0) {
                    draw_cards_flat(&rng, &draw, size, k, taken, &keys_of[b], &lanes_of[b]);
                }
                b += clash == 0;
            }
            if (attempts < 0) {
                break;
            }
            for (int b = 0; b < stop && (ng != 1 || k == 0); b++) {
                if (k > 0) {
                    draw_cards_flat(&rng, &draw, size, k, taken_of[b], &keys_of[b],
                                    &lanes_of[b]);
                } else {
                    keys_of[b] = draw.base_key;
                    lanes_of[b] = draw.base_lanes;
                }
            }
            for (int b = 0; b < stop; b++) {
                uint32_t key = keys_of[b];
                uint64_t lanes = lanes_of[b];
                for (int gi = 0; gi < ng; gi++) {
                    const Group *g = &groups[gi];
                    const Hand *hands = g->hands + (size_t)joint_of[b][gi] * g->n_members;
                    for (int q = 0; q < g->n_members; q++) {
                        h[g->members[q]] = &hands[q];
                    }
                }
                uint32_t board_sum = key >> SUIT_BITS; /* the board's own 5-card rank: */
                unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                for (Py_ssize_t p = 0; p < players; p++) {
                    int suit = fs[(key + h[p]->key) & 255];
                    r[p] = suit < 0 ? h[p]->pair[b5]
                                    : flush[((lanes | h[p]->major) >> (13 * suit)) & 8191];
                }
                if (players == 2) {
                    w0 += r[0] < r[1];
                    w1 += r[1] < r[0];
                    ties += r[0] == r[1];
                } else {
                    by_winners[winners_mask(r, players)]++;
                }
            }
        }
        counts[1] += w0;
        counts[TALLY + 1] += w1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
        add_by_winners(by_winners, players, counts);
        Py_END_ALLOW_THREADS
    }
done:
    free(by_winners);
    Py_XDECREF(gseq);
    release_groups(groups, n_groups);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(combos[p]);
    }
    release_deal(&deal);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLongLong(attempts);
}

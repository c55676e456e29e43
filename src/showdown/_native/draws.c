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

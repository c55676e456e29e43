/*
 * Exact Hold'em equity: every board completing the known cards, each player's rank
 * from the pair table of their hole ranks (indexed by the board's rank multiset) or,
 * for a flush, the flush table; the showdowns tallied per deal.
 */
#include "kernel.h"
#include "boards.h"

/* The pair table of hole ranks hi >= lo: 7-card non-flush rank per board multiset. */
static const uint16_t *pair_table(Tables *t, unsigned hi, unsigned lo)
{
    unsigned id = 13 * hi + lo;
    if (t->pairs[id] == NULL) {
        uint16_t *table = malloc(sizeof(uint16_t) * N_MULTISETS);
        if (table == NULL) {
            return NULL;
        }
        uint32_t add = t->rank_keys[hi] + t->rank_keys[lo];
        for (int m = 0; m < N_MULTISETS; m++) {
            table[m] = nonflush_rank(t, 7, t->multiset_keys[m] + add);
        }
        t->pairs[id] = table;
    }
    return t->pairs[id];
}

/* The data of the hand c1, c2 (see Hole); -1 when memory runs out. */
int sd_make_hole(Tables *t, unsigned c1, unsigned c2, Hole *h)
{
    unsigned r1 = c1 >> 2, r2 = c2 >> 2;
    h->pair = pair_table(t, r1 > r2 ? r1 : r2, r1 > r2 ? r2 : r1);
    if (h->pair == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    h->key = t->keys[c1] + t->keys[c2];
    h->lanes = ((uint64_t)1 << (16 * (c1 & 3) + r1)) | ((uint64_t)1 << (16 * (c2 & 3) + r2));
    h->major = ((uint64_t)1 << (13 * (c1 & 3) + r1)) | ((uint64_t)1 << (13 * (c2 & 3) + r2));
    h->bits = ((uint64_t)1 << c1) | ((uint64_t)1 << c2);
    return 0;
}

/* Every five-card board from ``deck`` (ascending ids): ranks via board multiset ids. */
static void exact_preflop(const Tables *t, const unsigned *deck, int m, const Hole *holes,
                          int players, int64_t *counts)
{
    int32_t mk[5][NCARDS];
    uint32_t sk[NCARDS];
    uint64_t lane[NCARDS];
    sd_board_keys(t, deck, m, mk, sk, lane);
    uint32_t hs[MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hs[p] = holes[p].key & 255;
    }
    const int8_t *fs = t->flush_suit[7];
    uint16_t r[MAX_PLAYERS];
    int64_t w0 = 0, w1 = 0, boards = 0;
    for (int a = 0; a < m - 4; a++) {
        for (int b = a + 1; b < m - 3; b++) {
            int32_t m2 = mk[0][a] + mk[1][b];
            uint32_t s2 = sk[a] + sk[b];
            uint64_t l2 = lane[a] | lane[b];
            for (int c = b + 1; c < m - 2; c++) {
                int32_t m3 = m2 + mk[2][c];
                uint32_t s3 = s2 + sk[c];
                uint64_t l3 = l2 | lane[c];
                for (int d = c + 1; d < m - 1; d++) {
                    int32_t m4 = m3 + mk[3][d];
                    uint32_t s4 = s3 + sk[d];
                    uint64_t l4 = l3 | lane[d];
                    if (players == 2) {
                        sd_headsup_last(t, holes, d + 1, m, mk[4], sk, lane, m4, s4, l4, &w0, &w1);
                        boards += m - d - 1;
                        continue;
                    }
                    for (int e = d + 1; e < m; e++) {
                        int32_t mid = m4 + mk[4][e];
                        uint32_t ss = s4 + sk[e];
                        for (int p = 0; p < players; p++) {
                            int suit = fs[ss + hs[p]];
                            if (suit < 0) {
                                r[p] = holes[p].pair[mid];
                            } else {
                                uint64_t bm = l4 | lane[e] | holes[p].lanes;
                                r[p] = t->flush[(bm >> (16 * suit)) & 8191];
                            }
                        }
                        tally_one(r, players, counts);
                    }
                }
            }
        }
    }
    if (players == 2) {
        counts[1] += w0;
        counts[TALLY + 1] += w1;
        counts[2] += boards - w0 - w1;
        counts[TALLY + 2] += boards - w0 - w1;
    }
}

/* Boards completing ``known`` (1 to 5 cards) with k = 5 - known cards of ``deck``. */
static void exact_known(const Tables *t, const unsigned *known, int nk, const unsigned *deck,
                        int m, const Hole *holes, int players, int64_t *counts)
{
    uint32_t base = 0;
    uint64_t lanes = 0;
    for (int i = 0; i < nk; i++) {
        base += t->keys[known[i]];
        lanes |= (uint64_t)1 << (16 * (known[i] & 3) + (known[i] >> 2));
    }
    int k = 5 - nk;
    int pick[5] = {0, 1, 2, 3, 4};
    if (k > m) {
        return;
    }
    uint16_t r[MAX_PLAYERS];
    for (;;) {
        uint32_t key = base;
        uint64_t bm = lanes;
        for (int j = 0; j < k; j++) {
            unsigned c = deck[pick[j]];
            key += t->keys[c];
            bm |= (uint64_t)1 << (16 * (c & 3) + (c >> 2));
        }
        for (int p = 0; p < players; p++) {
            uint32_t all = key + holes[p].key;
            int suit = t->flush_suit[7][all & 255];
            r[p] = suit < 0 ? nonflush_rank(t, 7, all >> SUIT_BITS)
                            : t->flush[((bm | holes[p].lanes) >> (16 * suit)) & 8191];
        }
        tally_one(r, players, counts);
        if (!next_subset(pick, k, m)) {
            break;
        }
    }
}

/* Deals whose merged counts must be equal: on a known flop or turn a suit can flush only
 * if its known cards, the most of it in one hole and the cards to come reach five; the
 * merged walk (holdem_merged.c) sees the other suits only through how many cards of each
 * rank are live. So two deals whose holes have the same ranks and the same cards of the
 * suits that can flush (seat by seat) have the same counts: ``key`` gets, per seat, its two
 * cards as rank * 5 + (suit if it can flush, else 4), the higher first, and one last word
 * with the suits that can flush. Returns the key's hash. */
static uint64_t flush_key(const int64_t *hole_ids, int players, const unsigned *known_count,
                          int left, uint16_t *key)
{
    unsigned most[4] = {0};
    for (int p = 0; p < players; p++) {
        unsigned in[4] = {0};
        in[hole_ids[2 * p] & 3]++;
        in[hole_ids[2 * p + 1] & 3]++;
        for (int s = 0; s < 4; s++) {
            most[s] = in[s] > most[s] ? in[s] : most[s];
        }
    }
    unsigned flushable = 0;
    for (unsigned s = 0; s < 4; s++) {
        flushable |= (known_count[s] + most[s] + (unsigned)left >= 5) << s;
    }
    uint64_t h = 1469598103934665603ull ^ flushable;
    for (int p = 0; p < players; p++) {
        unsigned c[2];
        for (int j = 0; j < 2; j++) {
            unsigned id = (unsigned)hole_ids[2 * p + j], s = id & 3;
            c[j] = (id >> 2) * 5 + ((flushable >> s) & 1 ? s : 4);
        }
        key[p] = (uint16_t)(c[0] > c[1] ? c[0] * 65 + c[1] : c[1] * 65 + c[0]);
        h = (h ^ key[p]) * 1099511628211ull;
    }
    key[players] = (uint16_t)flushable;
    return h;
}

/* For each deal, the first earlier deal with its flush key (or itself): ``rep``. */
int sd_same_deals(const int64_t *flat, Py_ssize_t deals, int players,
                      const unsigned *known, int nk, Py_ssize_t *rep)
{
    if (deals == 1) { /* one deal (fixed hands): nothing to share */
        rep[0] = 0;
        return 0;
    }
    unsigned known_count[4] = {0};
    for (int i = 0; i < nk; i++) {
        known_count[known[i] & 3]++;
    }
    size_t size = 16;
    while (size < 2 * (size_t)deals) {
        size *= 2;
    }
    Py_ssize_t *slot = malloc(sizeof(Py_ssize_t) * size);
    uint16_t *keys = malloc(sizeof(uint16_t) * (size_t)(players + 1) * (size_t)deals);
    if (slot == NULL || keys == NULL) {
        free(slot);
        free(keys);
        return -1;
    }
    for (size_t i = 0; i < size; i++) {
        slot[i] = -1;
    }
    size_t width = (size_t)(players + 1);
    for (Py_ssize_t d = 0; d < deals; d++) {
        uint16_t *key = keys + width * (size_t)d;
        size_t i = flush_key(flat + 2 * d * players, players, known_count, 5 - nk, key) &
                   (size - 1);
        rep[d] = d;
        for (;; i = (i + 1) & (size - 1)) {
            if (slot[i] < 0) {
                slot[i] = d;
                break;
            }
            if (!memcmp(keys + width * (size_t)slot[i], key, sizeof(uint16_t) * width)) {
                rep[d] = slot[i];
                break;
            }
        }
    }
    free(slot);
    free(keys);
    return 0;
}

/* Every board of each of ``deals`` deals (``flat``: D x P x 2 hole ids) completing
 * ``known`` from ``deck`` less the deal's hole cards, added to ``counts`` (D x P x TALLY).
 * Returns 0, or -1 with an error set. Releases the GIL while it counts. Only the deals
 * walked (with merging on a flop or turn, one per flush key) get holes and tables, and
 * each its deck when it is walked: the copies cost their key and their counts' sum. */
int sd_exact_deals(Tables *self, const unsigned *deck, Py_ssize_t m, const unsigned *known,
                   Py_ssize_t nk, const int64_t *flat, Py_ssize_t deals, Py_ssize_t players,
                   int64_t *counts, int merge)
{
    Hole *holes = NULL;
    /* merged, with known cards: per hole rank pair (13 * hi + lo) its flushless table,
     * built on first use (preflop the pair tables serve) */
    const uint16_t **tables = NULL;
    uint16_t *known_tables = NULL;
    /* merged, with known cards: per deal the deal counted for it (sd_same_deals), and per
     * deal walked its place among them (slot) */
    Py_ssize_t *rep = NULL, *slot = NULL;
    int64_t *before = NULL;
    unsigned char built[169] = {0};
    int left = 5 - (int)nk;
    size_t per_pair = merge && nk > 0 && nk < 5 ? (size_t)sd_flushless_size(left) : 0;
    uint32_t known_ranks = 0;
    for (Py_ssize_t i = 0; i < nk; i++) {
        known_ranks += self->rank_keys[known[i] >> 2];
    }
    Py_ssize_t walked = deals;
    if (per_pair) {
        known_tables = malloc(sizeof(uint16_t) * 169 * per_pair);
        rep = malloc(sizeof(Py_ssize_t) * (size_t)deals);
        slot = malloc(sizeof(Py_ssize_t) * (size_t)deals);
        if (known_tables == NULL || rep == NULL || slot == NULL ||
            sd_same_deals(flat, deals, (int)players, known, (int)nk, rep) < 0) {
            PyErr_NoMemory();
        } else {
            walked = 0;
            for (Py_ssize_t d = 0; d < deals; d++) {
                slot[d] = rep[d] == d ? walked++ : -1;
            }
        }
    }
    if (!PyErr_Occurred()) {
        holes = malloc(sizeof(Hole) * (size_t)(walked * players));
        tables = malloc(sizeof(uint16_t *) * (size_t)(walked * players));
        if (holes == NULL || tables == NULL) {
            PyErr_NoMemory();
        }
    }
    /* Per deal: its holes checked; per deal walked its holes' data (pair tables built
     * now, under the GIL). */
    for (Py_ssize_t d = 0; d < deals && !PyErr_Occurred(); d++) {
        Py_ssize_t w = slot != NULL ? slot[d] : d;
        for (Py_ssize_t p = 0; p < players; p++) {
            int64_t c1 = flat[2 * (d * players + p)], c2 = flat[2 * (d * players + p) + 1];
            if (c1 < 0 || c1 >= NCARDS || c2 < 0 || c2 >= NCARDS || c1 == c2) {
                PyErr_SetString(PyExc_ValueError, "a hole holds a bad card id");
                break;
            }
            if (w < 0) {
                continue; /* a copy: checked, never walked */
            }
            if (sd_make_hole(self, (unsigned)c1, (unsigned)c2, &holes[w * players + p]) < 0) {
                break;
            }
            tables[w * players + p] = holes[w * players + p].pair;
            if (per_pair) {
                unsigned r1 = (unsigned)c1 >> 2, r2 = (unsigned)c2 >> 2;
                unsigned pair = r1 > r2 ? 13 * r1 + r2 : 13 * r2 + r1;
                uint16_t *table = known_tables + per_pair * pair;
                if (!built[pair]) {
                    uint32_t ranks = known_ranks + self->rank_keys[r1] + self->rank_keys[r2];
                    sd_flushless_table(self, ranks, left, table);
                    built[pair] = 1;
                }
                tables[w * players + p] = table;
            }
        }
    }
    /* the walked deals' counts as given, for their copies (a walk adds to its own) */
    size_t row = (size_t)players * TALLY;
    int copies = walked < deals;
    if (copies && !PyErr_Occurred()) {
        before = malloc(sizeof(int64_t) * row * (size_t)walked);
        if (before == NULL) {
            PyErr_NoMemory();
        }
        for (Py_ssize_t d = 0; before != NULL && d < deals; d++) {
            if (slot[d] >= 0) {
                memcpy(before + row * (size_t)slot[d], counts + row * (size_t)d,
                       sizeof(int64_t) * row);
            }
        }
    }
    if (!PyErr_Occurred()) {
        Py_BEGIN_ALLOW_THREADS
        HeadsUpMemo memo;
        memset(&memo, 0, sizeof memo);
        if (merge && players == 2 && deals > 1) { /* twice the 4 suits' parts, or fewer */
            memo.suit_slots = 16;
            while (memo.suit_slots < SUIT_PARTS_MOST && memo.suit_slots < 8 * deals) {
                memo.suit_slots *= 2;
            }
            memo.suits = calloc((size_t)memo.suit_slots, sizeof(SuitPart)); /* NULL: none kept */
        }
        for (Py_ssize_t d = 0; d < deals; d++) {
            Py_ssize_t w = slot != NULL ? slot[d] : d;
            if (w < 0) {
                continue; /* counted with its representative, copied below */
            }
            uint64_t used = 0;
            for (Py_ssize_t i = 0; i < 2 * players; i++) {
                used |= (uint64_t)1 << flat[2 * d * players + i];
            }
            unsigned dealt[NCARDS];
            int size = 0;
            for (Py_ssize_t i = 0; i < m; i++) {
                if (!((used >> deck[i]) & 1)) {
                    dealt[size++] = deck[i];
                }
            }
            int64_t *into = counts + row * (size_t)d;
            if (merge && nk < 5) {
                sd_exact_merged(self, known, (int)nk, dealt, size, holes + w * players,
                                flat + 2 * d * players, tables + w * players, (int)players,
                                into, &memo);
            } else if (nk == 0) {
                exact_preflop(self, dealt, size, holes + w * players, (int)players, into);
            } else {
                exact_known(self, known, (int)nk, dealt, size, holes + w * players,
                            (int)players, into);
            }
        }
        free(memo.suits);
        /* a copy adds what its representative's walk added (counts only grow) */
        for (Py_ssize_t d = 0; copies && d < deals; d++) {
            if (rep[d] != d) {
                int64_t *to = counts + row * (size_t)d;
                const int64_t *from = counts + row * (size_t)rep[d];
                const int64_t *had = before + row * (size_t)slot[rep[d]];
                for (size_t i = 0; i < row; i++) {
                    to[i] += from[i] - had[i];
                }
            }
        }
        Py_END_ALLOW_THREADS
    }
    free(rep);
    free(slot);
    free(before);
    free(holes);
    free(tables);
    free(known_tables);
    return PyErr_Occurred() ? -1 : 0;
}

/* holdem_exact(deck, board, holes, counts): see its docstring in module.c. */
PyObject *sd_Tables_holdem_exact(Tables *self, PyObject *args)
{
    PyObject *deck_obj, *board_obj, *holes_obj, *counts_obj;
    int merge = 1;
    if (!PyArg_ParseTuple(args, "OOOO|p:holdem_exact", &deck_obj, &board_obj, &holes_obj,
                          &counts_obj, &merge)) {
        return NULL;
    }
    unsigned deck[NCARDS], known[5];
    Py_ssize_t m, nk;
    if (sd_ids_of(deck_obj, deck, NCARDS, &m, "deck") < 0 ||
        sd_ids_of(board_obj, known, 5, &nk, "board") < 0) {
        return NULL;
    }
    Py_ssize_t n_holes;
    int64_t *flat = sd_read_array(holes_obj, &n_holes, "holes (flattened)");
    if (flat == NULL) {
        return NULL;
    }
    Py_buffer counts_view;
    int64_t *counts = NULL;
    if (PyObject_GetBuffer(counts_obj, &counts_view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) == 0) {
        counts = counts_view.buf;
        if (counts_view.itemsize != 8) {
            PyErr_SetString(PyExc_ValueError, "counts must be int64 of shape (D, P, 11)");
        }
    }
    Py_ssize_t players = 0, deals = 0;
    if (counts != NULL && !PyErr_Occurred()) {
        if (counts_view.ndim == 3 && counts_view.shape[2] == TALLY) {
            deals = counts_view.shape[0];
            players = counts_view.shape[1];
        }
        if (deals == 0 || players < 2 || players > MAX_PLAYERS ||
            n_holes != deals * players * 2) {
            PyErr_SetString(PyExc_ValueError, "holes (D, P, 2) and counts (D, P, 11) differ");
        }
    }
    if (!PyErr_Occurred()) {
        sd_exact_deals(self, deck, m, known, nk, flat, deals, players, counts, merge);
    }
    free(flat);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

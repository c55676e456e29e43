/*
 * Exact Omaha equity (any board size, preflop included): the boards completing
 * the known cards with ``need`` cards of a live deck, taken in colex order of
 * their deck positions (board b is the b-th ``need``-subset: b = sum over its
 * positions p_1 < ... < p_need of C(p_j, j)), and every hole-card combo of a
 * player ranked on each board of one block. A board is walked once for all
 * the combos: its ten triples' key sums and suit masks are built once, each
 * combo's pairs once per call. A board that shares a card with a combo gets
 * rank 0 (no hand ranks 0): the caller's mark of a board that deal cannot see.
 * Python: showdown._omaha_exact (its numpy path gives the same integers).
 * Tables methods omaha_boards and omaha_deal_counts; their docstrings are in module.c.
 */
#include "kernel.h"

/* The colex ``index``-th k-subset of 0..n-1, ascending, into ``pick``. */
static void eob_unrank(int64_t index, int k, int n, int *pick)
{
    for (int j = k; j >= 1; j--) {
        int c = j - 1;
        while (c + 1 < n && binom(c + 1, j) <= index) {
            c++;
        }
        pick[j - 1] = c;
        index -= binom(c, j);
    }
}

/* The next k-subset in colex order (``pick`` ascending); 0 after the last. */
static int eob_next(int *pick, int k, int n)
{
    for (int j = 0; j < k; j++) {
        int top = j + 1 < k ? pick[j + 1] : n;
        if (pick[j] + 1 < top) {
            pick[j]++;
            for (int q = 0; q < j; q++) {
                pick[q] = q;
            }
            return 1;
        }
    }
    return 0;
}

typedef struct {
    uint32_t key;
    int32_t index;
} EobKey;

static int eob_compare(const void *x, const void *y)
{
    const EobKey *a = x, *b = y;
    if (a->key != b->key) {
        return a->key < b->key ? -1 : 1;
    }
    return (a->index > b->index) - (a->index < b->index);
}

/* The ranks of ``combos`` hole-card rows on boards ``start ..`` into ``out`` (see below):
 * 0, or -1 when memory runs out. Combos with the same ranks (a class) share their
 * non-flush best, computed once per board; on a board with three or more cards of one
 * suit, each combo adds the flushes of its pairs in that suit. */
static int eob_fill(const Tables *tab, const int64_t *deck, int n, const int64_t *known, int nk,
                    int64_t start, const int64_t *holes, int hole_len, Py_ssize_t combos,
                    Py_ssize_t boards, uint16_t *out)
{
    const int pairs = hole_len * (hole_len - 1) / 2;
    const int need = 5 - nk;
    const size_t m = (size_t)combos + 1;
    EobKey *order = malloc(sizeof(EobKey) * m);
    int32_t *cls = malloc(sizeof(int32_t) * m);
    uint32_t *pair_sum = malloc(sizeof(uint32_t) * m * (size_t)pairs); /* per class */
    uint16_t *class_best = malloc(sizeof(uint16_t) * m);
    uint16_t *suited = malloc(sizeof(uint16_t) * m * 4); /* per combo and suit: rank bits */
    uint64_t *hm = malloc(sizeof(uint64_t) * m);
    int ok = order && cls && pair_sum && class_best && suited && hm;
    Py_ssize_t classes = 0;
    for (Py_ssize_t i = 0; ok && i < combos; i++) {
        const int64_t *h = holes + i * hole_len;
        uint32_t key = 0;
        hm[i] = 0;
        memset(suited + i * 4, 0, 4 * sizeof(uint16_t));
        for (int a = 0; a < hole_len; a++) {
            key += tab->keys[h[a]] >> SUIT_BITS;
            hm[i] |= (uint64_t)1 << h[a];
            suited[i * 4 + (h[a] & 3)] |= (uint16_t)(1u << (h[a] >> 2));
        }
        order[i].key = key;
        order[i].index = (int32_t)i;
    }
    if (ok) {
        qsort(order, (size_t)combos, sizeof(EobKey), eob_compare);
    }
    for (Py_ssize_t r = 0; ok && r < combos; r++) {
        if (r == 0 || order[r].key != order[r - 1].key) { /* a new class: its pairs' rank sums */
            const int64_t *h = holes + (Py_ssize_t)order[r].index * hole_len;
            int q = 0;
            for (int a = 0; a < hole_len; a++) {
                for (int b = a + 1; b < hole_len; b++, q++) {
                    pair_sum[classes * pairs + q] =
                        (tab->keys[h[a]] >> SUIT_BITS) + (tab->keys[h[b]] >> SUIT_BITS);
                }
            }
            classes++;
        }
        cls[order[r].index] = (int32_t)(classes - 1);
    }
    int pick[5] = {0, 0, 0, 0, 0};
    unsigned card[5];
    eob_unrank(start, need, n, pick);
    for (int j = 0; j < nk; j++) {
        card[j] = (unsigned)known[j];
    }
    for (Py_ssize_t b = 0; ok && b < boards; b++) {
        uint64_t bm = 0;
        int per_suit[4] = {0, 0, 0, 0};
        for (int j = 0; j < need; j++) {
            card[nk + j] = (unsigned)deck[pick[j]];
        }
        for (int j = 0; j < 5; j++) {
            bm |= (uint64_t)1 << card[j];
            per_suit[card[j] & 3]++;
        }
        int fs = -1; /* the suit of three or more board cards (at most one) */
        for (int s = 0; s < 4; s++) {
            fs = per_suit[s] >= 3 ? s : fs;
        }
        uint32_t triple_sum[10];
        unsigned in_suit[5], flush_triple[10];
        int ns = 0, nft = 0, nt = 0;
        for (int x = 0; x < 5; x++) {
            if ((int)(card[x] & 3) == fs) {
                in_suit[ns++] = 1u << (card[x] >> 2);
            }
            for (int y = x + 1; y < 5; y++) {
                for (int z = y + 1; z < 5; z++) {
                    triple_sum[nt++] = (tab->keys[card[x]] >> SUIT_BITS) +
                                       (tab->keys[card[y]] >> SUIT_BITS) +
                                       (tab->keys[card[z]] >> SUIT_BITS);
                }
            }
        }
        for (int x = 0; x < ns; x++) {
            for (int y = x + 1; y < ns; y++) {
                for (int z = y + 1; z < ns; z++) {
                    flush_triple[nft++] = in_suit[x] | in_suit[y] | in_suit[z];
                }
            }
        }
        for (Py_ssize_t c = 0; c < classes; c++) {
            const uint32_t *ps = pair_sum + c * pairs;
            uint16_t best = 0xffff;
            for (int p = 0; p < pairs; p++) {
                for (int j = 0; j < 10; j++) {
                    uint16_t r = nonflush_rank(tab, 5, ps[p] + triple_sum[j]);
                    best = r < best ? r : best;
                }
            }
            class_best[c] = best;
        }
        for (Py_ssize_t i = 0; i < combos; i++) {
            uint16_t best = 0;
            if (!(hm[i] & bm)) {
                best = class_best[cls[i]];
                unsigned bits = fs >= 0 ? suited[i * 4 + fs] : 0, held[6];
                int nh = 0;
                for (unsigned rest = bits; rest; rest &= rest - 1) {
                    held[nh++] = rest & (~rest + 1); /* lowest set bit */
                }
                for (int x = 0; x < nh; x++) {
                    for (int y = x + 1; y < nh; y++) {
                        for (int k = 0; k < nft; k++) {
                            uint16_t r = tab->flush[(held[x] | held[y] | flush_triple[k]) & 8191];
                            best = r < best ? r : best;
                        }
                    }
                }
            }
            out[i * boards + b] = best;
        }
        eob_next(pick, need, n);
    }
    free(order);
    free(cls);
    free(pair_sum);
    free(class_best);
    free(suited);
    free(hm);
    return ok ? 0 : -1;
}

/* omaha_boards(deck, known, start, holes, hole_len, out) */
PyObject *sd_Tables_omaha_boards(Tables *self, PyObject *args)
{
    PyObject *deck_obj, *known_obj, *holes_obj, *out_obj;
    long long start;
    int hole_len;
    if (!PyArg_ParseTuple(args, "OOLOiO:omaha_boards", &deck_obj, &known_obj, &start,
                          &holes_obj, &hole_len, &out_obj)) {
        return NULL;
    }
    Py_ssize_t n = 0, nk = 0, nh = 0;
    int64_t *deck = NULL, *known = NULL, *holes = NULL;
    Py_buffer out_view;
    uint16_t *out = NULL;
    deck = sd_read_array(deck_obj, &n, "deck");
    known = deck ? sd_read_array(known_obj, &nk, "known") : NULL;
    holes = known ? sd_read_array(holes_obj, &nh, "holes") : NULL;
    if (holes == NULL) {
        free(deck);
        free(known);
        return NULL;
    }
    int need = 5 - (int)nk;
    Py_ssize_t combos = hole_len > 0 ? nh / hole_len : 0;
    int ok = nk <= 5 && n <= NCARDS && n >= need && hole_len >= 4 && hole_len <= 6 &&
             combos * hole_len == nh && start >= 0;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        ok = (uint64_t)deck[i] < NCARDS && (i == 0 || deck[i] > deck[i - 1]);
    }
    for (Py_ssize_t i = 0; ok && i < nk; i++) {
        ok = (uint64_t)known[i] < NCARDS;
    }
    for (Py_ssize_t i = 0; ok && i < nh; i++) {
        ok = (uint64_t)holes[i] < NCARDS;
    }
    Py_ssize_t boards = 0;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "omaha_boards: bad deck, known cards or holes");
    } else if (PyObject_GetBuffer(out_obj, &out_view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) == 0) {
        boards = combos > 0 ? out_view.len / 2 / combos : 0;
        if (out_view.itemsize != 2 || boards * combos * 2 != out_view.len ||
            start + boards > binom((int)n, need)) {
            PyErr_SetString(PyExc_ValueError,
                            "omaha_boards: out must be uint16, combos x boards in range");
            PyBuffer_Release(&out_view);
        } else {
            out = out_view.buf;
        }
    }
    int filled = -1;
    if (out != NULL) {
        Py_BEGIN_ALLOW_THREADS
        filled = eob_fill(self, deck, (int)n, known, (int)nk, start, holes, hole_len, combos,
                          boards, out);
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&out_view);
        if (filled < 0) {
            PyErr_NoMemory();
        }
    }
    free(deck);
    free(known);
    free(holes);
    if (filled < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Release the first ``got`` table views and the sequence: None, or NULL on an error. */
static PyObject *eob_done(Py_buffer *views, Py_ssize_t got, PyObject *seq)
{
    while (got > 0) {
        PyBuffer_Release(&views[--got]);
    }
    Py_DECREF(seq);
    return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
}

/* Each deal's showdowns on the boards it can see: tables[p] holds player p's ranks
 * (rows x boards, uint16, 0 where the board touches the row's combo), picks (deals x
 * players, int64) the row of each player in each deal; counts (deals x players x 11,
 * int64) get each deal's showdowns on the boards where no rank is 0. */
PyObject *sd_Tables_omaha_deal_counts(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *tables_obj, *picks_obj, *counts_obj;
    Py_ssize_t boards;
    if (!PyArg_ParseTuple(args, "OOnO:omaha_deal_counts", &tables_obj, &picks_obj, &boards,
                          &counts_obj)) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(tables_obj, "tables must be a sequence of arrays");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t players = PySequence_Fast_GET_SIZE(seq), got = 0, n = 0;
    Py_buffer views[MAX_PLAYERS];
    const uint16_t *table[MAX_PLAYERS];
    Py_ssize_t rows[MAX_PLAYERS];
    int64_t *picks = NULL;
    if (players < 2 || players > MAX_PLAYERS || boards < 1) {
        PyErr_SetString(PyExc_ValueError, "omaha_deal_counts takes 2 to 10 tables, boards >= 1");
    }
    for (; !PyErr_Occurred() && got < players; got++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(seq, got), &views[got],
                               PyBUF_C_CONTIGUOUS) < 0) {
            break;
        }
        rows[got] = views[got].len / 2 / boards;
        table[got] = views[got].buf;
        if (views[got].itemsize != 2 || rows[got] * boards * 2 != views[got].len) {
            PyErr_SetString(PyExc_ValueError, "tables must be uint16, rows x boards");
        }
    }
    if (!PyErr_Occurred()) {
        picks = sd_read_array(picks_obj, &n, "picks");
    }
    Py_ssize_t deals = picks ? n / players : 0;
    for (Py_ssize_t i = 0; picks && i < n && !PyErr_Occurred(); i++) {
        if (picks[i] < 0 || picks[i] >= rows[i % players] || deals * players != n) {
            PyErr_SetString(PyExc_ValueError, "picks must be deals x players rows in the tables");
        }
    }
    Py_buffer counts_view;
    int64_t *counts = NULL;
    if (!PyErr_Occurred()) {
        counts = sd_get_out(counts_obj, &counts_view, deals * players * TALLY, 8, "counts");
    }
    if (counts != NULL) {
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t d = 0; d < deals; d++) {
            const uint16_t *col[MAX_PLAYERS];
            for (Py_ssize_t p = 0; p < players; p++) {
                col[p] = table[p] + picks[d * players + p] * boards;
            }
            int64_t *c = counts + d * players * TALLY;
            for (Py_ssize_t b = 0; b < boards; b++) {
                uint16_t r[MAX_PLAYERS];
                int seen = 1;
                for (Py_ssize_t p = 0; p < players; p++) {
                    r[p] = col[p][b];
                    seen &= r[p] != 0;
                }
                if (seen) {
                    tally_one(r, (int)players, c);
                }
            }
        }
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&counts_view);
    }
    free(picks);
    return eob_done(views, got, seq);
}

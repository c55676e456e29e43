/*
 * The games of showdown.variants beyond Hold'em and Omaha. A 5-7 card
 * ladder (short deck, the lowball orders, eight-or-better) is just another
 * Tables object built from that ladder's buffers, so batch() and rank() serve it
 * as they are. This file adds what the key sums cannot do: badugi (a table
 * by rank multiset and suit pattern), both halves of Omaha eight or better (one
 * table read per two hole and three board cards, by their rank multisets) and stud
 * eight or better (the high from the key sum, the low from the set of low ranks).
 * Tables methods; their docstrings are in module.c.
 */
#include "kernel.h"

/* comb(i, k) for i < 52, k <= 4 (as showdown.hands.ladders.BINOMIAL). */
static int64_t game_binom[5][NCARDS];

static void game_binom_init(void)
{
    if (game_binom[1][1] == 1) {
        return;
    }
    for (int k = 0; k < 5; k++) {
        for (int i = 0; i < NCARDS; i++) {
            game_binom[k][i] = binom(i, k);
        }
    }
}

/* Badugi: four cards sorted by id have ranks r0 <= r1 <= r2 <= r3 (the multiset's colex
 * index, 0..1819) and a suit pattern: f_i, the first card j <= i of card i's suit
 * (f1 + 2 f2 + 6 f3, 0..23). The value depends on these alone, so the table has
 * 1820 x 24 entries (87 KB: it stays in cache) as built by
 * showdown.hands.ladder_native.badugi_table. */
#define GAME_BADUGI_TABLE (1820 * 24)

static inline Py_ssize_t game_badugi_index(const unsigned *c)
{
    unsigned s0 = c[0] & 3, s1 = c[1] & 3, s2 = c[2] & 3, s3 = c[3] & 3;
    /* f1 = s1 == s0 ? 0 : 1, and so on, as arithmetic (no branch to mispredict) */
    unsigned f1 = s1 != s0;
    unsigned f2 = (s2 != s0) * (2u - (s2 == s1));
    unsigned f3 = (s3 != s0) * (1u + (s3 != s1) * (1u + (s3 != s2)));
    int64_t ranks = (int64_t)(c[0] >> 2) + game_binom[2][(c[1] >> 2) + 1] +
                    game_binom[3][(c[2] >> 2) + 2] + game_binom[4][(c[3] >> 2) + 3];
    return (Py_ssize_t)(ranks * 24 + f1 + 2 * f2 + 6 * f3);
}

/* A read-only 1-d uint16 table of exactly ``want`` entries. */
static const uint16_t *game_table(PyObject *obj, Py_buffer *view, Py_ssize_t want,
                                  const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (view->itemsize != 2 || view->len != want * 2 || sd_int_format(view) != 'H') {
        PyErr_Format(PyExc_ValueError, "%s must be a contiguous uint16 buffer of %zd entries",
                     what, want);
        PyBuffer_Release(view);
        return NULL;
    }
    return view->buf;
}

/* Compare-exchange without a branch (random hands would mispredict half of them). */
#define GAME_SWAP(a, b)                                                                       \
    do {                                                                                       \
        unsigned lo_ = a < b ? a : b;                                                          \
        b ^= a ^ lo_;                                                                          \
        a = lo_;                                                                               \
    } while (0)

/* badugi_batch(ids, table, out, check) */
PyObject *sd_Tables_badugi_batch(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *ids_obj, *table_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOp:badugi_batch", &ids_obj, &table_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (sd_get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    Py_buffer table_view, out_view;
    const uint16_t *table = NULL;
    uint16_t *out = NULL;
    if (ids.cols != 4) {
        PyErr_SetString(PyExc_ValueError, "badugi hands have 4 columns");
    } else if ((table = game_table(table_obj, &table_view, GAME_BADUGI_TABLE, "table")) != NULL) {
        out = sd_get_out(out_obj, &out_view, ids.rows, 2, "out");
        if (out == NULL) {
            PyBuffer_Release(&table_view);
        }
    }
    if (out == NULL) {
        PyBuffer_Release(&ids.view);
        return NULL;
    }
    game_binom_init();
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    /* Sorted, a row is bad when its last id is above 51 (card_index reads any bad id as
     * 52) or, checked, when two neighbours are equal: no bit masks needed. */
#define GAME_BADUGI_ROW(READ)                                                                  \
    for (Py_ssize_t i = 0; i < ids.rows; i++) {                                                \
        unsigned c[4];                                                                         \
        READ;                                                                                  \
        GAME_SWAP(c[0], c[1]);                                                                 \
        GAME_SWAP(c[2], c[3]);                                                                 \
        GAME_SWAP(c[0], c[2]);                                                                 \
        GAME_SWAP(c[1], c[3]);                                                                 \
        GAME_SWAP(c[1], c[2]);                                                                 \
        if ((c[3] > 51) | (check & ((c[0] == c[1]) | (c[1] == c[2]) | (c[2] == c[3])))) {     \
            bad = i;                                                                           \
            break;                                                                             \
        }                                                                                      \
        out[i] = table[game_badugi_index(c)];                                                  \
    }
    if (ids.fmt == 'B' && ids.s1 == 1) { /* uint8 ids: 52..255 are above 51 as they are */
        GAME_BADUGI_ROW(const uint8_t *row = (const uint8_t *)ids.view.buf + i * ids.s0;
                        c[0] = row[0]; c[1] = row[1]; c[2] = row[2]; c[3] = row[3])
    } else if ((ids.fmt == 'q' || ids.fmt == 'l' || ids.fmt == 'n') && ids.view.itemsize == 8 &&
               ids.s1 == 8) {
        GAME_BADUGI_ROW(const int64_t *row = (const int64_t *)((const char *)ids.view.buf +
                                                               i * ids.s0);
                        for (int j = 0; j < 4; j++) { c[j] = card_index(row[j]); })
    } else {
        GAME_BADUGI_ROW(read_row(&ids, i, c))
    }
#undef GAME_BADUGI_ROW
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ids.view);
    PyBuffer_Release(&table_view);
    PyBuffer_Release(&out_view);
    return PyLong_FromSsize_t(bad);
}

/* Ids of one row (hole then board, or any row) valid: distinct (if check) and in 0..51. */
static int game_row_ok(const Tables *t, const unsigned *ids, int n, int check)
{
    uint64_t sum = 0, any = 0;
    for (int j = 0; j < n; j++) {
        sum += t->bits[ids[j]];
        any |= t->bits[ids[j]];
    }
    return check ? valid_cards(sum, any) : (any >> NCARDS) == 0;
}

/* Eight-or-better low bit of a card (ace 0, deuce..eight 1..7, 0 for any other card and
 * for 52, the bad id): a stud hand's best low is that of the set of its low ranks. */
static unsigned char game_low_bits[NCARDS + 1];

static void game_low_bits_init(void)
{
    for (int c = 0; c < NCARDS; c++) {
        int r = c >> 2;
        game_low_bits[c] = (unsigned char)(r == 12 ? 1 : r <= 6 ? 1 << (r + 1) : 0);
    }
}

/* Rows of a stud hi-lo batch (see stud_hilo_batch) until the first bad one: its index,
 * or -1. */
static inline Py_ssize_t game_hilo_rows(const Tables *t, const uint16_t *low, const Ids *ids,
                                        uint16_t *highs, uint16_t *lows, int check, const int n,
                                        const int bytes)
{
    for (Py_ssize_t i = 0; i < ids->rows; i++) {
        unsigned idx[8];
        if (bytes) {
            const uint8_t *row = (const uint8_t *)ids->view.buf + i * ids->s0;
            for (int j = 0; j < n; j++) {
                idx[j] = card_index(row[j]);
            }
        } else {
            read_row(ids, i, idx);
        }
        if (!game_row_ok(t, idx, n, check)) {
            return i;
        }
        uint32_t key = 0;
        unsigned set = 0;
        for (int j = 0; j < n; j++) {
            key += t->keys[idx[j]];
            set |= game_low_bits[idx[j]];
        }
        highs[i] = rank_of(t, n, idx, key);
        lows[i] = low[set];
    }
    return -1;
}

/* stud_hilo_batch(ids, low, high_out, low_out, check) */
PyObject *sd_Tables_stud_hilo_batch(Tables *self, PyObject *args)
{
    PyObject *low_obj, *ids_obj, *high_obj, *lows_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOOp:stud_hilo_batch", &ids_obj, &low_obj, &high_obj,
                          &lows_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (sd_get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    Py_buffer low_view, high_view, lows_view;
    const uint16_t *low = NULL;
    uint16_t *highs = NULL, *lows = NULL;
    if (ids.cols < 5 || ids.cols > 7) {
        PyErr_SetString(PyExc_ValueError, "hands must have 5, 6 or 7 columns");
    } else if ((low = game_table(low_obj, &low_view, 256, "low")) != NULL) {
        if ((highs = sd_get_out(high_obj, &high_view, ids.rows, 2, "high_out")) != NULL) {
            lows = sd_get_out(lows_obj, &lows_view, ids.rows, 2, "low_out");
            if (lows == NULL) {
                PyBuffer_Release(&high_view);
            }
        }
        if (lows == NULL) {
            PyBuffer_Release(&low_view);
        }
    }
    if (lows == NULL) {
        PyBuffer_Release(&ids.view);
        return NULL;
    }
    game_low_bits_init();
    const int n = (int)ids.cols, bytes = ids.fmt == 'B' && ids.s1 == 1;
    Py_ssize_t bad;
    Py_BEGIN_ALLOW_THREADS
    /* Constant n and input kind per call: the compiler unrolls each copy. */
    if (bytes) {
        bad = n == 7   ? game_hilo_rows(self, low, &ids, highs, lows, check, 7, 1)
              : n == 6 ? game_hilo_rows(self, low, &ids, highs, lows, check, 6, 1)
                       : game_hilo_rows(self, low, &ids, highs, lows, check, 5, 1);
    } else {
        bad = game_hilo_rows(self, low, &ids, highs, lows, check, n, 0);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ids.view);
    PyBuffer_Release(&low_view);
    PyBuffer_Release(&high_view);
    PyBuffer_Release(&lows_view);
    return PyLong_FromSsize_t(bad);
}

/* omaha_hilo(hole, board, pair, triple, ranks, high_out, low_out, check). Both halves of
 * Omaha eight or better from one table read per five: ``ranks`` holds (high << 16 | low)
 * of the rank multisets of a hole pair and a board triple at triple[...] + pair[...]; the
 * high half then takes the flush table (these Tables') for the fives of one suit. */
PyObject *sd_Tables_omaha_hilo(Tables *self, PyObject *args)
{
    PyObject *hole_obj, *board_obj, *pair_obj, *triple_obj, *ranks_obj, *high_obj, *lows_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOOOOOp:omaha_hilo", &hole_obj, &board_obj, &pair_obj,
                          &triple_obj, &ranks_obj, &high_obj, &lows_obj, &check)) {
        return NULL;
    }
    Py_buffer views[5];
    int held = 0;
    Ids hole, board;
    hole.view.buf = board.view.buf = NULL;
    const uint16_t *pair = NULL;
    const uint32_t *triple = NULL, *ranks = NULL;
    uint16_t *highs = NULL, *lows = NULL;
    PyObject *tables[3] = {pair_obj, triple_obj, ranks_obj};
    const Py_ssize_t sizes[3] = {169, 2197, 455 * 91}, widths[3] = {2, 4, 4};
    if (sd_get_ids(hole_obj, &hole, "hole") < 0) {
        return NULL;
    }
    if (sd_get_ids(board_obj, &board, "board") < 0) {
        PyBuffer_Release(&hole.view);
        return NULL;
    }
    if (hole.cols < 4 || hole.cols > 6 || board.cols < 3 || board.cols > 5 ||
        hole.rows != board.rows) {
        PyErr_SetString(PyExc_ValueError, "hole (N, 4..6) and board (N, 3..5) do not fit");
        goto done;
    }
    for (; held < 3; held++) {
        Py_buffer *v = &views[held];
        if (PyObject_GetBuffer(tables[held], v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            goto done;
        }
        if (v->itemsize != widths[held] || v->len != sizes[held] * widths[held] ||
            sd_int_format(v) != (widths[held] == 2 ? 'H' : 'I')) {
            PyErr_SetString(PyExc_ValueError, "omaha_hilo: a table has the wrong size or type");
            held++;
            goto done;
        }
    }
    pair = views[0].buf;
    triple = views[1].buf;
    ranks = views[2].buf;
    if ((highs = sd_get_out(high_obj, &views[3], hole.rows, 2, "high_out")) == NULL) {
        goto done;
    }
    held++;
    if ((lows = sd_get_out(lows_obj, &views[4], hole.rows, 2, "low_out")) == NULL) {
        goto done;
    }
    held++;
    Py_ssize_t bad = -1;
    const int h = (int)hole.cols, b = (int)board.cols;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < hole.rows; i++) {
        unsigned c[11];
        read_row(&hole, i, c);
        read_row(&board, i, c + h);
        if (!game_row_ok(self, c, h + b, check)) {
            bad = i;
            break;
        }
        const unsigned *hc = c, *bc = c + h;
        uint32_t pi[15], ti[10];
        unsigned psuit[15], pbits[15], tsuit[10], tbits[10];
        int np = 0, nt = 0;
        for (int x = 0; x < h; x++) {
            for (int y = x + 1; y < h; y++, np++) {
                pi[np] = pair[13 * (hc[x] >> 2) + (hc[y] >> 2)];
                psuit[np] = (hc[x] & 3) == (hc[y] & 3) ? (hc[x] & 3) : 4;
                pbits[np] = (1u << (hc[x] >> 2)) | (1u << (hc[y] >> 2));
            }
        }
        for (int x = 0; x < b; x++) {
            for (int y = x + 1; y < b; y++) {
                for (int z = y + 1; z < b; z++, nt++) {
                    ti[nt] = triple[169 * (bc[x] >> 2) + 13 * (bc[y] >> 2) + (bc[z] >> 2)];
                    unsigned sx = bc[x] & 3;
                    tsuit[nt] = (bc[y] & 3) == sx && (bc[z] & 3) == sx ? sx : 5;
                    tbits[nt] = (1u << (bc[x] >> 2)) | (1u << (bc[y] >> 2)) |
                                (1u << (bc[z] >> 2));
                }
            }
        }
        uint32_t high = 0xffff, low = 0xffff;
        for (int t = 0; t < nt; t++) {
            for (int p = 0; p < np; p++) {
                uint32_t v = ranks[ti[t] + pi[p]];
                high = (v >> 16) < high ? (v >> 16) : high;
                low = (v & 0xffff) < low ? (v & 0xffff) : low;
                if (psuit[p] == tsuit[t]) { /* five of one suit */
                    uint32_t f = self->flush[(pbits[p] | tbits[t]) & 8191];
                    high = f < high ? f : high;
                }
            }
        }
        highs[i] = (uint16_t)high;
        lows[i] = (uint16_t)low;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&hole.view);
    PyBuffer_Release(&board.view);
    for (int k = 0; k < held; k++) {
        PyBuffer_Release(&views[k]);
    }
    return PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&hole.view);
    PyBuffer_Release(&board.view);
    for (int k = 0; k < held; k++) {
        PyBuffer_Release(&views[k]);
    }
    return NULL;
}

/*
 * showdown's optional native kernel (C99, CPython C API, no numpy at build time).
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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KERNEL_ABI 4
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

/* A card id's bit and key side by side, so that one load reads both (batch loops). */
typedef struct {
    uint64_t bit;
    uint64_t key;
} Entry;

typedef struct {
    PyObject_HEAD
    uint32_t keys[NCARDS + 1];
    uint64_t bits[NCARDS + 1];
    Entry entries[256]; /* per uint8 id: bit and key; 52..255 as BADCARD */
    int8_t flush_suit[8][256];
    uint16_t flush[8192];
    uint16_t *nonflush[8];
    uint32_t *row_start[8]; /* per row of 2**ROW_BITS rank-key sums: where it starts */
    uint32_t rank_keys[13];
    uint32_t multiset_keys[N_MULTISETS];
    uint16_t *pairs[169]; /* Hold'em: hole ranks (hi, lo) -> 7-card rank per board multiset */
    uint16_t *pairs5[169]; /* the same indexed by the board's own 5-card rank (no flush) */
    PyObject *on_error;
    PyObject *on_omaha_error;
} Tables;

/* ------------------------------------------------------------------ helpers */

static int64_t read_int(const char *p, char fmt)
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

/* The buffer's struct format as one integer type letter, or 0 if it is not one. */
static char int_format(const Py_buffer *view)
{
    const char *f = view->format ? view->format : "B";
    if (*f == '@' || *f == '=' || *f == '<' || *f == '!' || *f == '>') {
        if (*f == '>' || *f == '!') {
            return 0; /* big-endian data: not read here */
        }
        f++;
    }
    if (f[0] == 0 || f[1] != 0 || strchr("bBhHiIlLqQnN", f[0]) == NULL) {
        return 0;
    }
    return f[0];
}

/* A whole integer buffer (any integer format, any strides) copied into int64s. */
static int64_t *read_array(PyObject *obj, Py_ssize_t *length, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) < 0) {
        return NULL;
    }
    char fmt = int_format(&view);
    if (!fmt || view.ndim != 1) {
        PyErr_Format(PyExc_TypeError, "%s must be a 1-d buffer of integers", what);
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = view.shape[0];
    int64_t *out = malloc(sizeof(int64_t) * (size_t)(n > 0 ? n : 1));
    if (out == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = read_int((const char *)view.buf + i * view.strides[0], fmt);
    }
    *length = n;
    PyBuffer_Release(&view);
    return out;
}

/* A 2-d integer buffer (ids), any format and strides. */
typedef struct {
    Py_buffer view;
    char fmt;
    Py_ssize_t rows, cols, s0, s1;
} Ids;

static int get_ids(PyObject *obj, Ids *ids, const char *what)
{
    if (PyObject_GetBuffer(obj, &ids->view, PyBUF_RECORDS_RO) < 0) {
        return -1;
    }
    ids->fmt = int_format(&ids->view);
    if (!ids->fmt || ids->view.ndim != 2) {
        PyErr_Format(PyExc_TypeError, "%s must be a 2-d buffer of integer card ids", what);
        PyBuffer_Release(&ids->view);
        return -1;
    }
    ids->rows = ids->view.shape[0];
    ids->cols = ids->view.shape[1];
    ids->s0 = ids->view.strides[0];
    ids->s1 = ids->view.strides[1];
    return 0;
}

/* A writable C-contiguous buffer of at least ``count`` items of ``itemsize`` bytes. */
static void *get_out(PyObject *obj, Py_buffer *view, Py_ssize_t count, Py_ssize_t itemsize,
                     const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (view->itemsize != itemsize || view->len < count * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must be a writable buffer of %zd items of %zd bytes",
                     what, count, itemsize);
        PyBuffer_Release(view);
        return NULL;
    }
    return view->buf;
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

/* ------------------------------------------------------------ construction */

static void Tables_dealloc(Tables *self)
{
    for (int n = 0; n < 8; n++) {
        free(self->nonflush[n]);
        free(self->row_start[n]);
    }
    for (int i = 0; i < 169; i++) {
        free(self->pairs[i]);
        free(self->pairs5[i]);
    }
    Py_XDECREF(self->on_error);
    Py_XDECREF(self->on_omaha_error);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int copy_exact(PyObject *obj, Py_ssize_t want, int64_t *out, const char *what)
{
    Py_ssize_t n;
    int64_t *values = read_array(obj, &n, what);
    if (values == NULL) {
        return -1;
    }
    if (n != want) {
        free(values);
        PyErr_Format(PyExc_ValueError, "%s must hold %zd values, not %zd", what, want, n);
        return -1;
    }
    memcpy(out, values, sizeof(int64_t) * (size_t)n);
    free(values);
    return 0;
}

/* The compact non-flush table of n cards from sorted rank-key sums, their ranks and row starts. */
static int build_nonflush(Tables *self, int n, PyObject *keys_obj, PyObject *values_obj,
                          PyObject *starts_obj, int key_gaps)
{
    Py_ssize_t n_keys, n_values, n_starts;
    int64_t *keys = read_array(keys_obj, &n_keys, "nonflush keys");
    if (keys != NULL && key_gaps) { /* the packed form: each key as its gap from the last */
        for (Py_ssize_t i = 1; i < n_keys; i++) {
            keys[i] += keys[i - 1];
        }
    }
    int64_t *values = keys ? read_array(values_obj, &n_values, "nonflush values") : NULL;
    int64_t *starts = values ? read_array(starts_obj, &n_starts, "row starts") : NULL;
    int status = -1;
    if (starts == NULL) {
        goto done;
    }
    if (n_keys != n_values) {
        PyErr_SetString(PyExc_ValueError, "nonflush keys and values differ in length");
        goto done;
    }
    uint32_t top = 0;
    for (int r = 0; r < 13; r++) {
        top = self->rank_keys[r] > top ? self->rank_keys[r] : top;
    }
    /* Every sum of n rank keys (repeats included) falls in one of these rows. */
    int64_t rows = (((int64_t)n * top) >> ROW_BITS) + 1;
    int64_t longest = 0;
    for (Py_ssize_t i = 0; i < n_starts; i++) {
        if (starts[i] < 0 || starts[i] > INT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "a row start is outside 0..2**31-1");
            goto done;
        }
        longest = starts[i] > longest ? starts[i] : longest;
    }
    int64_t size = longest + (1 << ROW_BITS) + 1;
    self->row_start[n] = malloc(sizeof(uint32_t) * (size_t)rows);
    self->nonflush[n] = calloc((size_t)size, sizeof(uint16_t));
    if (self->row_start[n] == NULL || self->nonflush[n] == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int64_t row = 0; row < rows; row++) {
        self->row_start[n][row] = (uint32_t)(row < n_starts ? starts[row] : 0);
    }
    for (Py_ssize_t i = 0; i < n_keys; i++) {
        int64_t key = keys[i];
        if (key < 0 || (key >> ROW_BITS) >= rows) {
            PyErr_SetString(PyExc_ValueError, "a nonflush key is outside the rank-key range");
            goto done;
        }
        int64_t index = (int64_t)self->row_start[n][key >> ROW_BITS] + (key & ROW_MASK);
        if (index < 0 || index >= size) {
            PyErr_SetString(PyExc_ValueError, "row starts do not fit the nonflush keys");
            goto done;
        }
        if (self->nonflush[n][index] != 0) {
            PyErr_SetString(PyExc_ValueError, "row starts make two nonflush keys collide");
            goto done;
        }
        self->nonflush[n][index] = (uint16_t)values[i];
    }
    status = 0;
done:
    free(keys);
    free(values);
    free(starts);
    return status;
}

/* Colex id of five ranks sorted ascending (as showdown._equity_kernels.multiset_ids). */
static int64_t binom(int n, int k)
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

/* The next k-subset of 0..m-1 in lexicographic order (``pick`` ascending): 0 after the last. */
static int next_subset(int *pick, int k, int m)
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

static void build_multisets(Tables *self)
{
    int64_t choose[18][6]; /* binom(n, k), looked up: this runs on every first call */
    for (int n = 0; n < 18; n++) {
        for (int k = 0; k < 6; k++) {
            choose[n][k] = binom(n, k);
        }
    }
    int r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3]; r[4] < 13; r[4]++) {
                        int64_t id = 0;
                        uint32_t key = 0;
                        for (int j = 0; j < 5; j++) {
                            id += choose[r[j] + j][j + 1];
                            key += self->rank_keys[r[j]];
                        }
                        self->multiset_keys[id] = key;
                    }
}

static PyObject *Tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"card_keys", "flush_suit", "flush", "keys", "values", "starts",
                             "on_error", "on_omaha_error", "key_gaps", NULL};
    PyObject *card_keys, *flush_suit, *flush, *keys, *values, *starts, *on_error, *on_omaha;
    int key_gaps = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOOO|$p:Tables", kwlist, &card_keys,
                                     &flush_suit, &flush, &keys, &values, &starts, &on_error,
                                     &on_omaha, &key_gaps)) {
        return NULL;
    }
    if (!PyCallable_Check(on_error) || !PyCallable_Check(on_omaha)) {
        PyErr_SetString(PyExc_TypeError, "on_error and on_omaha_error must be callables");
        return NULL;
    }
    if (!PySequence_Check(keys) || PySequence_Size(keys) != 3 || !PySequence_Check(values) ||
        PySequence_Size(values) != 3 || !PySequence_Check(starts) ||
        PySequence_Size(starts) != 3) {
        PyErr_SetString(PyExc_ValueError, "keys, values and starts are sequences for n = 5, 6, 7");
        return NULL;
    }
    Tables *self = (Tables *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    int64_t tmp[8192];
    if (copy_exact(card_keys, NCARDS, tmp, "card_keys") < 0) {
        goto fail;
    }
    for (int c = 0; c < NCARDS; c++) {
        self->keys[c] = (uint32_t)tmp[c];
        self->bits[c] = (uint64_t)1 << c;
    }
    self->keys[BADCARD] = 0;
    self->bits[BADCARD] = POISON;
    for (int c = 0; c < 256; c++) {
        self->entries[c].bit = self->bits[card_index(c)];
        self->entries[c].key = self->keys[card_index(c)];
    }
    for (int r = 0; r < 13; r++) {
        self->rank_keys[r] = self->keys[4 * r] >> SUIT_BITS;
    }
    if (copy_exact(flush_suit, 3 * 256, tmp, "flush_suit") < 0) {
        goto fail;
    }
    memset(self->flush_suit, -1, sizeof(self->flush_suit));
    for (int n = 5; n <= 7; n++) {
        for (int i = 0; i < 256; i++) {
            self->flush_suit[n][i] = (int8_t)tmp[256 * (n - 5) + i];
        }
    }
    if (copy_exact(flush, 8192, tmp, "flush") < 0) {
        goto fail;
    }
    for (int i = 0; i < 8192; i++) {
        self->flush[i] = (uint16_t)tmp[i];
    }
    for (int n = 5; n <= 7; n++) {
        PyObject *k = PySequence_GetItem(keys, n - 5);
        PyObject *v = PySequence_GetItem(values, n - 5);
        PyObject *s = PySequence_GetItem(starts, n - 5);
        int status = (k && v && s) ? build_nonflush(self, n, k, v, s, key_gaps) : -1;
        Py_XDECREF(k);
        Py_XDECREF(v);
        Py_XDECREF(s);
        if (status < 0) {
            goto fail;
        }
    }
    build_multisets(self);
    Py_INCREF(on_error);
    self->on_error = on_error;
    Py_INCREF(on_omaha);
    self->on_omaha_error = on_omaha;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* ------------------------------------------------------------- scalar path */

/* Card ids of a Python sequence of ints (or objects with __index__, like Card). */
static int scalar_ids(PyObject *seq_obj, unsigned *idx, Py_ssize_t lo, Py_ssize_t hi,
                      Py_ssize_t *count, uint64_t *sum, uint64_t *any, uint32_t *key,
                      const Tables *t)
{
    PyObject *seq = PySequence_Fast(seq_obj, "card ids");
    if (seq == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (n < lo || n > hi) {
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *o = items[j];
        long v;
        int overflow;
        if (PyLong_CheckExact(o)) {
            v = PyLong_AsLongAndOverflow(o, &overflow);
        } else {
            PyObject *index = PyNumber_Index(o);
            if (index == NULL) {
                PyErr_Clear();
                Py_DECREF(seq);
                return -1;
            }
            v = PyLong_AsLongAndOverflow(index, &overflow);
            Py_DECREF(index);
        }
        if (overflow) {
            v = -1;
        }
        unsigned i = card_index(v);
        idx[j] = i;
        *key += t->keys[i];
        *sum += t->bits[i];
        *any |= t->bits[i];
    }
    Py_DECREF(seq);
    *count = n;
    return 0;
}

static PyObject *raise_through(PyObject *handler, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *result = PyObject_Vectorcall(handler, args, (size_t)nargs, NULL);
    if (result != NULL) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "the error handler returned instead of raising");
    }
    return NULL;
}

PyDoc_STRVAR(rank_doc,
"rank(ids) -> int\n\n"
"Rank (1..7462) of the best five of 5 to 7 distinct card ids (ints or Cards).\n"
"Ids outside 0..51, a repeated card or a wrong count raise CardError.");

static PyObject *Tables_rank(Tables *self, PyObject *ids)
{
    unsigned idx[8];
    Py_ssize_t n;
    uint64_t sum = 0, any = 0;
    uint32_t key = 0;
    if (scalar_ids(ids, idx, 5, 7, &n, &sum, &any, &key, self) < 0 || !valid_cards(sum, any)) {
        return raise_through(self->on_error, &ids, 1);
    }
    return PyLong_FromLong(rank_of(self, (int)n, idx, key));
}

/* Best Omaha rank: exactly two of ``h`` hole cards and three of ``b`` board cards. */
static uint16_t omaha_best(const Tables *t, const unsigned *hole, int h, const unsigned *board,
                           int b)
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

PyDoc_STRVAR(omaha_doc,
"omaha(hole, board) -> int\n\n"
"Best rank using exactly two of 4-6 hole ids and three of 3-5 board ids (checked).");

static PyObject *Tables_omaha(Tables *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "omaha(hole, board) takes two arguments");
        return NULL;
    }
    unsigned hole[8], board[8];
    Py_ssize_t h, b;
    uint64_t sum = 0, any = 0;
    uint32_t key = 0;
    if (scalar_ids(args[0], hole, 4, 6, &h, &sum, &any, &key, self) < 0 ||
        scalar_ids(args[1], board, 3, 5, &b, &sum, &any, &key, self) < 0 ||
        !valid_cards(sum, any)) {
        return raise_through(self->on_omaha_error, args, 2);
    }
    return PyLong_FromLong(omaha_best(self, hole, (int)h, board, (int)b));
}

/* -------------------------------------------------------------- batch path */

#define READ_ROW(TYPE, row, s1, n, idx)                                                        \
    for (int j_ = 0; j_ < (n); j_++) {                                                         \
        idx[j_] = card_index((int64_t) * (const TYPE *)((row) + j_ * (s1)));                   \
    }

/* Rows of ``ids`` into ``out`` until the first bad one: returns its index, or -1. */
static Py_ssize_t batch_rows(const Tables *t, const Ids *ids, uint16_t *out, int check)
{
    const int n = (int)ids->cols;
    const char *base = ids->view.buf;
    for (Py_ssize_t i = 0; i < ids->rows; i++) {
        const char *row = base + i * ids->s0;
        unsigned idx[8];
        switch (ids->fmt) {
        case 'b': READ_ROW(int8_t, row, ids->s1, n, idx); break;
        case 'B': READ_ROW(uint8_t, row, ids->s1, n, idx); break;
        case 'h': READ_ROW(int16_t, row, ids->s1, n, idx); break;
        case 'H': READ_ROW(uint16_t, row, ids->s1, n, idx); break;
        case 'i': READ_ROW(int32_t, row, ids->s1, n, idx); break;
        case 'I': READ_ROW(uint32_t, row, ids->s1, n, idx); break;
        case 'l': READ_ROW(long, row, ids->s1, n, idx); break;
        case 'L': READ_ROW(unsigned long, row, ids->s1, n, idx); break;
        case 'q': READ_ROW(int64_t, row, ids->s1, n, idx); break;
        case 'n': READ_ROW(Py_ssize_t, row, ids->s1, n, idx); break;
        case 'N': READ_ROW(size_t, row, ids->s1, n, idx); break;
        default: /* 'Q': a value of 2**63 or more reads as negative, a bad id either way */
            READ_ROW(uint64_t, row, ids->s1, n, idx);
        }
        uint32_t key = 0;
        uint64_t sum = 0, any = 0;
        for (int j = 0; j < n; j++) {
            key += t->keys[idx[j]];
            sum += t->bits[idx[j]];
            any |= t->bits[idx[j]];
        }
        if (check ? !valid_cards(sum, any) : (any >> NCARDS) != 0) {
            return i;
        }
        out[i] = rank_of(t, n, idx, key);
    }
    return -1;
}

/* The same loop specialised for C-contiguous rows of a fixed length N and one integer
 * type. INDEX turns a read id into an index of t->entries: uint8 ids (the fastest
 * input) index it as they are (52..255 read bit POISON, key 0), wider ones are clamped
 * to 52 first. One load per card fetches both its bit and its key; on x86-64 SSE2
 * (part of the architecture, so no -march flag) adds and ORs both lanes at once, and
 * elsewhere the same sums are plain C. A flush (about 3% of random 7-card hands) reads
 * the row again for its suited ranks, so no card index is kept per row.
 *
 * One pass, each row ranked as soon as it is summed: rows do not depend on each
 * other, so the processor already overlaps one row's table lookups with the next
 * rows' sums (a two-pass version, sums then an independent gather per block of rows,
 * measured no faster and spilled the card indexes to the stack). */
#if SHOWDOWN_SSE2
#define ROW_SUMS(N, ROW, INDEX, E, KEY, SUM, ANY)                                             \
    do {                                                                                       \
        __m128i s_ = _mm_loadu_si128((const __m128i *)&(E)[INDEX((ROW)[0])]), a_ = s_;        \
        for (int j_ = 1; j_ < (N); j_++) {                                                     \
            __m128i e_ = _mm_loadu_si128((const __m128i *)&(E)[INDEX((ROW)[j_])]);            \
            s_ = _mm_add_epi64(s_, e_);                                                        \
            a_ = _mm_or_si128(a_, e_);                                                         \
        }                                                                                      \
        SUM = (uint64_t)_mm_cvtsi128_si64(s_);                                                 \
        ANY = (uint64_t)_mm_cvtsi128_si64(a_);                                                 \
        KEY = (uint32_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s_, s_));                         \
    } while (0)
#else
#define ROW_SUMS(N, ROW, INDEX, E, KEY, SUM, ANY)                                             \
    do {                                                                                       \
        uint64_t k_ = 0, s_ = 0, a_ = 0;                                                       \
        for (int j_ = 0; j_ < (N); j_++) {                                                     \
            const Entry *e_ = &(E)[INDEX((ROW)[j_])];                                          \
            k_ += e_->key;                                                                     \
            s_ += e_->bit;                                                                     \
            a_ |= e_->bit;                                                                     \
        }                                                                                      \
        SUM = s_;                                                                              \
        ANY = a_;                                                                              \
        KEY = (uint32_t)k_;                                                                    \
    } while (0)
#endif

#define BATCH_LOOP(NAME, TYPE, N, INDEX)                                                       \
    static Py_ssize_t batch_##NAME##_##N(const Tables *t, const char *p, Py_ssize_t rows,      \
                                         Py_ssize_t s0, uint16_t *out, int check)              \
    {                                                                                          \
        const Entry *entries = t->entries;                                                     \
        const int8_t *fs = t->flush_suit[N];                                                   \
        const uint16_t *nf = t->nonflush[N], *flush = t->flush;                                \
        const uint32_t *row_start = t->row_start[N];                                           \
        /* unchecked: only an id outside 0..51 (its POISON bit) stops the loop */             \
        const uint64_t dup_mask = check ? ~(uint64_t)0 : 0;                                    \
        for (Py_ssize_t i = 0; i < rows; i++, p += s0) {                                       \
            const TYPE *row = (const TYPE *)p;                                                 \
            uint32_t key;                                                                      \
            uint64_t sum, any;                                                                 \
            ROW_SUMS(N, row, INDEX, entries, key, sum, any);                                   \
            if ((((sum ^ any) & dup_mask) | (any >> NCARDS)) != 0) {                           \
                return i;                                                                      \
            }                                                                                  \
            int suit = fs[key & 255];                                                          \
            if (suit < 0) {                                                                    \
                uint32_t rank_sum = key >> SUIT_BITS;                                          \
                out[i] = nf[row_start[rank_sum >> ROW_BITS] + (rank_sum & ROW_MASK)];          \
            } else { /* every id is in 0..51 here */                                           \
                unsigned mask = 0;                                                             \
                for (int j = 0; j < N; j++) {                                                  \
                    unsigned c = (unsigned)row[j];                                             \
                    mask |= (c & 3) == (unsigned)suit ? 1u << (c >> 2) : 0;                    \
                }                                                                              \
                out[i] = flush[mask & 8191];                                                   \
            }                                                                                  \
        }                                                                                      \
        return -1;                                                                             \
    }

#define BLOCK 256 /* trials per block of the Monte Carlo kernel */
#define AS_IS(v) (v)
#define CLAMPED(v) card_index((int64_t)(v))
BATCH_LOOP(u8, uint8_t, 5, AS_IS)
BATCH_LOOP(u8, uint8_t, 6, AS_IS)
BATCH_LOOP(u8, uint8_t, 7, AS_IS)
BATCH_LOOP(i64, int64_t, 5, CLAMPED)
BATCH_LOOP(i64, int64_t, 6, CLAMPED)
BATCH_LOOP(i64, int64_t, 7, CLAMPED)
BATCH_LOOP(i32, int32_t, 5, CLAMPED)
BATCH_LOOP(i32, int32_t, 6, CLAMPED)
BATCH_LOOP(i32, int32_t, 7, CLAMPED)
BATCH_LOOP(i16, int16_t, 5, CLAMPED)
BATCH_LOOP(i16, int16_t, 6, CLAMPED)
BATCH_LOOP(i16, int16_t, 7, CLAMPED)

PyDoc_STRVAR(batch_doc,
"batch(ids, out, check) -> int\n\n"
"Ranks of the rows of a 2-d integer buffer (5-7 columns, any strides) into ``out``\n"
"(uint16). Returns -1, or the index of the first row with an id outside 0..51\n"
"(or, if ``check``, a repeated card). Releases the GIL.");

static PyObject *Tables_batch(Tables *self, PyObject *args)
{
    PyObject *ids_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOp:batch", &ids_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    if (ids.cols < 5 || ids.cols > 7) {
        PyBuffer_Release(&ids.view);
        PyErr_SetString(PyExc_ValueError, "hands must have 5, 6 or 7 columns");
        return NULL;
    }
    Py_buffer out_view;
    uint16_t *out = get_out(out_obj, &out_view, ids.rows, 2, "out");
    if (out == NULL) {
        PyBuffer_Release(&ids.view);
        return NULL;
    }
    Py_ssize_t bad;
    Py_BEGIN_ALLOW_THREADS
    int wide64 = (ids.fmt == 'q' || ids.fmt == 'l' || ids.fmt == 'n') && ids.view.itemsize == 8;
    int wide32 = (ids.fmt == 'i' || (ids.fmt == 'l' && ids.view.itemsize == 4)) &&
                 ids.view.itemsize == 4;
    if (ids.fmt == 'B' && ids.s1 == 1) {
        const char *p = ids.view.buf;
        bad = ids.cols == 7   ? batch_u8_7(self, p, ids.rows, ids.s0, out, check)
              : ids.cols == 6 ? batch_u8_6(self, p, ids.rows, ids.s0, out, check)
                              : batch_u8_5(self, p, ids.rows, ids.s0, out, check);
    } else if (wide64 && ids.s1 == 8) {
        const char *p = ids.view.buf;
        bad = ids.cols == 7   ? batch_i64_7(self, p, ids.rows, ids.s0, out, check)
              : ids.cols == 6 ? batch_i64_6(self, p, ids.rows, ids.s0, out, check)
                              : batch_i64_5(self, p, ids.rows, ids.s0, out, check);
    } else if (wide32 && ids.s1 == 4) {
        const char *p = ids.view.buf;
        bad = ids.cols == 7   ? batch_i32_7(self, p, ids.rows, ids.s0, out, check)
              : ids.cols == 6 ? batch_i32_6(self, p, ids.rows, ids.s0, out, check)
                              : batch_i32_5(self, p, ids.rows, ids.s0, out, check);
    } else if (ids.fmt == 'h' && ids.view.itemsize == 2 && ids.s1 == 2) {
        const char *p = ids.view.buf;
        bad = ids.cols == 7   ? batch_i16_7(self, p, ids.rows, ids.s0, out, check)
              : ids.cols == 6 ? batch_i16_6(self, p, ids.rows, ids.s0, out, check)
                              : batch_i16_5(self, p, ids.rows, ids.s0, out, check);
    } else {
        bad = batch_rows(self, &ids, out, check);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ids.view);
    PyBuffer_Release(&out_view);
    return PyLong_FromSsize_t(bad);
}

static void read_row(const Ids *ids, Py_ssize_t i, unsigned *idx)
{
    const char *row = (const char *)ids->view.buf + i * ids->s0;
    for (Py_ssize_t j = 0; j < ids->cols; j++) {
        idx[j] = card_index(read_int(row + j * ids->s1, ids->fmt));
    }
}

PyDoc_STRVAR(omaha_batch_doc,
"omaha_batch(hole, board, out, check) -> int\n\n"
"Omaha ranks of the rows of two 2-d integer buffers (4-6 and 3-5 columns) into ``out``;\n"
"returns -1 or the first bad row, as batch(). Releases the GIL.");

static PyObject *Tables_omaha_batch(Tables *self, PyObject *args)
{
    PyObject *hole_obj, *board_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOp:omaha_batch", &hole_obj, &board_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids hole, board;
    if (get_ids(hole_obj, &hole, "hole") < 0) {
        return NULL;
    }
    if (get_ids(board_obj, &board, "board") < 0) {
        PyBuffer_Release(&hole.view);
        return NULL;
    }
    Py_buffer out_view;
    uint16_t *out = NULL;
    if (hole.cols < 4 || hole.cols > 6 || board.cols < 3 || board.cols > 5 ||
        hole.rows != board.rows) {
        PyErr_SetString(PyExc_ValueError, "hole (N, 4..6) and board (N, 3..5) do not fit");
    } else {
        out = get_out(out_obj, &out_view, hole.rows, 2, "out");
    }
    if (out == NULL) {
        PyBuffer_Release(&hole.view);
        PyBuffer_Release(&board.view);
        return NULL;
    }
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < hole.rows; i++) {
        unsigned h[8], b[8];
        read_row(&hole, i, h);
        read_row(&board, i, b);
        uint64_t sum = 0, any = 0;
        for (Py_ssize_t j = 0; j < hole.cols; j++) {
            sum += self->bits[h[j]];
            any |= self->bits[h[j]];
        }
        for (Py_ssize_t j = 0; j < board.cols; j++) {
            sum += self->bits[b[j]];
            any |= self->bits[b[j]];
        }
        if (check ? !valid_cards(sum, any) : (any >> NCARDS) != 0) {
            bad = i;
            break;
        }
        out[i] = omaha_best(self, h, (int)hole.cols, b, (int)board.cols);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&hole.view);
    PyBuffer_Release(&board.view);
    PyBuffer_Release(&out_view);
    return PyLong_FromSsize_t(bad);
}

/* ---------------------------------------------------------------- showdowns */

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

PyDoc_STRVAR(tally_doc,
"tally(ranks, counts)\n\n"
"Add the showdowns of P rank arrays (uint16, equal lengths) to ``counts`` (int64, P x 11):\n"
"counts[p][k] counts the showdowns player p won among k best hands. Releases the GIL.");

static PyObject *Tables_tally(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *ranks_obj, *counts_obj;
    if (!PyArg_ParseTuple(args, "OO:tally", &ranks_obj, &counts_obj)) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(ranks_obj, "ranks must be a sequence of arrays");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t players = PySequence_Fast_GET_SIZE(seq);
    if (players < 2 || players > MAX_PLAYERS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "tally takes 2 to 10 rank arrays");
        return NULL;
    }
    Py_buffer views[MAX_PLAYERS];
    const uint16_t *ranks[MAX_PLAYERS];
    Py_ssize_t got = 0, length = -1;
    for (; got < players; got++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(seq, got), &views[got],
                               PyBUF_C_CONTIGUOUS) < 0) {
            break;
        }
        Py_ssize_t len = views[got].len / 2;
        if (views[got].itemsize != 2 || (length >= 0 && len != length)) {
            PyErr_SetString(PyExc_ValueError, "ranks must be uint16 arrays of one length");
            got++;
            break;
        }
        length = len;
        ranks[got] = views[got].buf;
    }
    Py_buffer counts_view;
    int64_t *counts = NULL;
    if (!PyErr_Occurred()) {
        counts = get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    }
    if (counts != NULL) {
        Py_BEGIN_ALLOW_THREADS
        uint16_t r[MAX_PLAYERS];
        for (Py_ssize_t i = 0; i < length; i++) {
            for (Py_ssize_t p = 0; p < players; p++) {
                r[p] = ranks[p][i];
            }
            tally_one(r, (int)players, counts);
        }
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&counts_view);
    }
    for (Py_ssize_t p = 0; p < got; p++) {
        PyBuffer_Release(&views[p]);
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------ Hold'em equity */

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

/* A Hold'em hand's data for the board loops. */
typedef struct {
    const uint16_t *pair; /* non-flush rank per board multiset */
    uint32_t key;         /* the two card keys added */
    uint64_t lanes;       /* rank bits in 16-bit suit lanes (exact) */
    uint64_t major;       /* rank bits in 13-bit suit lanes (as the drawn boards' lanes) */
    uint64_t bits;        /* the two cards' bits (1 << id) */
} Hole;

static int make_hole(Tables *t, unsigned c1, unsigned c2, Hole *h)
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

/* Heads-up showdowns over the last card of a board: ``e`` runs over deck[from..m). */
static inline void headsup_last(const Tables *t, const Hole *holes, int from, int m,
                                const int32_t *mk, const uint32_t *sk, const uint64_t *lane,
                                int32_t m4, uint32_t s4, uint64_t l4, int64_t *w0, int64_t *w1)
{
    const int8_t *f0 = t->flush_suit[7] + s4 + (holes[0].key & 255);
    const int8_t *f1 = t->flush_suit[7] + s4 + (holes[1].key & 255);
    const uint16_t *p0 = holes[0].pair + m4, *p1 = holes[1].pair + m4;
    const uint64_t b0 = l4 | holes[0].lanes, b1 = l4 | holes[1].lanes;
    int64_t a = 0, b = 0;
    for (int e = from; e < m; e++) {
        int s0 = f0[sk[e]], s1 = f1[sk[e]];
        unsigned r0 = p0[mk[e]], r1 = p1[mk[e]];
        if (s0 >= 0) {
            r0 = t->flush[((b0 | lane[e]) >> (16 * s0)) & 8191];
        }
        if (s1 >= 0) {
            r1 = t->flush[((b1 | lane[e]) >> (16 * s1)) & 8191];
        }
        a += r0 < r1;
        b += r1 < r0;
    }
    *w0 += a;
    *w1 += b;
}

/* Every five-card board from ``deck`` (ascending ids): ranks via board multiset ids. */
static void exact_preflop(const Tables *t, const unsigned *deck, int m, const Hole *holes,
                          int players, int64_t *counts)
{
    int32_t mk[5][NCARDS];
    uint32_t sk[NCARDS];
    uint64_t lane[NCARDS];
    for (int i = 0; i < m; i++) {
        unsigned r = deck[i] >> 2;
        for (int j = 0; j < 5; j++) {
            mk[j][i] = (int32_t)binom((int)r + j, j + 1);
        }
        sk[i] = t->keys[deck[i]] & 255;
        lane[i] = (uint64_t)1 << (16 * (deck[i] & 3) + r);
    }
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
                        headsup_last(t, holes, d + 1, m, mk[4], sk, lane, m4, s4, l4, &w0, &w1);
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

static int ids_of(PyObject *obj, unsigned *out, Py_ssize_t most, Py_ssize_t *count,
                  const char *what)
{
    Py_ssize_t n;
    int64_t *values = read_array(obj, &n, what);
    if (values == NULL) {
        return -1;
    }
    if (n > most) {
        free(values);
        PyErr_Format(PyExc_ValueError, "%s holds too many cards", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (values[i] < 0 || values[i] >= NCARDS) {
            free(values);
            PyErr_Format(PyExc_ValueError, "%s holds a card id outside 0..51", what);
            return -1;
        }
        out[i] = (unsigned)values[i];
    }
    free(values);
    *count = n;
    return 0;
}

PyDoc_STRVAR(holdem_exact_doc,
"holdem_exact(deck, board, holes, counts)\n\n"
"Exact Hold'em showdowns for each deal: ``holes`` (D x P x 2 ids), boards of\n"
"``board`` (0 to 5 known ids) completed from ``deck`` (ascending ids) less the deal's\n"
"hole cards; adds to ``counts`` (int64, D x P x 11). Releases the GIL.");

static PyObject *Tables_holdem_exact(Tables *self, PyObject *args)
{
    PyObject *deck_obj, *board_obj, *holes_obj, *counts_obj;
    if (!PyArg_ParseTuple(args, "OOOO:holdem_exact", &deck_obj, &board_obj, &holes_obj,
                          &counts_obj)) {
        return NULL;
    }
    unsigned deck[NCARDS], known[5];
    Py_ssize_t m, nk;
    if (ids_of(deck_obj, deck, NCARDS, &m, "deck") < 0 ||
        ids_of(board_obj, known, 5, &nk, "board") < 0) {
        return NULL;
    }
    Py_ssize_t n_holes;
    int64_t *flat = read_array(holes_obj, &n_holes, "holes (flattened)");
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
    Hole *holes = NULL;
    unsigned *decks = NULL;
    int *sizes = NULL;
    if (!PyErr_Occurred()) {
        holes = malloc(sizeof(Hole) * (size_t)(deals * players));
        decks = malloc(sizeof(unsigned) * NCARDS * (size_t)deals);
        sizes = malloc(sizeof(int) * (size_t)deals);
        if (holes == NULL || decks == NULL || sizes == NULL) {
            PyErr_NoMemory();
        }
    }
    /* Per deal: its holes (pair tables built now, under the GIL) and its deck. */
    for (Py_ssize_t d = 0; d < deals && !PyErr_Occurred(); d++) {
        uint64_t used = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            int64_t c1 = flat[2 * (d * players + p)], c2 = flat[2 * (d * players + p) + 1];
            if (c1 < 0 || c1 >= NCARDS || c2 < 0 || c2 >= NCARDS || c1 == c2) {
                PyErr_SetString(PyExc_ValueError, "a hole holds a bad card id");
                break;
            }
            if (make_hole(self, (unsigned)c1, (unsigned)c2, &holes[d * players + p]) < 0) {
                break;
            }
            used |= ((uint64_t)1 << c1) | ((uint64_t)1 << c2);
        }
        int size = 0;
        for (Py_ssize_t i = 0; i < m; i++) {
            if (!((used >> deck[i]) & 1)) {
                decks[NCARDS * d + size++] = deck[i];
            }
        }
        sizes[d] = size;
    }
    if (!PyErr_Occurred()) {
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t d = 0; d < deals; d++) {
            if (nk == 0) {
                exact_preflop(self, decks + NCARDS * d, sizes[d], holes + d * players,
                              (int)players, counts + d * players * TALLY);
            } else {
                exact_known(self, known, (int)nk, decks + NCARDS * d, sizes[d],
                            holes + d * players, (int)players, counts + d * players * TALLY);
            }
        }
        Py_END_ALLOW_THREADS
    }
    free(flat);
    free(holes);
    free(decks);
    free(sizes);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* -------------------------------------------------- Monte Carlo, drawn here */

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
    int64_t *flat = read_array(PyTuple_GET_ITEM(item, 0), &n, "combos (flattened)");
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
                     int hole, Py_ssize_t trials, const char *name)
{
    memset(d, 0, sizeof(*d));
    unsigned live[NCARDS];
    Py_ssize_t m;
    if (ids_of(board_obj, d->known, 5, &d->nk, "board") < 0 ||
        ids_of(live_obj, live, NCARDS, &m, "live") < 0) {
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

PyDoc_STRVAR(holdem_draw_doc,
"holdem_draw(board, live, players, trials, seed, counts, ranks=None)\n\n"
"Monte Carlo Hold'em showdowns with the boards drawn here: each trial completes\n"
"``board`` (0 to 5 known ids) with cards of ``live`` (ids the board may use) drawn\n"
"uniformly (as two parts, 2 + 3 cards or 2 + 2: a pair of the deck, then a triple or pair\n"
"of the cards it leaves; redrawn only when they hit the trial's hole cards). ``players``: per\n"
"player an (m, 2) array of combos (int64, flattened) and an int64 array picking one\n"
"per trial, or None for a fixed hand. The draws come from xoshiro256** seeded with\n"
"``seed``, so one seed gives the same\n"
"counts on every machine. Adds to ``counts`` (int64, P x 11), or, given ``ranks`` (uint16,\n"
"P x trials, C-contiguous), writes each trial's ranks there instead (for per-trial\n"
"weights). Releases the GIL.");

static PyObject *Tables_holdem_draw(Tables *self, PyObject *args)
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
    if (read_deal(&deal, board_obj, live_obj, players_obj, 2, trials, "holdem_draw") < 0) {
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    const unsigned *known = deal.known, *deck = deal.deck;
    const int64_t *const *picks = deal.picks;
    uint32_t size = deal.size;
    int n_picks = deal.n_picks;
    counts = get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    if (counts == NULL) {
        goto done;
    }
    if (ranks_obj != Py_None) {
        ranks_out = get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
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
            if (make_hole(self, c1, c2, &combos[p][c]) < 0) {
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
                    draw_board(&rng, &draw, second, used, &keys_of[b], &lanes_of[b]);
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
                    tally_one(r, (int)players, counts);
                }
            }
        }
        counts[1] += w0;
        counts[TALLY + 1] += w1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
        Py_END_ALLOW_THREADS
    }
done:
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

/* --------------------------------------------------- Omaha Monte Carlo, drawn here */

PyDoc_STRVAR(omaha_draw_doc,
"omaha_draw(board, live, hole, players, trials, seed, ranks)\n\n"
"Monte Carlo Omaha showdowns with the boards drawn here: each trial completes ``board``\n"
"(3 to 5 known ids, or none) with cards of ``live`` drawn uniformly (a partial\n"
"Fisher-Yates shuffle of the live cards, drawn again when it hits the trial's hole\n"
"cards). ``players``: per player an (m, ``hole``) array of combos (int64, flattened) and\n"
"an int64 array picking one per trial, or None for a fixed hand. Writes each trial's\n"
"best Omaha rank per player into ``ranks`` (uint16, P x trials, C-contiguous). The\n"
"draws come from xoshiro256** seeded with ``seed``. Releases the GIL.");

static PyObject *Tables_omaha_draw(Tables *self, PyObject *args)
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
    if (read_deal(&deal, board_obj, live_obj, players_obj, hole, trials, "omaha_draw") < 0) {
        goto done;
    }
    if (deal.nk == 1 || deal.nk == 2) {
        PyErr_SetString(PyExc_ValueError, "an Omaha board has 0, 3, 4 or 5 known cards");
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    ranks = get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
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

/* ------------------------------------------------------------ hand counts */

PyDoc_STRVAR(rank_counts_doc,
"rank_counts(n, out)\n\n"
"How many hands of ``n`` (5, 6 or 7) cards of one deck have each rank: ``out`` (int64,\n"
"7463 items, index = rank) is overwritten. Counted, not enumerated: each multiset of\n"
"ranks (at most four of a rank) once, weighted by its suitings with no five cards of\n"
"one suit; each set of k >= 5 suited ranks once, weighted by 4 x C(39, n - k).");

/* Per rank depth: the suitings so far by number of clubs (a polynomial in x). */
static void count_multisets(const Tables *t, int n, int rank, int left, uint32_t rank_sum,
                            int64_t total, const int64_t *poly, int64_t *out)
{
    static const int64_t c4[5] = {1, 4, 6, 4, 1}, c3[5] = {1, 3, 3, 1, 0};
    if (rank == 13) {
        if (left == 0) {
            int64_t flushes = 0;
            for (int j = 5; j <= n; j++) {
                flushes += poly[j];
            }
            out[nonflush_rank(t, n, rank_sum)] += total - 4 * flushes;
        }
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        int64_t next[8] = {0};
        for (int j = 0; j <= n; j++) { /* times C(3, c) + C(3, c - 1) x */
            next[j] = poly[j] * c3[c] + (j > 0 && c > 0 ? poly[j - 1] * c3[c - 1] : 0);
        }
        count_multisets(t, n, rank + 1, left - c, rank_sum + (uint32_t)c * t->rank_keys[rank],
                        total * c4[c], next, out);
    }
}

static PyObject *Tables_rank_counts(Tables *self, PyObject *args)
{
    int n;
    PyObject *out_obj;
    if (!PyArg_ParseTuple(args, "iO:rank_counts", &n, &out_obj)) {
        return NULL;
    }
    if (n < 5 || n > 7) {
        PyErr_SetString(PyExc_ValueError, "rank_counts counts hands of 5, 6 or 7 cards");
        return NULL;
    }
    Py_buffer view;
    int64_t *out = get_out(out_obj, &view, 7463, 8, "out");
    if (out == NULL) {
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    memset(out, 0, sizeof(int64_t) * 7463);
    int64_t poly[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    count_multisets(self, n, 0, n, 0, 1, poly, out);
    for (unsigned mask = 0; mask < 8192; mask++) {
        int k = 0;
        for (unsigned b = mask; b; b &= b - 1) {
            k++;
        }
        if (k >= 5 && k <= n) {
            out[self->flush[mask]] += 4 * binom(39, n - k);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ module */

/* Issue 12 (the other showdowns): defined in their section at the end of this file. */
static PyObject *Tables_badugi_batch(Tables *self, PyObject *args);
static PyObject *Tables_stud_hilo_batch(Tables *self, PyObject *args);
static PyObject *Tables_omaha_hilo(Tables *self, PyObject *args);
/* Issue 10b (exact Omaha boards): defined in their section near the end of this file. */
static PyObject *Tables_omaha_boards(Tables *self, PyObject *args);
static PyObject *Tables_omaha_deal_counts(Tables *self, PyObject *args);
/* Issue 9 (hand histories): defined in their section at the end of this file. */
static PyObject *Tables_phh_settle(Tables *self, PyObject *args);
static PyObject *Tables_phh_toml(Tables *self, PyObject *text);

static PyMethodDef Tables_methods[] = {
    {"rank", (PyCFunction)Tables_rank, METH_O, rank_doc},
    {"omaha", (PyCFunction)(void (*)(void))Tables_omaha, METH_FASTCALL, omaha_doc},
    {"batch", (PyCFunction)Tables_batch, METH_VARARGS, batch_doc},
    {"omaha_batch", (PyCFunction)Tables_omaha_batch, METH_VARARGS, omaha_batch_doc},
    {"tally", (PyCFunction)Tables_tally, METH_VARARGS, tally_doc},
    {"holdem_exact", (PyCFunction)Tables_holdem_exact, METH_VARARGS, holdem_exact_doc},
    {"holdem_draw", (PyCFunction)Tables_holdem_draw, METH_VARARGS, holdem_draw_doc},
    {"omaha_draw", (PyCFunction)Tables_omaha_draw, METH_VARARGS, omaha_draw_doc},
    {"rank_counts", (PyCFunction)Tables_rank_counts, METH_VARARGS, rank_counts_doc},
    {"badugi_batch", (PyCFunction)Tables_badugi_batch, METH_VARARGS,
     PyDoc_STR("badugi_batch(ids, table, out, check) -> int\n\nBadugi values of the rows of "
               "a 2-d buffer of four card ids into ``out`` (uint16) from ``table`` (uint16, "
               "1820 x 24 entries: rank multiset by suit pattern). Returns -1 or the first "
               "bad row, as batch(). Releases the GIL.")},
    {"stud_hilo_batch", (PyCFunction)Tables_stud_hilo_batch, METH_VARARGS,
     PyDoc_STR("stud_hilo_batch(ids, low, high_out, low_out, check) -> int\n\nStud eight "
               "or better, rows of 5-7 ids: the high values (these tables) into ``high_out`` "
               "and the lows into ``low_out``, read from ``low`` (uint16[256]: the best low "
               "of each set of low ranks, ace bit 0 to eight bit 7). Returns -1 or the "
               "first bad row, as batch(). Releases the GIL.")},
    {"omaha_hilo", (PyCFunction)Tables_omaha_hilo, METH_VARARGS,
     PyDoc_STR("omaha_hilo(hole, board, pair, triple, ranks, high_out, low_out, check) -> "
               "int\n\nOmaha eight or better, both halves per row from one read of "
               "``ranks`` (uint32 high << 16 | low by rank multisets: ``pair`` uint16[169], "
               "``triple`` uint32[2197]) per two hole and three board cards, and these "
               "Tables' flush table. Returns -1 or the first bad row, as batch(). Releases "
               "the GIL.")},
    {"omaha_boards", (PyCFunction)Tables_omaha_boards, METH_VARARGS,
     PyDoc_STR("omaha_boards(deck, known, start, holes, hole_len, out)\n\nOmaha ranks of "
               "each combo (``holes``: int64, rows of ``hole_len`` = 4..6 ids) on the boards "
               "``start``, ``start + 1``, ... (colex order) completing ``known`` (int64, 0..5 "
               "ids) with cards of ``deck`` (int64, ascending) into ``out`` (uint16, combos "
               "x boards, row-major); rank 0 where a board shares a card with the combo. "
               "Releases the GIL (see the exact Omaha boards section).")},
    {"omaha_deal_counts", (PyCFunction)Tables_omaha_deal_counts, METH_VARARGS,
     PyDoc_STR("omaha_deal_counts(tables, picks, boards, counts)\n\nAdd each deal's "
               "showdowns to ``counts`` (int64, deals x players x 11): player p holds row "
               "``picks[d * players + p]`` (int64) of ``tables[p]`` (uint16, rows x "
               "``boards`` ranks, 0 where the board touches the combo); boards where a rank "
               "is 0 do not count. Releases the GIL (see the exact Omaha boards section).")},
    {"phh_settle", (PyCFunction)Tables_phh_settle, METH_VARARGS,
     PyDoc_STR("phh_settle(hands, shapes) -> list\n\nReplay and settle a run of PHH hands "
               "(their fields dicts) of the variants in ``shapes``; per hand None (the "
               "Python path replays it) or the settled hand (see the hand-histories section "
               "of kernel.c and showdown.phh.batch).")},
    {"phh_toml", (PyCFunction)Tables_phh_toml, METH_O,
     PyDoc_STR("phh_toml(text) -> dict | None\n\nThe plain TOML of hand histories as "
               "tomllib reads it (the subset of showdown.phh.fasttoml), else None.")},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Tables_doc,
"Tables(card_keys, flush_suit, flush, keys, values, starts, on_error, on_omaha_error,\n"
"       *, key_gaps=False)\n\n"
"One ladder's lookup tables, read from buffers: card keys (52), flush suit per low key\n"
"bits for 5, 6, 7 cards (3 x 256), the flush table (8192), and per hand size 5, 6, 7\n"
"the sorted non-flush rank-key sums, their ranks and the compact rows' starts.\n"
"``on_error(ids)`` and ``on_omaha_error(hole, board)`` raise the error of bad input.\n"
"``key_gaps``: the keys are given as gaps from the previous key (the packed form).");

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._native._kernel.Tables",
    .tp_basicsize = sizeof(Tables),
    .tp_dealloc = (destructor)Tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Tables_doc,
    .tp_methods = Tables_methods,
    .tp_new = Tables_new,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "showdown._native._kernel",
    .m_doc = "showdown's native evaluation and equity kernels (see showdown._native).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (PyType_Ready(&TablesType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(module, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddIntConstant(module, "ABI", KERNEL_ABI) < 0 ||
        PyModule_AddIntConstant(module, "TALLY", TALLY) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

/* ================================================================= other showdowns
 * Issue 12: the games of showdown.variants beyond Hold'em and Omaha. A 5-7 card
 * ladder (short deck, the lowball orders, eight-or-better) is just another
 * Tables object built from that ladder's buffers, so batch() and rank() serve it
 * as they are. This section adds what the key sums cannot do: badugi (a table
 * by rank multiset and suit pattern), both halves of Omaha eight or better (one
 * table read per two hole and three board cards, by their rank multisets) and stud
 * eight or better (the high from the key sum, the low from the set of low ranks).
 * Tables methods (see the method table).
 */

/* comb(i, k) for i < 52, k <= 4 (as showdown.ladder_tables._BINOM). */
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
 * showdown._ladder_native.badugi_table. */
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
    if (view->itemsize != 2 || view->len != want * 2 || int_format(view) != 'H') {
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

/* badugi_batch(ids, table, out, check): see its entry in the method table. */

static PyObject *Tables_badugi_batch(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *ids_obj, *table_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOp:badugi_batch", &ids_obj, &table_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    Py_buffer table_view, out_view;
    const uint16_t *table = NULL;
    uint16_t *out = NULL;
    if (ids.cols != 4) {
        PyErr_SetString(PyExc_ValueError, "badugi hands have 4 columns");
    } else if ((table = game_table(table_obj, &table_view, GAME_BADUGI_TABLE, "table")) != NULL) {
        out = get_out(out_obj, &out_view, ids.rows, 2, "out");
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

/* stud_hilo_batch(ids, low, high_out, low_out, check): see its entry in the method table. */
static PyObject *Tables_stud_hilo_batch(Tables *self, PyObject *args)
{
    PyObject *low_obj, *ids_obj, *high_obj, *lows_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOOp:stud_hilo_batch", &ids_obj, &low_obj, &high_obj,
                          &lows_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    Py_buffer low_view, high_view, lows_view;
    const uint16_t *low = NULL;
    uint16_t *highs = NULL, *lows = NULL;
    if (ids.cols < 5 || ids.cols > 7) {
        PyErr_SetString(PyExc_ValueError, "hands must have 5, 6 or 7 columns");
    } else if ((low = game_table(low_obj, &low_view, 256, "low")) != NULL) {
        if ((highs = get_out(high_obj, &high_view, ids.rows, 2, "high_out")) != NULL) {
            lows = get_out(lows_obj, &lows_view, ids.rows, 2, "low_out");
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

/* omaha_hilo(hole, board, pair, triple, ranks, high_out, low_out, check): see the method
 * table. Both halves of Omaha eight or better from one table read per five: ``ranks``
 * holds (high << 16 | low) of the rank multisets of a hole pair and a board triple at
 * triple[...] + pair[...]; the high half then takes the flush table (these Tables') for
 * the fives of one suit. */
static PyObject *Tables_omaha_hilo(Tables *self, PyObject *args)
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
    if (get_ids(hole_obj, &hole, "hole") < 0) {
        return NULL;
    }
    if (get_ids(board_obj, &board, "board") < 0) {
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
            int_format(v) != (widths[held] == 2 ? 'H' : 'I')) {
            PyErr_SetString(PyExc_ValueError, "omaha_hilo: a table has the wrong size or type");
            held++;
            goto done;
        }
    }
    pair = views[0].buf;
    triple = views[1].buf;
    ranks = views[2].buf;
    if ((highs = get_out(high_obj, &views[3], hole.rows, 2, "high_out")) == NULL) {
        goto done;
    }
    held++;
    if ((lows = get_out(lows_obj, &views[4], hole.rows, 2, "low_out")) == NULL) {
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

/* ============================================================ end of other showdowns */

/* ================================================================= exact Omaha boards
 * Exact Omaha equity (any board size, preflop included): the boards completing
 * the known cards with ``need`` cards of a live deck, taken in colex order of
 * their deck positions (board b is the b-th ``need``-subset: b = sum over its
 * positions p_1 < ... < p_need of C(p_j, j)), and every hole-card combo of a
 * player ranked on each board of one block. A board is walked once for all
 * the combos: its ten triples' key sums and suit masks are built once, each
 * combo's pairs once per call. A board that shares a card with a combo gets
 * rank 0 (no hand ranks 0): the caller's mark of a board that deal cannot see.
 * Python: showdown._omaha_exact (its numpy path gives the same integers).
 */

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

static PyObject *Tables_omaha_boards(Tables *self, PyObject *args)
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
    deck = read_array(deck_obj, &n, "deck");
    known = deck ? read_array(known_obj, &nk, "known") : NULL;
    holes = known ? read_array(holes_obj, &nh, "holes") : NULL;
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
static PyObject *Tables_omaha_deal_counts(Tables *self, PyObject *args)
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
        picks = read_array(picks_obj, &n, "picks");
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
        counts = get_out(counts_obj, &counts_view, deals * players * TALLY, 8, "counts");
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

/* ============================================================ end of exact Omaha boards */

/* ================================================================= hand histories
 * Issue 9: replay and settle a run of everyday PHH hands in one call. A hand is
 * its fields dict (as read from the file); shapes maps a variant code to
 * (structure 0 no-limit / 1 pot-limit / 2 fixed-limit, hole cards, cap or 0,
 * evaluator 0 seven-card high / 1 Omaha high, bet kind per street 0 small /
 * 1 big x 4) for blind-and-board games dealt flop, turn, river from 52 cards.
 * The betting rules are those of showdown.phh.betting and showdown.phh.fastpath
 * (the same steps, in C); the settlement those of showdown.pots.resolve for
 * tables with ascending seats, equal antes and known cards. Anything else, an
 * illegal action included, gives None for that hand: Python then replays it
 * and raises the error that names the rule. Tables method phh_settle.
 */

#define PHH_MAX 10
#define PHH_LIMIT ((int64_t)1 << 44) /* larger amounts: the Python path */

enum { PHH_STACKS, PHH_ANTES, PHH_BLINDS, PHH_MIN_BET, PHH_SMALL, PHH_BIG, PHH_ACTIONS,
       PHH_VARIANT, PHH_SEATS, PHH_NKEYS };
static const char *const phh_key_names[PHH_NKEYS] = {
    "starting_stacks", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
    "actions", "variant", "seats"};
static PyObject *phh_keys[PHH_NKEYS];
static PyObject *phh_card_text[NCARDS + 1]; /* "2c".."As", then "??" */

static int phh_init(void)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (phh_card_text[NCARDS] != NULL) {
        return 0;
    }
    for (int k = 0; k < PHH_NKEYS; k++) {
        if (phh_keys[k] == NULL && (phh_keys[k] = PyUnicode_InternFromString(phh_key_names[k])) == NULL) {
            return -1;
        }
    }
    for (int c = 0; c < NCARDS; c++) {
        char text[2] = {ranks[c >> 2], suits[c & 3]};
        if ((phh_card_text[c] = PyUnicode_FromStringAndSize(text, 2)) == NULL) {
            return -1;
        }
    }
    phh_card_text[NCARDS] = PyUnicode_FromString("??");
    return phh_card_text[NCARDS] == NULL ? -1 : 0;
}

/* A card text to its id (0..51), NCARDS for "??", -1 for anything else. */
static int phh_card(const char *s)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (s[0] == '?' && s[1] == '?') {
        return NCARDS;
    }
    const char *r = s[0] ? strchr(ranks, s[0]) : NULL;
    const char *u = s[1] ? strchr(suits, s[1]) : NULL;
    if (r == NULL || u == NULL) {
        return -1;
    }
    return (int)(r - ranks) * 4 + (int)(u - suits);
}

/* An exact int in 0..PHH_LIMIT, or -1. */
static int64_t phh_int(PyObject *v)
{
    if (v == NULL || !PyLong_CheckExact(v)) {
        return -1;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || x < 0 || x > PHH_LIMIT) {
        return -1;
    }
    return (int64_t)x;
}

/* A list of n such ints; 0, or 1 when it is not one. */
static int phh_ints(PyObject *v, int n, int64_t *out)
{
    if (v == NULL || !PyList_CheckExact(v) || PyList_GET_SIZE(v) != n) {
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if ((out[i] = phh_int(PyList_GET_ITEM(v, i))) < 0) {
            return 1;
        }
    }
    return 0;
}

typedef struct {
    int structure, holes, cap, evaluator, bet[4];
} PhhShape;

typedef struct {
    int n, nboard, last_aggressor;
    int64_t start[PHH_MAX], contrib[PHH_MAX], paid[PHH_MAX], seat[PHH_MAX];
    unsigned char folded[PHH_MAX], mucked[PHH_MAX];
    int hole[PHH_MAX][4], nhole[PHH_MAX], board[5];
} PhhHand;

/* The players who act in a new round from opener (betting.round_queue). */
static int phh_round_queue(int n, int opener, const int64_t *stacks, const int64_t *bets,
                           const unsigned char *folded, int *queue)
{
    int64_t first = -1, second = -1;
    int top = -1, len = 0;
    for (int i = 0; i < n; i++) {
        if (!folded[i]) {
            int64_t total = stacks[i] + bets[i];
            if (total > first) {
                second = first;
                first = total;
                top = i;
            } else if (total > second) {
                second = total;
            }
        }
    }
    for (int k = 0; k < n; k++) {
        int i = (opener + k) % n;
        if (folded[i] || !stacks[i]) {
            continue;
        }
        if ((i == top ? second : first) <= bets[i]) {
            continue;
        }
        queue[len++] = i;
    }
    return len;
}

/* Split words at single-byte blanks; -1 when the text holds other white space or '#'. */
static int phh_words(const char *s, Py_ssize_t len, const char **word, Py_ssize_t *wlen)
{
    int count = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t j = 0; j < len; j++) {
        unsigned char c = (unsigned char)s[j];
        if (c == '#' || (c < 0x21 && c != ' ') || c == 0x7f) {
            return -1;
        }
    }
    while (k < len) {
        while (k < len && s[k] == ' ') {
            k++;
        }
        if (k == len) {
            break;
        }
        if (count == 4) {
            return -1;
        }
        word[count] = s + k;
        while (k < len && s[k] != ' ') {
            k++;
        }
        wlen[count] = (s + k) - word[count];
        count++;
    }
    return count;
}

static int phh_is(const char *w, Py_ssize_t len, const char *text)
{
    return (size_t)len == strlen(text) && memcmp(w, text, (size_t)len) == 0;
}

/* "p1".."p99" as 0..98, else -1. */
static int phh_player(const char *w, Py_ssize_t len)
{
    if (len < 2 || len > 3 || w[0] != 'p' || w[1] < '1' || w[1] > '9') {
        return -1;
    }
    int k = w[1] - '0';
    if (len == 3) {
        if (w[2] < '0' || w[2] > '9') {
            return -1;
        }
        k = 10 * k + (w[2] - '0');
    }
    return k - 1;
}

/* Replay one hand: 0 done, 1 not an everyday hand (Python replays it), -1 error. */
static int phh_replay(PyObject *fields, const PhhShape *shape, PhhHand *h)
{
    PyObject *stacks_obj = PyDict_GetItemWithError(fields, phh_keys[PHH_STACKS]);
    if (stacks_obj == NULL || !PyList_CheckExact(stacks_obj)) {
        return PyErr_Occurred() ? -1 : 1;
    }
    Py_ssize_t size = PyList_GET_SIZE(stacks_obj);
    if (size < 2 || size > PHH_MAX) {
        return 1;
    }
    int n = (int)size;
    h->n = n;
    int64_t stacks[PHH_MAX], antes[PHH_MAX], blinds[PHH_MAX], sizes[4];
    if (phh_ints(stacks_obj, n, stacks) ||
        phh_ints(PyDict_GetItemWithError(fields, phh_keys[PHH_ANTES]), n, antes) ||
        phh_ints(PyDict_GetItemWithError(fields, phh_keys[PHH_BLINDS]), n, blinds)) {
        return PyErr_Occurred() ? -1 : 1;
    }
    if (shape->structure == 2) {
        int64_t small = phh_int(PyDict_GetItemWithError(fields, phh_keys[PHH_SMALL]));
        int64_t big = phh_int(PyDict_GetItemWithError(fields, phh_keys[PHH_BIG]));
        for (int s = 0; s < 4; s++) {
            sizes[s] = shape->bet[s] ? big : small;
        }
    } else {
        int64_t min_bet = phh_int(PyDict_GetItemWithError(fields, phh_keys[PHH_MIN_BET]));
        for (int s = 0; s < 4; s++) {
            sizes[s] = min_bet;
        }
    }
    if (PyErr_Occurred()) {
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        if (sizes[s] <= 0) {
            return 1;
        }
    }
    PyObject *seats = PyDict_GetItemWithError(fields, phh_keys[PHH_SEATS]);
    if (seats != NULL) { /* real seat numbers: only ascending ones here */
        if (phh_ints(seats, n, h->seat)) {
            return 1;
        }
        for (int i = 1; i < n; i++) {
            if (h->seat[i] <= h->seat[i - 1]) {
                return 1;
            }
        }
    } else if (PyErr_Occurred()) {
        return -1;
    } else {
        for (int i = 0; i < n; i++) {
            h->seat[i] = i + 1;
        }
    }
    PyObject *actions = PyDict_GetItemWithError(fields, phh_keys[PHH_ACTIONS]);
    if (actions == NULL || !PyList_CheckExact(actions)) {
        return PyErr_Occurred() ? -1 : 1;
    }
    for (int i = 0; i < n; i++) {
        if (!stacks[i]) {
            return 1;
        }
        h->start[i] = stacks[i];
    }
    if (n == 2) { /* heads-up: the forced bets are reversed */
        int64_t t = antes[0];
        antes[0] = antes[1];
        antes[1] = t;
        t = blinds[0];
        blinds[0] = blinds[1];
        blinds[1] = t;
    }
    int64_t bets[PHH_MAX], acted[PHH_MAX], max_bet = 0;
    unsigned char shown[PHH_MAX];
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        int64_t ante = antes[i] < stacks[i] ? antes[i] : stacks[i];
        int64_t behind = stacks[i] - ante;
        int64_t blind = blinds[i] < behind ? blinds[i] : behind;
        h->paid[i] = ante;
        bets[i] = blind;
        stacks[i] = behind - blind;
        h->contrib[i] = ante + blind;
        max_bet = blind > max_bet ? blind : max_bet;
        h->folded[i] = h->mucked[i] = shown[i] = 0;
        h->nhole[i] = 0;
        acted[i] = -1;
    }
    enum { DEAL, BET, DONE } phase = DEAL;
    int live = n, undealt = n, street = 0, pending = 0, streets = 4;
    static const int boards[4] = {0, 3, 1, 1};
    int queue[PHH_MAX], qhead = 0, qlen = 0;
    int64_t full = 0;
    int raises = 0, aggressor = -1, round_acted = 0;
    h->last_aggressor = -1;
    h->nboard = 0;
    Py_ssize_t count_actions = PyList_GET_SIZE(actions);
    for (Py_ssize_t a = 0; a < count_actions; a++) {
        PyObject *item = PyList_GET_ITEM(actions, a);
        if (!PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item)) {
            return 1;
        }
        const char *word[4];
        Py_ssize_t wlen[4];
        int count = phh_words((const char *)PyUnicode_DATA(item), PyUnicode_GET_LENGTH(item),
                              word, wlen);
        if (count < 0) {
            return 1;
        }
        int begin = 0, end = 0;
        int dealer = count >= 1 && phh_is(word[0], wlen[0], "d");
        if (count == 2 || (count == 3 && !dealer)) {
            int i = phh_player(word[0], wlen[0]);
            if (i < 0 || i >= n) {
                return 1;
            }
            int cc = phh_is(word[1], wlen[1], "cc"), fold = phh_is(word[1], wlen[1], "f");
            if (cc || fold) {
                if (count != 2 || phase != BET || queue[qhead] != i) {
                    return 1;
                }
                if (cc) {
                    int64_t put = max_bet - bets[i];
                    put = put > stacks[i] ? stacks[i] : put;
                    stacks[i] -= put;
                    bets[i] += put;
                    h->contrib[i] += put;
                } else {
                    h->folded[i] = 1;
                    live--;
                }
                acted[i] = max_bet;
                round_acted = 1;
                qhead++;
                end = qhead == qlen || live == 1;
            } else if (phh_is(word[1], wlen[1], "cbr")) {
                if (count != 3 || phase != BET || queue[qhead] != i) {
                    return 1;
                }
                int64_t amount = 0;
                if (wlen[2] > 15) {
                    return 1;
                }
                for (Py_ssize_t k = 0; k < wlen[2]; k++) {
                    if (word[2][k] < '0' || word[2][k] > '9') {
                        return 1;
                    }
                    amount = 10 * amount + (word[2][k] - '0');
                }
                /* betting.raise_bounds */
                int64_t size_now = sizes[street];
                int64_t step = full > size_now ? full : size_now;
                if (shape->cap && raises >= shape->cap) {
                    return 1;
                }
                if (acted[i] >= 0 && max_bet - acted[i] < step) {
                    return 1;
                }
                int64_t total = stacks[i] + bets[i];
                if (total <= max_bet) {
                    return 1;
                }
                int caller = 0;
                for (int j = 0; j < n; j++) {
                    if (j != i && !h->folded[j] && stacks[j] + bets[j] > max_bet) {
                        caller = 1;
                        break;
                    }
                }
                if (!caller) {
                    return 1;
                }
                int64_t smallest = max_bet + step < total ? max_bet + step : total;
                int64_t largest = total;
                if (shape->structure == 1) {
                    int64_t pot = 0;
                    for (int j = 0; j < n; j++) {
                        pot += h->contrib[j];
                    }
                    int64_t most = 2 * max_bet - bets[i] + pot;
                    most = most > smallest ? most : smallest;
                    largest = most < total ? most : total;
                } else if (shape->structure == 2) {
                    largest = smallest;
                }
                if (amount < smallest || amount > largest) {
                    return 1;
                }
                if (amount - max_bet >= full) {
                    full = amount - max_bet;
                }
                int64_t put = amount - bets[i];
                stacks[i] -= put;
                bets[i] = amount;
                h->contrib[i] += put;
                max_bet = amount;
                acted[i] = amount;
                raises++;
                aggressor = i;
                round_acted = 1;
                qhead = qlen = 0; /* betting.after_raise */
                for (int k = 1; k < n; k++) {
                    int j = (i + k) % n;
                    if (!h->folded[j] && stacks[j]) {
                        queue[qlen++] = j;
                    }
                }
                end = qlen == 0;
            } else if (phh_is(word[1], wlen[1], "sm")) {
                if (phase != DONE || h->folded[i] || shown[i]) {
                    return 1;
                }
                shown[i] = 1;
                if (count == 2) {
                    h->mucked[i] = 1;
                    continue;
                }
                if (wlen[2] != 2 * h->nhole[i]) {
                    return 1;
                }
                for (int k = 0; k < h->nhole[i]; k++) {
                    if (h->hole[i][k] == NCARDS) {
                        return 1;
                    }
                }
                for (int k = 0; k < h->nhole[i]; k++) {
                    int c = phh_card(word[2] + 2 * k);
                    int found = c == NCARDS;
                    for (int m = 0; m < h->nhole[i] && !found; m++) {
                        found = h->hole[i][m] == c;
                    }
                    if (c < 0 || !found) {
                        return 1;
                    }
                }
                continue;
            } else {
                return 1;
            }
        } else if (count == 4 && dealer && phh_is(word[1], wlen[1], "dh")) {
            int i = phh_player(word[2], wlen[2]);
            if (phase != DEAL || street || i < 0 || i >= n || h->nhole[i]) {
                return 1;
            }
            if (wlen[3] != 2 * shape->holes) {
                return 1;
            }
            for (int k = 0; k < shape->holes; k++) {
                int c = phh_card(word[3] + 2 * k);
                if (c < 0) {
                    return 1;
                }
                if (c != NCARDS) {
                    if (used >> c & 1) {
                        return 1;
                    }
                    used |= (uint64_t)1 << c;
                }
                h->hole[i][k] = c;
            }
            h->nhole[i] = shape->holes;
            undealt--;
            begin = !undealt;
        } else if (count == 3 && phh_is(word[1], wlen[1], "db")) {
            if (phase != DEAL || !pending || wlen[2] != 2 * pending) {
                return 1;
            }
            for (int k = 0; k < pending; k++) {
                int c = phh_card(word[2] + 2 * k);
                if (c < 0 || c == NCARDS || (used >> c & 1)) {
                    return 1;
                }
                used |= (uint64_t)1 << c;
                h->board[h->nboard++] = c;
            }
            pending = 0;
            begin = 1;
        } else {
            return 1;
        }
        if (begin) { /* the street's cards are out: its betting round starts */
            full = 0;
            raises = 0;
            aggressor = -1;
            round_acted = 0;
            for (int i = 0; i < n; i++) {
                acted[i] = -1;
            }
            int opener = 0;
            if (street == 0) { /* betting.blind_opener */
                int any = 0, top = 0;
                int64_t best = -1;
                for (int i = 0; i < n; i++) {
                    any |= blinds[i] != 0;
                    int64_t v = blinds[i] ? bets[i] : 0;
                    if (v >= best) {
                        best = v;
                        top = i;
                    }
                }
                opener = any ? (top + 1) % n : 0;
            }
            qhead = 0;
            qlen = phh_round_queue(n, opener, stacks, bets, h->folded, queue);
            phase = BET;
            end = qlen == 0 || (qlen == 1 && bets[queue[0]] >= max_bet);
        }
        if (end) {
            if (round_acted) {
                h->last_aggressor = aggressor;
            }
            qhead = qlen = 0;
            for (int i = 0; i < n; i++) {
                bets[i] = 0;
            }
            max_bet = 0;
            street++;
            if (live == 1 || street == streets) {
                phase = DONE;
            } else {
                phase = DEAL;
                pending = boards[street];
            }
        }
    }
    return phase == DONE ? 0 : 1;
}

typedef struct {
    int64_t finishing[PHH_MAX], won[PHH_MAX], returned;
    int returned_to, npots, norder;
    int64_t pot_amount[PHH_MAX + 1];
    int pot_from[PHH_MAX + 1]; /* eligible: live[pot_from..] */
    uint32_t pot_winners[PHH_MAX + 1]; /* bit mask of player indices */
    int64_t pot_share[PHH_MAX + 1][PHH_MAX];
    int live[PHH_MAX], nlive, order[PHH_MAX];
    int value[PHH_MAX]; /* -1: shows nothing */
} PhhSettled;

/* pots.resolve for the table of a replayed hand: 0 done, 1 the Python path. */
static int phh_settle(const Tables *t, const PhhShape *shape, const PhhHand *h, PhhSettled *s)
{
    int n = h->n;
    int64_t chips[PHH_MAX] = {0};
    int nlive = 0;
    for (int i = 0; i < n; i++) {
        if (h->paid[i] != h->paid[0]) {
            return 1; /* unequal antes: dead money (settlement._dead_antes) */
        }
        chips[i] = h->contrib[i];
        s->won[i] = 0;
        s->value[i] = -1;
        if (!h->folded[i]) {
            nlive++;
        }
    }
    if (nlive > 1) { /* a hand needed at the showdown is unknown: the Python path */
        for (int i = 0; i < n; i++) {
            if (h->folded[i] || h->mucked[i]) {
                continue;
            }
            for (int k = 0; k < h->nhole[i]; k++) {
                if (h->hole[i][k] == NCARDS) {
                    return 1;
                }
            }
        }
    }
    /* 1. Uncalled bet. */
    int top = 0;
    for (int i = 1; i < n; i++) {
        if (chips[i] > chips[top]) {
            top = i;
        }
    }
    int64_t second = -1;
    for (int i = 0; i < n; i++) {
        if (i != top && chips[i] > second) {
            second = chips[i];
        }
    }
    s->returned_to = -1;
    s->returned = 0;
    if (chips[top] > second) {
        s->returned_to = top;
        s->returned = chips[top] - second;
        chips[top] = second;
    }
    /* 2. Layers cut at each live level (stable order by chips). */
    int *live = s->live;
    nlive = 0;
    for (int i = 0; i < n; i++) {
        if (h->folded[i]) {
            continue;
        }
        int k = nlive++;
        while (k > 0 && chips[live[k - 1]] > chips[i]) {
            live[k] = live[k - 1];
            k--;
        }
        live[k] = i;
    }
    s->nlive = nlive;
    int64_t below = 0, total = 0, level = -1;
    int j = 0, npots = 0;
    for (int i = 0; i < n; i++) {
        total += chips[i];
    }
    for (int k = 0; k < nlive; k++) {
        if (chips[live[k]] == level) {
            continue;
        }
        level = chips[live[k]];
        int64_t upto = 0;
        for (int i = 0; i < n; i++) {
            upto += chips[i] < level ? chips[i] : level;
        }
        while (chips[live[j]] < level) {
            j++;
        }
        if (upto > below) {
            s->pot_amount[npots] = upto - below;
            s->pot_from[npots++] = j;
        }
        below = upto;
    }
    if (total > below) {
        if (npots && s->pot_from[npots - 1] == j) {
            s->pot_amount[npots - 1] += total - below;
        } else {
            s->pot_amount[npots] = total - below;
            s->pot_from[npots++] = j;
        }
    }
    s->npots = npots;
    /* Values of the contenders who show. */
    int first = npots && nlive - s->pot_from[0] > 1 ? s->pot_from[0] : nlive;
    s->norder = 0;
    if (first < nlive) {
        if (h->nboard != 5) {
            return 1;
        }
        unsigned board[5];
        for (int k = 0; k < 5; k++) {
            board[k] = (unsigned)h->board[k];
        }
        for (int k = first; k < nlive; k++) {
            int i = live[k];
            if (h->mucked[i]) {
                continue;
            }
            unsigned hole[4];
            for (int m = 0; m < h->nhole[i]; m++) {
                hole[m] = (unsigned)h->hole[i][m];
            }
            if (shape->evaluator == 1) {
                s->value[i] = omaha_best(t, hole, h->nhole[i], board, 5);
            } else {
                unsigned idx[7];
                uint32_t key = 0;
                for (int m = 0; m < 2; m++) {
                    idx[m] = hole[m];
                }
                for (int m = 0; m < 5; m++) {
                    idx[2 + m] = board[m];
                }
                for (int m = 0; m < 7; m++) {
                    key += t->keys[idx[m]];
                }
                s->value[i] = rank_of(t, 7, idx, key);
            }
        }
        /* 4. Showdown order: seats ascend with the index, the button is the last. */
        int in_hand[PHH_MAX], m = 0;
        for (int i = 0; i < n; i++) {
            for (int k = first; k < nlive; k++) {
                if (live[k] == i) {
                    in_hand[m++] = i;
                }
            }
        }
        int start = m; /* no aggressor: the first seat after the button */
        if (h->last_aggressor >= 0) {
            start = 0;
            while (start < m && h->seat[in_hand[start]] < h->seat[h->last_aggressor]) {
                start++;
            }
        }
        for (int k = 0; k < m; k++) {
            s->order[k] = in_hand[(start + k) % m];
        }
        s->norder = m;
    }
    /* 3. Winners and shares, odd chips from the first seat left of the button (index 0). */
    for (int p = 0; p < npots; p++) {
        int best = -1;
        uint32_t winners = 0;
        if (nlive - s->pot_from[p] == 1) {
            winners = 1u << live[s->pot_from[p]];
        } else {
            for (int k = s->pot_from[p]; k < nlive; k++) {
                int v = s->value[live[k]];
                if (v >= 0 && (best < 0 || v < best)) {
                    best = v;
                }
            }
            if (best < 0) {
                return 1; /* everyone in the pot mucked: the Python path raises */
            }
            for (int k = s->pot_from[p]; k < nlive; k++) {
                if (s->value[live[k]] == best) {
                    winners |= 1u << live[k];
                }
            }
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += (winners >> i) & 1;
        }
        int64_t share = s->pot_amount[p] / count, odd = s->pot_amount[p] % count;
        int k = 0;
        for (int i = 0; i < n; i++) {
            s->pot_share[p][i] = 0;
            if (winners >> i & 1) {
                s->pot_share[p][i] = share + (k++ < odd ? 1 : 0);
                s->won[i] += s->pot_share[p][i];
            }
        }
        s->pot_winners[p] = winners;
    }
    for (int i = 0; i < n; i++) {
        s->finishing[i] = h->start[i] - h->contrib[i] + s->won[i] +
                          (i == s->returned_to ? s->returned : 0);
    }
    return 0;
}

/* The n numbers as a list, or as a tuple. */
static PyObject *phh_numbers(const int64_t *v, int n, int tuple)
{
    PyObject *seq = tuple ? PyTuple_New(n) : PyList_New(n);
    if (seq == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLongLong(v[i]);
        if (x == NULL) {
            Py_DECREF(seq);
            return NULL;
        }
        if (tuple) {
            PyTuple_SET_ITEM(seq, i, x);
        } else {
            PyList_SET_ITEM(seq, i, x);
        }
    }
    return seq;
}

static PyObject *phh_list(const int64_t *v, int n)
{
    return phh_numbers(v, n, 0);
}

static PyObject *phh_tuple(const int64_t *v, int n)
{
    return phh_numbers(v, n, 1);
}

/* A tuple of its items (stolen references); NULL, with every item released, if one is NULL. */
static PyObject *phh_pack(int n, PyObject **items)
{
    PyObject *t = NULL;
    for (int k = 0; k < n; k++) {
        if (items[k] == NULL) {
            goto fail;
        }
    }
    t = PyTuple_New(n);
    if (t == NULL) {
        goto fail;
    }
    for (int k = 0; k < n; k++) {
        PyTuple_SET_ITEM(t, k, items[k]);
    }
    return t;
fail:
    for (int k = 0; k < n; k++) {
        Py_XDECREF(items[k]);
    }
    return NULL;
}

static PyObject *phh_flags(const unsigned char *v, int n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = v[i] ? Py_True : Py_False;
        Py_INCREF(x);
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

static PyObject *phh_cards(const int *cards, int count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL) {
        return NULL;
    }
    for (int k = 0; k < count; k++) {
        PyObject *x = phh_card_text[cards[k]];
        Py_INCREF(x);
        PyList_SET_ITEM(list, k, x);
    }
    return list;
}

/* The result tuple of one settled hand (see phh_settle_doc). */
static PyObject *phh_result(const PhhHand *h, const PhhSettled *s)
{
    int n = h->n;
    PyObject *holes = PyList_New(n), *pots = PyTuple_New(s->npots);
    PyObject *order = PyTuple_New(s->norder), *ranks = NULL, *shown = NULL, *out = NULL;
    if (holes == NULL || pots == NULL || order == NULL) {
        goto fail;
    }
    for (int i = 0; i < n; i++) {
        PyObject *cards = phh_cards(h->hole[i], h->nhole[i]);
        if (cards == NULL) {
            goto fail;
        }
        PyList_SET_ITEM(holes, i, cards);
    }
    for (int p = 0; p < s->npots; p++) {
        int from = s->pot_from[p], m = 0;
        int64_t eligible[PHH_MAX], winners[PHH_MAX], shares[PHH_MAX];
        for (int i = 0; i < n; i++) { /* eligible in seat order */
            for (int k = from; k < s->nlive; k++) {
                if (s->live[k] == i) {
                    eligible[m++] = h->seat[i];
                }
            }
        }
        int w = 0;
        for (int i = 0; i < n; i++) {
            if (s->pot_winners[p] >> i & 1) {
                winners[w] = h->seat[i];
                shares[w++] = s->pot_share[p][i];
            }
        }
        PyObject *items[4] = {PyLong_FromLongLong(s->pot_amount[p]), phh_tuple(eligible, m),
                              phh_tuple(winners, w), phh_tuple(shares, w)};
        PyObject *pot = phh_pack(4, items);
        if (pot == NULL) {
            goto fail;
        }
        PyTuple_SET_ITEM(pots, p, pot);
    }
    int nshown = 0;
    for (int k = 0; k < s->norder; k++) {
        PyObject *x = PyLong_FromLongLong(h->seat[s->order[k]]);
        if (x == NULL) {
            goto fail;
        }
        PyTuple_SET_ITEM(order, k, x);
        nshown += !h->mucked[s->order[k]];
    }
    shown = PyTuple_New(nshown);
    ranks = PyTuple_New(nshown);
    if (shown == NULL || ranks == NULL) {
        goto fail;
    }
    for (int k = 0, m = 0; k < s->norder; k++) {
        int i = s->order[k];
        if (!h->mucked[i]) {
            PyObject *x = PyLong_FromLongLong(h->seat[i]);
            if (x == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(shown, m++, x);
        }
    }
    for (int i = 0, m = 0; i < n; i++) { /* (seat, value) in seat order */
        if (s->value[i] >= 0) {
            PyObject *pair[2] = {PyLong_FromLongLong(h->seat[i]), PyLong_FromLong(s->value[i])};
            PyObject *x = phh_pack(2, pair);
            if (x == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(ranks, m++, x);
        }
    }
    PyObject *returned;
    if (s->returned_to < 0) {
        returned = PyTuple_New(0);
    } else {
        PyObject *pair[2] = {PyLong_FromLongLong(h->seat[s->returned_to]),
                             PyLong_FromLongLong(s->returned)};
        PyObject *one[1] = {phh_pack(2, pair)};
        returned = phh_pack(1, one);
    }
    PyObject *items[14] = {
        phh_list(h->contrib, n), phh_flags(h->folded, n), phh_flags(h->mucked, n),
        h->last_aggressor < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(h->last_aggressor),
        holes, phh_cards(h->board, h->nboard), phh_list(h->paid, n),
        phh_list(s->finishing, n), phh_list(s->won, n), pots, returned, order, shown, ranks};
    out = phh_pack(14, items); /* releases every item if one is missing */
    return out;
fail:
    Py_XDECREF(holes);
    Py_XDECREF(pots);
    Py_XDECREF(order);
    Py_XDECREF(shown);
    Py_XDECREF(ranks);
    return NULL;
}

/* hands: the fields dicts; shapes: variant code -> (structure 0/1/2, hole cards, cap or 0,
 * evaluator 0 seven-card high / 1 Omaha high, bet kind per street x 4). Per hand None (the
 * Python path) or (contributed, folded, mucked, last_aggressor, holes, board, antes paid,
 * finishing, won, pots, returned, showdown order, shown, ranks): pots as (amount, eligible
 * seats, winner seats, shares), returned as ((seat, chips),) or (), ranks as ((seat,
 * value), ...) in seat order. */
static PyObject *Tables_phh_settle(Tables *self, PyObject *args)
{
    PyObject *hands, *shapes;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &hands, &PyDict_Type, &shapes) ||
        phh_init() < 0) {
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(hands);
    PyObject *out = PyList_New(count), *last_spec = NULL;
    PhhShape last_shape;
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *fields = PyList_GET_ITEM(hands, k), *result = Py_None;
        PhhShape shape;
        PhhHand hand;
        PhhSettled settled;
        int status = 1;
        PyObject *variant = PyDict_Check(fields)
            ? PyDict_GetItemWithError(fields, phh_keys[PHH_VARIANT]) : NULL;
        PyObject *spec = variant != NULL ? PyDict_GetItemWithError(shapes, variant) : NULL;
        if (PyErr_Occurred()) {
            Py_DECREF(out);
            return NULL;
        }
        if (spec != NULL && spec == last_spec) {
            shape = last_shape;
            status = phh_replay(fields, &shape, &hand);
            if (status == 0) {
                status = phh_settle(self, &shape, &hand, &settled);
            }
        } else if (spec != NULL) {
            if (!PyArg_ParseTuple(spec, "iiii(iiii)", &shape.structure, &shape.holes, &shape.cap,
                                  &shape.evaluator, &shape.bet[0], &shape.bet[1], &shape.bet[2],
                                  &shape.bet[3]) ||
                shape.holes < 1 || shape.holes > 4 || (shape.evaluator == 0 && shape.holes != 2)) {
                if (!PyErr_Occurred()) {
                    PyErr_SetString(PyExc_ValueError, "phh_settle: a bad shape");
                }
                Py_DECREF(out);
                return NULL;
            }
            last_spec = spec; /* alive in shapes for the whole call */
            last_shape = shape;
            status = phh_replay(fields, &shape, &hand);
            if (status == 0) {
                status = phh_settle(self, &shape, &hand, &settled);
            }
        }
        if (status < 0) {
            Py_DECREF(out);
            return NULL;
        }
        if (status == 0) {
            result = phh_result(&hand, &settled);
            if (result == NULL) {
                Py_DECREF(out);
                return NULL;
            }
        } else {
            Py_INCREF(result);
        }
        PyList_SET_ITEM(out, k, result);
    }
    return out;
}


/* ------------------------------------------------- the plain TOML of hand histories
 * phh_toml(text): the document as tomllib reads it, for the subset of
 * showdown.phh.fasttoml (one "key = value" per line; bare keys; strings without
 * escapes; integers and decimals without exponents or underscores; true, false;
 * one-line arrays of strings or of numbers; [name] tables), else None: the
 * Python reader (and tomllib, which reports every TOML error) takes the text.
 */

static int toml_blank(char c)
{
    return c == ' ' || c == '\t';
}

static int toml_key_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

/* After a value: blanks, then the end of the line or a comment without control characters. */
static int toml_tail(const char *p, const char *end)
{
    while (p < end && toml_blank(*p)) {
        p++;
    }
    if (p < end && *p == '#') {
        for (p++; p < end; p++) {
            unsigned char c = (unsigned char)*p;
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                return 0;
            }
        }
    }
    return p == end;
}

/* A string at *pp (either quotes, no escapes, no control characters but tab); NULL and no
 * error when the text is outside the subset. */
static PyObject *toml_string(const char **pp, const char *end)
{
    const char *p = *pp;
    char quote = *p++;
    const char *start = p;
    unsigned char high = 0;
    for (; p < end && *p != quote; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && c != '\t') || c == 0x7f || (c == '\\' && quote == '"')) {
            return NULL;
        }
        high |= c;
    }
    if (p == end) {
        return NULL;
    }
    *pp = p + 1;
    PyObject *s;
    if (high < 0x80) { /* ASCII: copied as it is */
        s = PyUnicode_New(p - start, 127);
        if (s != NULL) {
            memcpy(PyUnicode_DATA(s), start, (size_t)(p - start));
        }
        return s;
    }
    s = PyUnicode_DecodeUTF8(start, p - start, "strict");
    if (s == NULL) {
        PyErr_Clear();
    }
    return s;
}

/* A number at *pp: [+-]?(0|[1-9][0-9]*)(\.[0-9]+)?, an int or a float; NULL outside. */
static PyObject *toml_number(const char **pp, const char *end)
{
    const char *p = *pp, *start = p;
    char buf[64];
    if (p < end && (*p == '+' || *p == '-')) {
        p++;
    }
    if (p == end || *p < '0' || *p > '9') {
        return NULL;
    }
    if (*p == '0') {
        p++;
    } else {
        while (p < end && *p >= '0' && *p <= '9') {
            p++;
        }
    }
    int decimal = 0;
    if (p < end && *p == '.') {
        decimal = 1;
        p++;
        const char *digits = p;
        while (p < end && *p >= '0' && *p <= '9') {
            p++;
        }
        if (p == digits) {
            return NULL;
        }
    }
    if (p < end && (toml_key_char(*p) || *p == '.')) {
        return NULL;
    }
    Py_ssize_t len = p - start;
    if (!decimal && len <= 18) { /* fits in 64 bits */
        const char *q = start;
        int negative = *q == '-';
        q += *q == '-' || *q == '+';
        long long x = 0;
        for (; q < p; q++) {
            x = 10 * x + (*q - '0');
        }
        *pp = p;
        return PyLong_FromLongLong(negative ? -x : x);
    }
    if (len >= (Py_ssize_t)sizeof buf) {
        return NULL;
    }
    memcpy(buf, start, (size_t)len);
    buf[len] = 0;
    *pp = p;
    PyObject *v;
    if (decimal) {
        double d = PyOS_string_to_double(buf, NULL, NULL);
        v = d == -1.0 && PyErr_Occurred() ? NULL : PyFloat_FromDouble(d);
    } else {
        v = PyLong_FromString(buf[0] == '+' ? buf + 1 : buf, NULL, 10);
    }
    if (v == NULL) {
        PyErr_Clear();
    }
    return v;
}

/* The value of a line; NULL (no error set) outside the subset, NULL with an error on
 * failure (see PyErr_Occurred). */
static PyObject *toml_value(const char *p, const char *end)
{
    PyObject *v = NULL;
    if (*p == '"' || *p == '\'') {
        v = toml_string(&p, end);
    } else if (*p == '[') {
        v = PyList_New(0);
        if (v == NULL) {
            return NULL;
        }
        int kind = 0; /* 1 strings, 2 numbers */
        p++;
        for (;;) {
            while (p < end && toml_blank(*p)) {
                p++;
            }
            if (p == end) {
                goto outside;
            }
            if (*p == ']') {
                p++;
                break;
            }
            int is_string = *p == '"' || *p == '\'';
            if (kind && kind != (is_string ? 1 : 2)) {
                goto outside;
            }
            kind = is_string ? 1 : 2;
            PyObject *item = is_string ? toml_string(&p, end) : toml_number(&p, end);
            if (item == NULL) {
                goto outside;
            }
            int failed = PyList_Append(v, item);
            Py_DECREF(item);
            if (failed) {
                Py_DECREF(v);
                return NULL;
            }
            while (p < end && toml_blank(*p)) {
                p++;
            }
            if (p < end && *p == ',') {
                p++;
            } else if (p < end && *p == ']') {
                p++;
                break;
            } else {
                goto outside;
            }
        }
    } else if (end - p >= 4 && memcmp(p, "true", 4) == 0 && (end - p == 4 || !toml_key_char(p[4]))) {
        p += 4;
        v = Py_NewRef(Py_True);
    } else if (end - p >= 5 && memcmp(p, "false", 5) == 0 &&
               (end - p == 5 || !toml_key_char(p[5]))) {
        p += 5;
        v = Py_NewRef(Py_False);
    } else {
        v = toml_number(&p, end);
    }
    if (v != NULL && toml_tail(p, end)) {
        return v;
    }
outside:
    Py_XDECREF(v);
    return NULL;
}

/* Keys met before (the same few field names in every hand): the same objects, hashed once. */
#define TOML_KEYS 32
static PyObject *toml_known[TOML_KEYS];

static PyObject *toml_key(const char *key, Py_ssize_t len)
{
    int k = 0;
    for (; k < TOML_KEYS && toml_known[k] != NULL; k++) {
        PyObject *known = toml_known[k];
        if (PyUnicode_GET_LENGTH(known) == len && memcmp(PyUnicode_DATA(known), key, (size_t)len) == 0) {
            return Py_NewRef(known);
        }
    }
    PyObject *name = PyUnicode_FromStringAndSize(key, len);
    if (name != NULL && k < TOML_KEYS) {
        toml_known[k] = Py_NewRef(name);
    }
    return name;
}

static PyObject *Tables_phh_toml(Tables *self, PyObject *text)
{
    (void)self;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "phh_toml(text): text must be a str");
        return NULL;
    }
    Py_ssize_t size;
    const char *s = PyUnicode_AsUTF8AndSize(text, &size);
    if (s == NULL) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *root = PyDict_New();
    if (root == NULL) {
        return NULL;
    }
    PyObject *table = root; /* borrowed */
    const char *line = s, *stop = s + size;
    while (line <= stop) {
        const char *end = memchr(line, '\n', (size_t)(stop - line));
        if (end == NULL) {
            end = stop;
        }
        const char *next = end + 1;
        if (end > line && end[-1] == '\r' && end < stop) {
            end--; /* CRLF */
        }
        const char *p = line;
        line = next;
        while (p < end && toml_blank(*p)) {
            p++;
        }
        if (p == end) {
            continue;
        }
        if (*p == '#') {
            if (!toml_tail(p, end)) {
                goto outside;
            }
            continue;
        }
        int header = *p == '[';
        if (header) {
            p++;
            while (p < end && toml_blank(*p)) {
                p++;
            }
        }
        const char *key = p;
        while (p < end && toml_key_char(*p)) {
            p++;
        }
        if (p == key) {
            goto outside;
        }
        PyObject *name = header ? PyUnicode_FromStringAndSize(key, p - key)
                                : toml_key(key, p - key);
        if (name == NULL) {
            goto fail;
        }
        while (p < end && toml_blank(*p)) {
            p++;
        }
        if (header) {
            int ok = p < end && *p == ']' && toml_tail(p + 1, end);
            PyObject *fresh = ok ? PyDict_New() : NULL;
            int have = ok ? PyDict_Contains(root, name) : 0;
            if (ok && (fresh == NULL || have < 0 || (have == 0 && PyDict_SetItem(root, name, fresh) < 0))) {
                Py_DECREF(name);
                Py_XDECREF(fresh);
                goto fail;
            }
            Py_DECREF(name);
            Py_XDECREF(fresh); /* the root holds it */
            if (!ok || have) {
                goto outside;
            }
            table = fresh;
            continue;
        }
        if (p == end || *p != '=') {
            Py_DECREF(name);
            goto outside;
        }
        p++;
        while (p < end && toml_blank(*p)) {
            p++;
        }
        PyObject *value = p < end ? toml_value(p, end) : NULL;
        int have = value != NULL ? PyDict_Contains(table, name) : 0;
        if (value == NULL || have) {
            Py_DECREF(name);
            Py_XDECREF(value);
            if (PyErr_Occurred() || have < 0) {
                goto fail;
            }
            goto outside;
        }
        int failed = PyDict_SetItem(table, name, value);
        Py_DECREF(name);
        Py_DECREF(value);
        if (failed) {
            goto fail;
        }
    }
    return root;
outside:
    Py_DECREF(root);
    Py_RETURN_NONE;
fail:
    Py_DECREF(root);
    return NULL;
}

/* ============================================================ end of hand histories */

/*
 * A Tables object built from one ladder's buffers (see kernel.h for the tables), and
 * the integer buffers every entry point reads: ids, arrays and outputs.
 */
#include "kernel.h"

/* ----------------------------------------------------------- integer buffers */

/* The buffer's struct format as one integer type letter, or 0 if it is not one. */
char sd_int_format(const Py_buffer *view)
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
int64_t *sd_read_array(PyObject *obj, Py_ssize_t *length, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) < 0) {
        return NULL;
    }
    char fmt = sd_int_format(&view);
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

/* ``obj`` as a 2-d integer buffer of card ids (any format and strides). */
int sd_get_ids(PyObject *obj, Ids *ids, const char *what)
{
    if (PyObject_GetBuffer(obj, &ids->view, PyBUF_RECORDS_RO) < 0) {
        return -1;
    }
    ids->fmt = sd_int_format(&ids->view);
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
void *sd_get_out(PyObject *obj, Py_buffer *view, Py_ssize_t count, Py_ssize_t itemsize,
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

/* A 1-d integer buffer of at most ``most`` card ids, each in 0..51, into ``out``. */
int sd_ids_of(PyObject *obj, unsigned *out, Py_ssize_t most, Py_ssize_t *count,
              const char *what)
{
    Py_ssize_t n;
    int64_t *values = sd_read_array(obj, &n, what);
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

/* ------------------------------------------------------------ construction */

void sd_Tables_dealloc(Tables *self)
{
    for (int n = 0; n < 8; n++) {
        free(self->nonflush[n]);
        free(self->row_start[n]);
        free(self->row_base[n]);
    }
    free(self->entries_memory);
    free(self->pair_memory);
    free(self->id_pair_memory);
    for (int i = 0; i < 169; i++) {
        free(self->pairs[i]);
        free(self->pairs5[i]);
    }
    free(self->omaha_parts);
    Py_XDECREF(self->on_error);
    Py_XDECREF(self->on_omaha_error);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int copy_exact(PyObject *obj, Py_ssize_t want, int64_t *out, const char *what)
{
    Py_ssize_t n;
    int64_t *values = sd_read_array(obj, &n, what);
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
    int64_t *keys = sd_read_array(keys_obj, &n_keys, "nonflush keys");
    if (keys != NULL && key_gaps) { /* the packed form: each key as its gap from the last */
        for (Py_ssize_t i = 1; i < n_keys; i++) {
            keys[i] += keys[i - 1];
        }
    }
    int64_t *values = keys ? sd_read_array(values_obj, &n_values, "nonflush values") : NULL;
    int64_t *starts = values ? sd_read_array(starts_obj, &n_starts, "row starts") : NULL;
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
    self->row_base[n] = malloc(sizeof(uint32_t) * (size_t)rows);
    self->nonflush[n] = calloc((size_t)size, sizeof(uint16_t));
    if (self->row_start[n] == NULL || self->row_base[n] == NULL || self->nonflush[n] == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int64_t row = 0; row < rows; row++) {
        self->row_start[n][row] = (uint32_t)(row < n_starts ? starts[row] : 0);
        self->row_base[n][row] = self->row_start[n][row] - ((uint32_t)row << ROW_BITS);
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
/* Per multiset of five ranks (at most four of a rank), its rank-key sum at its colex id
 * (as showdown.odds.board_vectors.multiset_ids): the board multisets of the Hold'em pair
 * tables. */
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

/* What the batch loops add to a row's key sum to find its flushes (see Entry):
 * NIBBLE_BIAS if, for every way n cards can fall into the four suits, flush_suit[n]
 * names exactly the suit holding five or more, if any (a flush is five of a suit); 0 if
 * it never names one (a ladder without flushes: the nibbles then never flag); else
 * NIBBLE_FLAGS, which sends the batch to the loop that reads flush_suit. */
static uint64_t flush_bias(const Tables *self, int n)
{
    if (n < 5 || n > 7) {
        return NIBBLE_FLAGS;
    }
    for (int c = 0; c < NCARDS; c++) { /* the suit key must be the suit's alone */
        if ((self->keys[c] & 255) != (self->keys[c & 3] & 255)) {
            return NIBBLE_FLAGS;
        }
    }
    int five_of_a_suit = 1, never = 1;
    for (int a = 0; a <= n; a++) {
        for (int b = 0; a + b <= n; b++) {
            for (int c = 0; a + b + c <= n; c++) {
                int counts[4] = {a, b, c, n - a - b - c}, five = -1;
                uint32_t suit_sum = 0;
                for (int s = 0; s < 4; s++) {
                    suit_sum += (uint32_t)counts[s] * (self->keys[s] & 255);
                    five = counts[s] >= 5 ? s : five;
                }
                int suit = self->flush_suit[n][suit_sum & 255];
                five_of_a_suit &= suit == five;
                never &= suit < 0;
            }
        }
    }
    return never ? 0 : five_of_a_suit ? NIBBLE_BIAS : NIBBLE_FLAGS;
}

PyObject *sd_Tables_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
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
    /* 16-byte aligned, so that SSE2 adds read the entries straight from memory; twice
     * 256 entries, the second half with NIBBLE_BIAS in its keys (see FIRST_ENTRIES) */
    self->entries_memory = calloc(1, sizeof(Entry) * 512 + 16);
    if (self->entries_memory == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    self->entries = (Entry *)(((uintptr_t)self->entries_memory + 15) & ~(uintptr_t)15);
    for (int c = 0; c < 256; c++) {
        if (c < NCARDS) {
            self->entries[c].key = (self->keys[c] >> SUIT_BITS) + SUIT_COUNT(c & 3) +
                                   ((uint64_t)(self->keys[c] & 255) << ENTRY_SUIT_SHIFT);
            self->entries[c].bit = (uint64_t)1 << c;
        } else {
            self->entries[c].key = BAD_COUNT;
            self->entries[c].bit = 0;
        }
        self->entries[FIRST_ENTRIES + c].key = self->entries[c].key + NIBBLE_BIAS;
        self->entries[FIRST_ENTRIES + c].bit = self->entries[c].bit;
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
    for (int n = 0; n < 8; n++) {
        self->flush_bias[n] = flush_bias(self, n);
    }
    sd_vector_batch_prepare(self);
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

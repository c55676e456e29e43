/*
 * The deals of an exact Hold'em job and their classes up to a suit permutation: what
 * showdown.odds.deals.enumerate_deals and showdown.odds.kernels.canonical_classes do in
 * numpy, in one pass here, giving the very same arrays (the tests compare them): on a
 * flop, range against range, listing and grouping the deals in numpy took longer than
 * counting the boards of the classes.
 *
 * Deals are listed player by player, as numpy's nonzero lists them: deal after deal of
 * the players so far, each extended by the next player's combos in order. A deal's
 * weight is the product of its combos' weights, multiplied in player order from 1.0,
 * and its mask the union of its cards' suit-major bits (13 * suit + rank). A class's key
 * is, over the suit maps kept, the least sum of code(p) * 2704**p, code the higher
 * mapped card * 52 + the lower; classes are numbered by ascending key, represented by
 * their first deal, and weigh the sum of their deals' weights in deal order.
 */
#include "kernel.h"

/* The combos of one ranged player read from Python: card ids and weights. */
typedef struct {
    int64_t *ids;   /* 2 per combo */
    double *weight; /* per combo */
    uint64_t *mask; /* per combo, suit-major bits */
    Py_ssize_t size;
} Combos;

/* ``obj`` as a 1-d float64 buffer copied; NULL with an error set when it is not one. */
static double *read_floats(PyObject *obj, Py_ssize_t *length)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) < 0) {
        return NULL;
    }
    if (view.ndim != 1 || view.itemsize != 8 || view.format == NULL ||
        strcmp(view.format, "d") != 0) {
        PyErr_SetString(PyExc_TypeError, "weights must be 1-d float64 buffers");
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = view.shape[0];
    double *out = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (out == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        memcpy(out + i, (const char *)view.buf + i * view.strides[0], sizeof(double));
    }
    *length = n;
    PyBuffer_Release(&view);
    return out;
}

/* Player p's combos and weights read (a combo of two distinct ids 0..51). */
static int read_combos(PyObject *combos, PyObject *weights, Combos *c)
{
    Py_ssize_t n = 0, nw = 0;
    c->ids = sd_read_array(combos, &n, "combos (flattened)");
    if (c->ids == NULL) {
        return -1;
    }
    c->weight = read_floats(weights, &nw);
    if (c->weight == NULL) {
        return -1;
    }
    if (n != 2 * nw) {
        PyErr_SetString(PyExc_ValueError, "combos (m, 2) and weights (m,) differ");
        return -1;
    }
    c->size = nw;
    c->mask = malloc(sizeof(uint64_t) * (size_t)(nw > 0 ? nw : 1));
    if (c->mask == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t j = 0; j < nw; j++) {
        int64_t a = c->ids[2 * j], b = c->ids[2 * j + 1];
        if (a < 0 || a >= NCARDS || b < 0 || b >= NCARDS || a == b) {
            PyErr_SetString(PyExc_ValueError, "a combo holds a bad card id");
            return -1;
        }
        c->mask[j] = ((uint64_t)1 << (13 * (a & 3) + (a >> 2))) |
                     ((uint64_t)1 << (13 * (b & 3) + (b >> 2)));
    }
    return 0;
}

/* The suit permutations (as card maps, 52 each, in the order of itertools.permutations)
 * that map each of ``sets`` (sequences of card ids) onto itself; returns how many. */
static int suit_maps(PyObject *sets, int maps[24][NCARDS])
{
    Py_ssize_t n = PySequence_Size(sets);
    if (n < 0) {
        return -1;
    }
    /* per suit, per set, its ranks: a permutation keeps every set iff it keeps these */
    uint16_t *held = calloc(4 * (size_t)(n > 0 ? n : 1), sizeof(uint16_t));
    if (held == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *set = PySequence_GetItem(sets, i);
        PyObject *items = set ? PySequence_Fast(set, "a fixed card set must be a sequence") : NULL;
        Py_XDECREF(set);
        if (items == NULL) {
            free(held);
            return -1;
        }
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(items); j++) {
            long id = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, j));
            if (id < 0 || id >= NCARDS) {
                if (!PyErr_Occurred()) {
                    PyErr_SetString(PyExc_ValueError, "a fixed card set holds a bad card id");
                }
                Py_DECREF(items);
                free(held);
                return -1;
            }
            held[(size_t)(id & 3) * (size_t)n + (size_t)i] |= (uint16_t)(1u << (id >> 2));
        }
        Py_DECREF(items);
    }
    int kept = 0;
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            for (int c = 0; c < 4; c++) {
                int d = 6 - a - b - c;
                if (a == b || a == c || b == c || d < 0 || d > 3 || d == a || d == b ||
                    d == c) {
                    continue;
                }
                int perm[4] = {a, b, c, d};
                int same = 1;
                for (int s = 0; s < 4 && same; s++) {
                    same = !memcmp(held + (size_t)perm[s] * (size_t)n, held + (size_t)s * (size_t)n,
                                   sizeof(uint16_t) * (size_t)n);
                }
                if (!same) {
                    continue;
                }
                for (int card = 0; card < NCARDS; card++) {
                    maps[kept][card] = 4 * (card >> 2) + perm[card & 3];
                }
                kept++;
            }
        }
    }
    free(held);
    return kept;
}

typedef struct {
    int64_t key;
    Py_ssize_t deal;
} Keyed;

/* ``a`` sorted by key, stable (equal keys keep their deal order); ``tmp`` as long. */
static Keyed *sort_by_key(Keyed *a, Keyed *tmp, Py_ssize_t n)
{
    for (Py_ssize_t run = 1; run < n; run *= 2) {
        for (Py_ssize_t lo = 0; lo < n; lo += 2 * run) {
            Py_ssize_t mid = lo + run < n ? lo + run : n;
            Py_ssize_t hi = lo + 2 * run < n ? lo + 2 * run : n;
            Py_ssize_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                tmp[k++] = a[j].key < a[i].key ? a[j++] : a[i++];
            }
            while (i < mid) {
                tmp[k++] = a[i++];
            }
            while (j < hi) {
                tmp[k++] = a[j++];
            }
        }
        Keyed *swap = a;
        a = tmp;
        tmp = swap;
    }
    return a;
}

/* A bytes object of ``n`` items of ``size`` bytes from ``data`` (NULL: error set). */
static PyObject *bytes_of(const void *data, Py_ssize_t n, size_t size)
{
    return PyBytes_FromStringAndSize(n ? (const char *)data : "", n * (Py_ssize_t)size);
}

/* exact_deal_classes(combos, weights, sets, limit, group_most): see module.c. */
PyObject *sd_Tables_exact_deal_classes(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *combos_obj, *weights_obj, *sets;
    Py_ssize_t limit, group_most;
    if (!PyArg_ParseTuple(args, "OOOnn:exact_deal_classes", &combos_obj, &weights_obj, &sets,
                          &limit, &group_most)) {
        return NULL;
    }
    PyObject *combos_seq = PySequence_Fast(combos_obj, "combos must be a sequence");
    PyObject *weights_seq =
        combos_seq ? PySequence_Fast(weights_obj, "weights must be a sequence") : NULL;
    if (weights_seq == NULL) {
        Py_XDECREF(combos_seq);
        return NULL;
    }
    Py_ssize_t r = PySequence_Fast_GET_SIZE(combos_seq);
    if (r < 1 || r > MAX_PLAYERS || PySequence_Fast_GET_SIZE(weights_seq) != r) {
        PyErr_SetString(PyExc_ValueError, "1 to 10 ranged players, each with its weights");
    }
    Combos players[MAX_PLAYERS];
    memset(players, 0, sizeof(players));
    for (Py_ssize_t p = 0; p < r && !PyErr_Occurred(); p++) {
        read_combos(PySequence_Fast_GET_ITEM(combos_seq, p),
                    PySequence_Fast_GET_ITEM(weights_seq, p), &players[p]);
    }
    Py_DECREF(combos_seq);
    Py_DECREF(weights_seq);
    int maps[24][NCARDS];
    int n_maps = PyErr_Occurred() ? 0 : suit_maps(sets, maps);
    PyObject *result = NULL;
    int64_t *picks = NULL, *next_picks = NULL, *reps = NULL, *class_of = NULL;
    double *weight = NULL, *next_weight = NULL, *class_weight = NULL;
    uint64_t *taken = NULL, *next_taken = NULL;
    int64_t *codes = NULL;
    Keyed *keyed = NULL;
    Py_ssize_t deals = 1, classes = 0;
    int too_many = 0;
    if (PyErr_Occurred()) {
        goto done;
    }
    /* the deals, player by player (enumerate_deals' order and limits) */
    picks = malloc(sizeof(int64_t));
    weight = malloc(sizeof(double));
    taken = malloc(sizeof(uint64_t));
    if (picks == NULL || weight == NULL || taken == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    weight[0] = 1.0;
    taken[0] = 0;
    for (Py_ssize_t p = 0; p < r; p++) {
        const Combos *c = &players[p];
        if (deals * c->size > 4 * limit) {
            too_many = 1;
            break;
        }
        Py_ssize_t fit = 0;
        for (Py_ssize_t d = 0; d < deals; d++) {
            for (Py_ssize_t j = 0; j < c->size; j++) {
                fit += !(taken[d] & c->mask[j]);
            }
        }
        if (fit > limit) {
            too_many = 1;
            break;
        }
        size_t width = (size_t)p + 1;
        next_picks = malloc(sizeof(int64_t) * width * (size_t)(fit > 0 ? fit : 1));
        next_weight = malloc(sizeof(double) * (size_t)(fit > 0 ? fit : 1));
        next_taken = malloc(sizeof(uint64_t) * (size_t)(fit > 0 ? fit : 1));
        if (next_picks == NULL || next_weight == NULL || next_taken == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        Py_ssize_t at = 0;
        for (Py_ssize_t d = 0; d < deals; d++) {
            for (Py_ssize_t j = 0; j < c->size; j++) {
                if (taken[d] & c->mask[j]) {
                    continue;
                }
                int64_t *to = next_picks + width * (size_t)at;
                const int64_t *from = picks + (width - 1) * (size_t)d;
                for (size_t i = 0; i + 1 < width; i++) { /* (memcpy: a slow rep movs) */
                    to[i] = from[i];
                }
                to[width - 1] = j;
                next_weight[at] = weight[d] * c->weight[j];
                next_taken[at] = taken[d] | c->mask[j];
                at++;
            }
        }
        free(picks);
        free(weight);
        free(taken);
        picks = next_picks, weight = next_weight, taken = next_taken;
        next_picks = NULL, next_weight = NULL, next_taken = NULL;
        deals = fit;
    }
    if (too_many) {
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
    /* the classes */
    reps = malloc(sizeof(int64_t) * (size_t)(deals > 0 ? deals : 1));
    class_of = malloc(sizeof(int64_t) * (size_t)(deals > 0 ? deals : 1));
    class_weight = malloc(sizeof(double) * (size_t)(deals > 0 ? deals : 1));
    if (reps == NULL || class_of == NULL || class_weight == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int group = r <= 5 && n_maps > 1 && deals > 1 &&
                (deals + n_maps - 1) / n_maps <= group_most;
    if (!group) {
        for (Py_ssize_t d = 0; d < deals; d++) {
            reps[d] = class_of[d] = d;
            class_weight[d] = weight[d];
        }
        classes = deals;
    } else {
        /* per map and player, each combo's code times 2704**p */
        size_t per_map = 0;
        for (Py_ssize_t p = 0; p < r; p++) {
            per_map += (size_t)players[p].size;
        }
        codes = malloc(sizeof(int64_t) * per_map * (size_t)n_maps);
        keyed = malloc(sizeof(Keyed) * 2 * (size_t)deals);
        if (codes == NULL || keyed == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        size_t start[MAX_PLAYERS];
        size_t offset = 0;
        int64_t scale = 1;
        for (Py_ssize_t p = 0; p < r; p++) {
            start[p] = offset;
            for (int s = 0; s < n_maps; s++) {
                for (Py_ssize_t j = 0; j < players[p].size; j++) {
                    int64_t a = maps[s][players[p].ids[2 * j]];
                    int64_t b = maps[s][players[p].ids[2 * j + 1]];
                    int64_t code = a > b ? a * 52 + b : b * 52 + a;
                    codes[per_map * (size_t)s + offset + (size_t)j] = code * scale;
                }
            }
            offset += (size_t)players[p].size;
            scale *= 2704;
        }
        size_t width = (size_t)r;
        for (Py_ssize_t d = 0; d < deals; d++) {
            const int64_t *pick = picks + width * (size_t)d;
            int64_t best = INT64_MAX;
            for (int s = 0; s < n_maps; s++) {
                const int64_t *code = codes + per_map * (size_t)s;
                int64_t key = 0;
                for (Py_ssize_t p = 0; p < r; p++) {
                    key += code[start[p] + (size_t)pick[p]];
                }
                best = key < best ? key : best;
            }
            keyed[d].key = best;
            keyed[d].deal = d;
        }
        const Keyed *sorted = sort_by_key(keyed, keyed + deals, deals);
        for (Py_ssize_t i = 0; i < deals; i++) {
            if (i == 0 || sorted[i].key != sorted[i - 1].key) {
                reps[classes++] = sorted[i].deal;
            }
            class_of[sorted[i].deal] = classes - 1;
        }
        for (Py_ssize_t c = 0; c < classes; c++) {
            class_weight[c] = 0.0;
        }
        for (Py_ssize_t d = 0; d < deals; d++) {
            class_weight[class_of[d]] += weight[d];
        }
    }
    result = Py_BuildValue("(NNNNNNi)", bytes_of(picks, deals * r, sizeof(int64_t)),
                           bytes_of(weight, deals, sizeof(double)),
                           bytes_of(taken, deals, sizeof(uint64_t)),
                           bytes_of(reps, classes, sizeof(int64_t)),
                           bytes_of(class_of, deals, sizeof(int64_t)),
                           bytes_of(class_weight, classes, sizeof(double)), n_maps);
done:
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(players[p].ids);
        free(players[p].weight);
        free(players[p].mask);
    }
    free(picks);
    free(weight);
    free(taken);
    free(next_picks);
    free(next_weight);
    free(next_taken);
    free(reps);
    free(class_of);
    free(class_weight);
    free(codes);
    free(keyed);
    return result;
}

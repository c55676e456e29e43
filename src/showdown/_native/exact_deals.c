/*
 * The deals of an exact Hold'em job and their classes up to a suit permutation: what
 * showdown.odds.deals.enumerate_deals and showdown.odds.suit_symmetry.canonical_classes do in
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
 *
 * exact_ranged goes on from there for a whole small job of players given as combos: it
 * clears the ranges of the cards in use, lists and groups the deals, and counts each
 * class's first deal over every board (sd_exact_deals in holdem_exact.c), so that a
 * call on a flop leaves Python only the tally.
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

static void free_combos(Combos *c)
{
    free(c->ids);
    free(c->weight);
    free(c->mask);
}

/* The suit permutations (as card maps, in the order of itertools.permutations) that map
 * each of ``n`` card sets onto itself, ``held[suit * n + set]`` the set's ranks of the
 * suit; returns how many. */
static int maps_keeping(const uint16_t *held, size_t n, int maps[24][NCARDS])
{
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
                    same = !memcmp(held + (size_t)perm[s] * n, held + (size_t)s * n,
                                   sizeof(uint16_t) * n);
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
    return kept;
}

/* ``obj``, a sequence of card ids, into ``out`` (at most ``most``); -1 with an error. */
static int read_ids(PyObject *obj, unsigned *out, Py_ssize_t most, Py_ssize_t *count)
{
    PyObject *items = PySequence_Fast(obj, "card ids must be a sequence");
    if (items == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n > most) {
        PyErr_SetString(PyExc_ValueError, "too many card ids");
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        long id = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, j));
        if (id < 0 || id >= NCARDS) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a card id outside 0..51");
            }
            Py_DECREF(items);
            return -1;
        }
        out[j] = (unsigned)id;
    }
    *count = n;
    Py_DECREF(items);
    return 0;
}

/* The suit maps keeping each of ``sets`` (sequences of card ids); -1 with an error. */
static int suit_maps(PyObject *sets, int maps[24][NCARDS])
{
    Py_ssize_t n = PySequence_Size(sets);
    if (n < 0) {
        return -1;
    }
    uint16_t *held = calloc(4 * (size_t)(n > 0 ? n : 1), sizeof(uint16_t));
    if (held == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned ids[NCARDS];
        Py_ssize_t count = 0;
        PyObject *set = PySequence_GetItem(sets, i);
        int bad = set == NULL || read_ids(set, ids, NCARDS, &count) < 0;
        Py_XDECREF(set);
        if (bad) {
            free(held);
            return -1;
        }
        for (Py_ssize_t j = 0; j < count; j++) {
            held[(ids[j] & 3) * (size_t)n + (size_t)i] |= (uint16_t)(1u << (ids[j] >> 2));
        }
    }
    int kept = maps_keeping(held, (size_t)n, maps);
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

/* The deals of ``r`` ranged players and their classes (see the top of the file). */
typedef struct {
    Py_ssize_t deals, classes;
    int64_t *picks;        /* deals x r */
    double *weight;        /* per deal */
    uint64_t *taken;       /* per deal, suit-major */
    int64_t *reps;         /* per class */
    int64_t *class_of;     /* per deal */
    double *class_weight;  /* per class */
} Deals;

static void free_deals(Deals *d)
{
    free(d->picks);
    free(d->weight);
    free(d->taken);
    free(d->reps);
    free(d->class_of);
    free(d->class_weight);
}

/* The deals, player by player (enumerate_deals' order and limits): 0, 1 past ``limit``,
 * -1 with an error. */
static int list_deals(const Combos *players, Py_ssize_t r, Py_ssize_t limit, Deals *out)
{
    int64_t *picks = malloc(sizeof(int64_t));
    double *weight = malloc(sizeof(double));
    uint64_t *taken = malloc(sizeof(uint64_t));
    Py_ssize_t deals = 1;
    int status = 0;
    if (picks == NULL || weight == NULL || taken == NULL) {
        status = -1;
    } else {
        weight[0] = 1.0;
        taken[0] = 0;
    }
    for (Py_ssize_t p = 0; p < r && status == 0; p++) {
        const Combos *c = &players[p];
        if (deals * c->size > 4 * limit) {
            status = 1;
            break;
        }
        Py_ssize_t fit = 0;
        for (Py_ssize_t d = 0; d < deals; d++) {
            for (Py_ssize_t j = 0; j < c->size; j++) {
                fit += !(taken[d] & c->mask[j]);
            }
        }
        if (fit > limit) {
            status = 1;
            break;
        }
        size_t width = (size_t)p + 1;
        int64_t *next_picks = malloc(sizeof(int64_t) * width * (size_t)(fit > 0 ? fit : 1));
        double *next_weight = malloc(sizeof(double) * (size_t)(fit > 0 ? fit : 1));
        uint64_t *next_taken = malloc(sizeof(uint64_t) * (size_t)(fit > 0 ? fit : 1));
        if (next_picks == NULL || next_weight == NULL || next_taken == NULL) {
            free(next_picks);
            free(next_weight);
            free(next_taken);
            status = -1;
            break;
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
        deals = fit;
    }
    if (status != 0) {
        free(picks);
        free(weight);
        free(taken);
        if (status < 0) {
            PyErr_NoMemory();
        }
        return status;
    }
    out->deals = deals;
    out->picks = picks;
    out->weight = weight;
    out->taken = taken;
    return 0;
}

/* The deals' classes under the ``n_maps`` suit maps (see the top of the file); each deal
 * its own class unless there are two maps or more, two deals or more, at most five
 * players and ceil(deals / maps) <= group_most. 0, or -1 with an error. */
static int group_deals(const Combos *players, Py_ssize_t r, int maps[24][NCARDS], int n_maps,
                       Py_ssize_t group_most, Deals *d)
{
    Py_ssize_t deals = d->deals;
    size_t room = (size_t)(deals > 0 ? deals : 1);
    d->reps = malloc(sizeof(int64_t) * room);
    d->class_of = malloc(sizeof(int64_t) * room);
    d->class_weight = malloc(sizeof(double) * room);
    if (d->reps == NULL || d->class_of == NULL || d->class_weight == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int group = r <= 5 && n_maps > 1 && deals > 1 && (deals + n_maps - 1) / n_maps <= group_most;
    if (!group) {
        for (Py_ssize_t i = 0; i < deals; i++) {
            d->reps[i] = d->class_of[i] = i;
            d->class_weight[i] = d->weight[i];
        }
        d->classes = deals;
        return 0;
    }
    /* per map and player, each combo's code times 2704**p */
    size_t per_map = 0;
    for (Py_ssize_t p = 0; p < r; p++) {
        per_map += (size_t)players[p].size;
    }
    int64_t *codes = malloc(sizeof(int64_t) * per_map * (size_t)n_maps);
    Keyed *keyed = malloc(sizeof(Keyed) * 2 * room);
    if (codes == NULL || keyed == NULL) {
        free(codes);
        free(keyed);
        PyErr_NoMemory();
        return -1;
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
    for (Py_ssize_t i = 0; i < deals; i++) {
        const int64_t *pick = d->picks + (size_t)r * (size_t)i;
        int64_t best = INT64_MAX;
        for (int s = 0; s < n_maps; s++) {
            const int64_t *code = codes + per_map * (size_t)s;
            int64_t key = 0;
            for (Py_ssize_t p = 0; p < r; p++) {
                key += code[start[p] + (size_t)pick[p]];
            }
            best = key < best ? key : best;
        }
        keyed[i].key = best;
        keyed[i].deal = i;
    }
    const Keyed *sorted = sort_by_key(keyed, keyed + deals, deals);
    Py_ssize_t classes = 0;
    for (Py_ssize_t i = 0; i < deals; i++) {
        if (i == 0 || sorted[i].key != sorted[i - 1].key) {
            d->reps[classes++] = sorted[i].deal;
        }
        d->class_of[sorted[i].deal] = classes - 1;
    }
    for (Py_ssize_t c = 0; c < classes; c++) {
        d->class_weight[c] = 0.0;
    }
    for (Py_ssize_t i = 0; i < deals; i++) {
        d->class_weight[d->class_of[i]] += d->weight[i];
    }
    d->classes = classes;
    free(codes);
    free(keyed);
    return 0;
}

/* Most classes whose walks (deals the merged kernel walks once per flush key, see
 * sd_same_deals) are counted; past it the classes stand for them (an upper bound). */
#define MOST_KEYED_CLASSES 500000

/* The flush keys among the classes' first deals on a flop or turn (``known`` 3 or 4
 * board cards): the deals the merged kernel walks; else the classes. ``fixed``: the fixed
 * hands' ids, two each (a seat's place changes no key's equality). -1 with an error. */
static Py_ssize_t count_walks(const Deals *d, const Combos *ranged, Py_ssize_t r,
                              const unsigned *fixed, Py_ssize_t n_fixed, const unsigned *known,
                              Py_ssize_t nk)
{
    if (nk < 3 || nk > 4 || d->classes <= 1 || d->classes > MOST_KEYED_CLASSES) {
        return d->classes;
    }
    Py_ssize_t players = n_fixed + r;
    int64_t *flat = malloc(sizeof(int64_t) * 2 * (size_t)(d->classes * players));
    Py_ssize_t *rep = malloc(sizeof(Py_ssize_t) * (size_t)d->classes);
    Py_ssize_t walks = -1;
    if (flat != NULL && rep != NULL) {
        for (Py_ssize_t k = 0; k < d->classes; k++) {
            int64_t *hole = flat + 2 * k * players;
            for (Py_ssize_t f = 0; f < 2 * n_fixed; f++) {
                hole[f] = fixed[f];
            }
            const int64_t *pick = d->picks + (size_t)r * (size_t)d->reps[k];
            for (Py_ssize_t p = 0; p < r; p++) {
                hole[2 * (n_fixed + p)] = ranged[p].ids[2 * pick[p]];
                hole[2 * (n_fixed + p) + 1] = ranged[p].ids[2 * pick[p] + 1];
            }
        }
        if (sd_same_deals(flat, d->classes, (int)players, known, (int)nk, rep) == 0) {
            walks = 0;
            for (Py_ssize_t k = 0; k < d->classes; k++) {
                walks += rep[k] == k;
            }
        }
    }
    free(flat);
    free(rep);
    if (walks < 0) {
        PyErr_NoMemory();
    }
    return walks;
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
    int n_maps = PyErr_Occurred() ? -1 : suit_maps(sets, maps);
    /* the board (sets[0]) and the fixed hands (sets[2:]), for the walks */
    unsigned known[5] = {0}, fixed[2 * MAX_PLAYERS] = {0};
    Py_ssize_t nk = 0, n_fixed = 0;
    Py_ssize_t n_sets = n_maps < 0 ? 0 : PySequence_Size(sets);
    for (Py_ssize_t i = 0; i < n_sets && n_maps >= 0; i++) {
        if (i == 1) {
            continue; /* the dead cards */
        }
        unsigned ids[NCARDS];
        Py_ssize_t count = 0;
        PyObject *set = PySequence_GetItem(sets, i);
        int bad = set == NULL || read_ids(set, ids, NCARDS, &count) < 0 ||
                  (i == 0 && count > 5) || (i > 1 && (count != 2 || n_fixed >= MAX_PLAYERS));
        Py_XDECREF(set);
        if (bad) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "sets: the board, the dead cards, hands");
            }
            n_maps = -1;
            break;
        }
        for (Py_ssize_t j = 0; j < count; j++) {
            if (i == 0) {
                known[nk++] = ids[j];
            } else {
                fixed[2 * n_fixed + j] = ids[j];
            }
        }
        n_fixed += i > 1;
    }
    Deals d;
    memset(&d, 0, sizeof d);
    PyObject *result = NULL;
    int listed = n_maps < 0 ? -1 : list_deals(players, r, limit, &d);
    Py_ssize_t walks = -1;
    if (listed == 1) {
        result = Py_None;
        Py_INCREF(result);
    } else if (listed == 0 && group_deals(players, r, maps, n_maps, group_most, &d) == 0 &&
               (walks = count_walks(&d, players, r, fixed, n_fixed, known, nk)) >= 0) {
        result = Py_BuildValue("(NNNNNNin)", bytes_of(d.picks, d.deals * r, sizeof(int64_t)),
                               bytes_of(d.weight, d.deals, sizeof(double)),
                               bytes_of(d.taken, d.deals, sizeof(uint64_t)),
                               bytes_of(d.reps, d.classes, sizeof(int64_t)),
                               bytes_of(d.class_of, d.deals, sizeof(int64_t)),
                               bytes_of(d.class_weight, d.classes, sizeof(double)), n_maps,
                               walks);
    }
    free_deals(&d);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free_combos(&players[p]);
    }
    return result;
}

/* exact_ranged(board, dead, seats, limit, group_most, most_walks): see module.c. */
PyObject *sd_Tables_exact_ranged(Tables *self, PyObject *args)
{
    PyObject *board_obj, *dead_obj, *seats_obj;
    Py_ssize_t limit, group_most, most_walks;
    if (!PyArg_ParseTuple(args, "OOOnnn:exact_ranged", &board_obj, &dead_obj, &seats_obj,
                          &limit, &group_most, &most_walks)) {
        return NULL;
    }
    unsigned board[5], dead[NCARDS];
    Py_ssize_t nb = 0, nd = 0;
    if (read_ids(board_obj, board, 5, &nb) < 0 || read_ids(dead_obj, dead, NCARDS, &nd) < 0) {
        return NULL;
    }
    PyObject *seats = PySequence_Fast(seats_obj, "seats must be a sequence");
    if (seats == NULL) {
        return NULL;
    }
    Py_ssize_t n_players = PySequence_Fast_GET_SIZE(seats);
    Combos combos[MAX_PLAYERS];
    memset(combos, 0, sizeof(combos));
    if (n_players < 2 || n_players > MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "2 to 10 seats");
    }
    for (Py_ssize_t p = 0; p < n_players && !PyErr_Occurred(); p++) {
        PyObject *seat = PySequence_Fast_GET_ITEM(seats, p);
        if (!PyTuple_Check(seat) || PyTuple_GET_SIZE(seat) != 2) {
            PyErr_SetString(PyExc_TypeError, "a seat is a (combos, weights) tuple");
            break;
        }
        read_combos(PyTuple_GET_ITEM(seat, 0), PyTuple_GET_ITEM(seat, 1), &combos[p]);
    }
    Py_DECREF(seats);
    PyObject *result = NULL;
    Combos ranged[MAX_PLAYERS];
    Deals d;
    memset(&d, 0, sizeof d);
    int64_t *flat = NULL;
    PyObject *counts_bytes = NULL;
    if (PyErr_Occurred()) {
        goto done;
    }
    /* the cards in use: the board, the dead cards, the fixed hands (one combo), each once */
    uint64_t used = 0;
    int clash = add_cards(&used, board, nb);
    clash |= add_cards(&used, dead, nd);
    uint16_t held[4 * (2 + MAX_PLAYERS)] = {0}; /* per suit, per card set: its ranks */
    size_t n_sets = 2;
    for (Py_ssize_t i = 0; i < nb + nd; i++) {
        unsigned c = i < nb ? board[i] : dead[i - nb];
        held[(c & 3) * (2 + MAX_PLAYERS) + (i < nb ? 0 : 1)] |= (uint16_t)(1u << (c >> 2));
    }
    Py_ssize_t r = 0, n_fixed = 0;
    unsigned fixed_ids[2 * MAX_PLAYERS];
    for (Py_ssize_t p = 0; p < n_players; p++) {
        if (combos[p].size != 1) {
            continue;
        }
        for (int j = 0; j < 2; j++) {
            unsigned c = (unsigned)combos[p].ids[j];
            fixed_ids[2 * n_fixed + j] = c;
            clash |= (used >> c) & 1;
            used |= (uint64_t)1 << c;
            held[(c & 3) * (2 + MAX_PLAYERS) + n_sets] |= (uint16_t)(1u << (c >> 2));
        }
        n_sets++;
        n_fixed++;
    }
    /* the ranges cleared of them (in place: the ids, weights and masks kept in order) */
    for (Py_ssize_t p = 0; p < n_players && !clash; p++) {
        Combos *c = &combos[p];
        if (c->size == 1) {
            continue;
        }
        Py_ssize_t kept = 0;
        for (Py_ssize_t j = 0; j < c->size; j++) {
            uint64_t bits = ((uint64_t)1 << c->ids[2 * j]) | ((uint64_t)1 << c->ids[2 * j + 1]);
            if (bits & used) {
                continue;
            }
            c->ids[2 * kept] = c->ids[2 * j];
            c->ids[2 * kept + 1] = c->ids[2 * j + 1];
            c->weight[kept] = c->weight[j];
            c->mask[kept] = c->mask[j];
            kept++;
        }
        c->size = kept;
        clash |= kept <= 1; /* a range left with one combo (a fixed hand) or none */
        ranged[r++] = *c;
    }
    if (clash || r == 0 || 2 * n_players + 5 + nd > NCARDS) {
        result = Py_None; /* the general path's: a card in two places, a range's last combo */
        Py_INCREF(result);
        goto done;
    }
    int maps[24][NCARDS];
    /* held's rows are 2 + MAX_PLAYERS wide: compact them to n_sets */
    uint16_t sets[4 * (2 + MAX_PLAYERS)];
    for (int s = 0; s < 4; s++) {
        memcpy(sets + (size_t)s * n_sets, held + (size_t)s * (2 + MAX_PLAYERS),
               sizeof(uint16_t) * n_sets);
    }
    int n_maps = maps_keeping(sets, n_sets, maps);
    int listed = list_deals(ranged, r, limit, &d);
    if (listed < 0 || (listed == 0 && group_deals(ranged, r, maps, n_maps, group_most, &d) < 0)) {
        goto done;
    }
    Py_ssize_t walks = listed == 0 && d.deals > 0 ? count_walks(&d, ranged, r, fixed_ids,
                                                                n_fixed, board, nb) : 0;
    if (walks < 0) {
        goto done;
    }
    if (listed == 1 || d.deals == 0 || walks > most_walks) {
        result = Py_None; /* too many deals, none, or a job for several tasks */
        Py_INCREF(result);
        goto done;
    }
    /* each class's first deal, counted over every board */
    unsigned deck[NCARDS];
    Py_ssize_t m = 0;
    for (unsigned c = 0; c < NCARDS; c++) {
        if (!((used >> c) & 1)) {
            deck[m++] = c;
        }
    }
    size_t cells = (size_t)d.classes * (size_t)n_players;
    flat = malloc(sizeof(int64_t) * 2 * cells);
    /* counted straight into the bytes returned (no copy of a large table) */
    counts_bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof(int64_t) * cells * TALLY));
    if (flat == NULL || counts_bytes == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
        goto done;
    }
    int64_t *counts = (int64_t *)PyBytes_AS_STRING(counts_bytes);
    memset(counts, 0, sizeof(int64_t) * cells * TALLY);
    for (Py_ssize_t k = 0; k < d.classes; k++) {
        const int64_t *pick = d.picks + (size_t)r * (size_t)d.reps[k];
        Py_ssize_t q = 0;
        for (Py_ssize_t p = 0; p < n_players; p++) {
            const Combos *c = &combos[p];
            Py_ssize_t j = c->size == 1 ? 0 : pick[q++];
            flat[2 * (k * n_players + p)] = c->ids[2 * j];
            flat[2 * (k * n_players + p) + 1] = c->ids[2 * j + 1];
        }
    }
    if (sd_exact_deals(self, deck, m, board, nb, flat, d.classes, n_players, counts, 1) == 0) {
        result = Py_BuildValue("(nnNO)", d.deals, walks,
                               bytes_of(d.class_weight, d.classes, sizeof(double)),
                               counts_bytes);
    }
done:
    free(flat);
    Py_XDECREF(counts_bytes);
    free_deals(&d);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free_combos(&combos[p]);
    }
    return result;
}

/*
 * A hand replayed by histories.c and settled by settlement.c, as the Python tuple
 * showdown.phh.corpus.batches reads: the replay's part (starting and finishing stacks, what each
 * put in, folds, mucks, holes, boards, ...), then each pot's amount, winners and shares
 * (hi-lo pots with their halves), the showdown order; or the replay's part alone with
 * what comes next for a hand that stops early, or unsettled for a showdown that needs
 * an unknown hand.
 */
#include "kernel.h"

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

static PyObject *phh_card_text[NCARDS + 1]; /* "2c".."As", then "??" */

int sd_phh_card_texts(void)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (phh_card_text[NCARDS] != NULL) {
        return 0;
    }
    for (int c = 0; c < NCARDS; c++) {
        char text[2] = {ranks[c >> 2], suits[c & 3]};
        if (phh_card_text[c] == NULL &&
            (phh_card_text[c] = PyUnicode_FromStringAndSize(text, 2)) == NULL) {
            return -1;
        }
    }
    phh_card_text[NCARDS] = PyUnicode_FromString("??");
    return phh_card_text[NCARDS] == NULL ? -1 : 0;
}

/* The texts of ``count`` card ids (NCARDS: "??") as a list; sd_phh_card_texts() first. */
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

/* The units of a stack: an unknown one (held as PHH_INF) as amounts.INFINITE plus its
 * change, as the Python path counts it. */
static PyObject *phh_stack(const PhhHand *h, int i, int64_t units, PyObject *infinite)
{
    if (!h->unknown_stack[i]) {
        return PyLong_FromLongLong(units);
    }
    PyObject *change = PyLong_FromLongLong(units - PHH_INF);
    PyObject *out = change != NULL ? PyNumber_Add(infinite, change) : NULL;
    Py_XDECREF(change);
    return out;
}

static PyObject *phh_stacks(const PhhHand *h, const int64_t *units, PyObject *infinite)
{
    PyObject *list = PyList_New(h->n);
    for (int i = 0; list != NULL && i < h->n; i++) {
        PyObject *x = phh_stack(h, i, units[i], infinite);
        if (x == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

/* The replay's part of a result: contributed, folded, mucked, last aggressor, holes,
 * board, antes paid, starting stacks, scale (9 new references in items); -1 on failure. */
static int phh_replayed(const PhhHand *h, PyObject *infinite, PyObject **items)
{
    int n = h->n;
    PyObject *holes = PyList_New(n);
    for (int i = 0; holes != NULL && i < n; i++) {
        PyObject *cards = phh_cards(h->hole[i], h->nhole[i]);
        if (cards == NULL) {
            Py_CLEAR(holes);
            break;
        }
        PyList_SET_ITEM(holes, i, cards);
    }
    items[0] = phh_list(h->contrib, n);
    items[1] = phh_flags(h->folded, n);
    items[2] = phh_flags(h->mucked, n);
    items[3] = h->last_aggressor < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(h->last_aggressor);
    items[4] = holes;
    items[5] = phh_cards(h->board, h->nboard);
    items[6] = phh_list(h->paid, n);
    items[7] = phh_stacks(h, h->start, infinite);
    long long scale = 1;
    for (int k = 0; k < h->places; k++) {
        scale *= 10;
    }
    items[8] = PyLong_FromLongLong(scale);
    for (int k = 0; k < 9; k++) {
        if (items[k] == NULL) {
            for (int j = 0; j < 9; j++) {
                Py_CLEAR(items[j]);
            }
            return -1;
        }
    }
    return 0;
}

/* The result of a hand whose showdown needs an unknown hand: the replay's part, then
 * the indices of the players whose cards are unknown. */
PyObject *sd_phh_unknown_tuple(const PhhHand *h, PyObject *infinite)
{
    PyObject *items[10] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        return NULL;
    }
    items[9] = PyList_New(0);
    for (int i = 0; items[9] != NULL && i < h->n; i++) {
        if (sd_phh_unknown(h, i)) {
            PyObject *x = PyLong_FromLong(i);
            if (x == NULL || PyList_Append(items[9], x) < 0) {
                Py_XDECREF(x);
                Py_CLEAR(items[9]);
                break;
            }
            Py_DECREF(x);
        }
    }
    return phh_pack(10, items);
}

/* The result tuple of one settled hand (see sd_Tables_phh_settle in histories.c). Seats listed "in seat
 * order" ascend: from the lowest seat, which need not be p1's. */
/* A hi-lo pot's halves: ((high winners, their shares), (low winners, their shares) or
 * None), each in its odd-chip order (resolve's Award). */
static PyObject *phh_halves(const PhhHand *h, const PhhSettled *s, int p)
{
    PyObject *half[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        if (!s->half_count[p][k]) {
            half[k] = Py_NewRef(Py_None);
            continue;
        }
        int64_t seats[PHH_MAX], shares[PHH_MAX];
        int m = 0;
        for (; m < s->half_count[p][k]; m++) {
            int i = s->half_order[p][k][m];
            seats[m] = h->seat[i];
            shares[m] = s->half_share[p][k][i];
        }
        PyObject *items[2] = {phh_tuple(seats, m), phh_tuple(shares, m)};
        half[k] = phh_pack(2, items);
    }
    return phh_pack(2, half);
}

PyObject *sd_phh_settled_tuple(const PhhHand *h, const PhhSettled *run, int runs, int ordered,
                            int hilo, PyObject *infinite)
{
    int n = h->n;
    const PhhSettled *s = run; /* the first run: order, shown, ranks, returned */
    int64_t won[PHH_MAX] = {0}, finishing[PHH_MAX];
    PyObject *pots = PyTuple_New((Py_ssize_t)s->npots * runs);
    PyObject *order = PyTuple_New(s->norder), *ranks = NULL, *shown = NULL;
    if (pots == NULL || order == NULL) {
        goto fail;
    }
    /* runouts.combine_runs: run by run, each pot's part (runouts.run_parts: the odd
     * chips to the earlier runs) shared among that run's winners as resolve shares it */
    for (int r = 0; r < runs; r++) {
        for (int p = 0; p < s->npots; p++) {
            const PhhSettled *sr = run + r;
            int from = sr->pot_from[p], m = 0;
            int64_t eligible[PHH_MAX], winners[PHH_MAX], shares[PHH_MAX];
            for (int c = 0; c < n; c++) { /* eligible in seat order */
                int i = (h->lowest + c) % n;
                for (int k = from; k < sr->nlive; k++) {
                    if (sr->live[k] == i) {
                        eligible[m++] = h->seat[i];
                    }
                }
            }
            int64_t amount = s->pot_amount[p] / runs + (r < s->pot_amount[p] % runs);
            int count = 0;
            for (int i = 0; i < n; i++) {
                count += sr->pot_winners[p] >> i & 1;
            }
            int w = 0; /* winners clockwise from the button: the odd chips first */
            if (ordered) { /* run once: the pot's winners in resolve's order, both halves */
                for (; w < sr->pot_nwinners[p]; w++) {
                    int i = sr->pot_total_order[p][w];
                    winners[w] = h->seat[i];
                    shares[w] = sr->pot_share[p][i];
                    won[i] += shares[w];
                }
            }
            for (int i = 0; i < n && !ordered; i++) {
                if (sr->pot_winners[p] >> i & 1) {
                    winners[w] = h->seat[i];
                    shares[w] = amount / count + (w < amount % count);
                    won[i] += shares[w++];
                }
            }
            PyObject *items[4] = {PyLong_FromLongLong(amount), phh_tuple(eligible, m),
                                  phh_tuple(winners, w), phh_tuple(shares, w)};
            PyObject *pot = phh_pack(4, items);
            if (pot == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(pots, (Py_ssize_t)r * s->npots + p, pot);
        }
    }
    for (int i = 0; i < n; i++) {
        finishing[i] = h->start[i] - h->contrib[i] + won[i] +
                       (i == s->returned_to ? s->returned : 0);
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
    for (int c = 0, m = 0; c < n; c++) { /* (seat, value) in seat order */
        int i = (h->lowest + c) % n;
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
    PyObject *items[18] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        Py_XDECREF(returned);
        goto fail;
    }
    items[9] = phh_stacks(h, finishing, infinite);
    items[10] = phh_list(won, n);
    items[11] = pots;
    items[12] = returned;
    items[13] = order;
    items[14] = shown;
    items[15] = ranks;
    if (hilo) { /* run once: no boards, then each pot's halves */
        items[16] = Py_NewRef(Py_None);
        items[17] = PyTuple_New(s->npots);
        for (int p = 0; items[17] != NULL && p < s->npots; p++) {
            PyObject *halves = phh_halves(h, s, p);
            if (halves == NULL) {
                Py_CLEAR(items[17]);
                break;
            }
            PyTuple_SET_ITEM(items[17], p, halves);
        }
        return phh_pack(18, items);
    }
    if (!h->nruns) {
        return phh_pack(16, items); /* releases every item if one is missing */
    }
    items[16] = PyList_New(h->nruns); /* a hand run more than once: every run's board */
    for (int r = 0; items[16] != NULL && r < h->nruns; r++) {
        PyObject *cards = phh_cards(h->run_board[r], 5);
        if (cards == NULL) {
            Py_CLEAR(items[16]);
            break;
        }
        PyList_SET_ITEM(items[16], r, cards);
    }
    return phh_pack(17, items);
fail:
    Py_XDECREF(pots);
    Py_XDECREF(order);
    Py_XDECREF(shown);
    Py_XDECREF(ranks);
    return NULL;
}

/* The result of a hand whose actions stop before its end: the replay's part, then what
 * comes next (engine.HandState.pending's text). */
PyObject *sd_phh_partial_tuple(const PhhHand *h, PyObject *infinite)
{
    PyObject *items[10] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        return NULL;
    }
    items[9] = PyUnicode_FromString(h->partial);
    return phh_pack(10, items);
}


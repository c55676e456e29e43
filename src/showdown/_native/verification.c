/*
 * The report rows of kernel-settled hands whose verification is clean, made in C.
 *
 * phh_rows(histories, results, fmt, python_fields, house_fields, added_fields, infinite):
 * per hand (a HandHistory and what phh_settle returned for it) the row that
 * showdown.phh.corpus.reports.hand_row makes of it, for the hands whose recorded result is a
 * "match" or "rake" as showdown.phh.verification.verify classes it, counting the chips
 * handed back where the record says more (its first try); None for every other hand
 * (not settled by the kernel, a field of ``python_fields``, an odd chip possible, a
 * mismatch, an amount that is not an everyday number, an unknown stack, a player's
 * name that is not text, ...): the Python path makes that row and explains it. The
 * rules are the Python ones (verification.py, reports.py); this is only their fast
 * path for the clean hands, and tests/phh/test_batches_kernel_rows.py compares both on every
 * sample and on generated hands. Its docstring is in module.c.
 */
#include "kernel.h"

#define VR_MAX 64                          /* players per hand taken here */
#define VR_EXACT 9007199254740992LL        /* 2**53: integers a double holds exactly */
#define VR_SCALE_MAX 1000000000LL

enum {
    VR_FIELDS, VR_FILE, VR_NAME, VR_FINISHING, VR_WINNINGS, VR_SEATS, VR_PLAYERS, VR_HAND,
    VR_MATCH, VR_RAKE, VR_PLAYER, VR_OURS, VR_RECORDED, VR_DASH, VR_ONE, VR_COUNT
};
static const char *const vr_texts[VR_COUNT] = {
    "fields", "file", "name", "finishing_stacks", "winnings", "seats", "players", "hand",
    "match", "rake", "player", "ours", "recorded", "-", "1",
};
static PyObject *vr_str[VR_COUNT];
static PyObject *vr_default_names[VR_MAX]; /* "p1", "p2", ... as HandHistory.names gives */

static int vr_init(void)
{
    if (vr_str[VR_COUNT - 1] != NULL) {
        return 0;
    }
    for (int k = 0; k < VR_MAX; k++) {
        if (vr_default_names[k] == NULL) {
            vr_default_names[k] = PyUnicode_FromFormat("p%d", k + 1);
            if (vr_default_names[k] == NULL) {
                return -1;
            }
        }
    }
    for (int k = 0; k < VR_COUNT; k++) {
        if (vr_str[k] == NULL) {
            vr_str[k] = PyUnicode_InternFromString(vr_texts[k]);
            if (vr_str[k] == NULL) {
                return -1;
            }
        }
    }
    return 0;
}

/* An exact int that fits in |value| <= 2**53: 1 and *out; 0 otherwise (the Python path). */
static int vr_small_int(PyObject *value, long long *out)
{
    int overflow = 0;
    long long x;
    if (!PyLong_CheckExact(value)) {
        return 0;
    }
    x = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (x == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (overflow || x > VR_EXACT || x < -VR_EXACT) {
        return 0;
    }
    *out = x;
    return 1;
}

/* A recorded number in units of 1/scale as verification._units counts it, for the
 * everyday numbers only (an int; a decimal from 0 below 1e6 that is a whole count of
 * units, the one whose quotient is the recorded double): 1 and *units, else 0. */
static int vr_units(PyObject *value, long long scale, long long *units)
{
    long long whole;
    if (vr_small_int(value, &whole)) {
        if (whole > VR_EXACT / scale || whole < -VR_EXACT / scale) {
            return 0;
        }
        *units = whole * scale;
        return 1;
    }
    if (PyFloat_CheckExact(value)) {
        double d = PyFloat_AS_DOUBLE(value), x, rest;
        long long r;
        if (!(d >= 0 && d < 1e6)) {
            return 0;
        }
        /* round(x) half to even, as Python's round() (x below 2**53: exact parts) */
        x = d * (double)scale;
        r = (long long)x;
        rest = x - (double)r;
        if (rest > 0.5 || (rest == 0.5 && (r & 1))) {
            r++;
        }
        if ((double)r / (double)scale != d) {
            return 0;
        }
        *units = r;
        return 1;
    }
    return 0;
}

/* Units as the file's number (amounts.from_units of a known amount, |units| <= 2**53). */
static PyObject *vr_money(long long units, long long scale)
{
    if (units % scale == 0) {
        return PyLong_FromLongLong(units / scale);
    }
    return PyFloat_FromDouble((double)units / (double)scale);
}

/* Whether any key of the tuple ``keys`` is in ``fields``: 1, 0, or -1 on error. */
static int vr_any_key(PyObject *fields, PyObject *keys)
{
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(keys); k++) {
        int found = PyDict_Contains(fields, PyTuple_GET_ITEM(keys, k));
        if (found != 0) {
            return found;
        }
    }
    return 0;
}

/* The sum in units of the fields of ``keys`` present in ``fields``: 1 and *sum, 0 when one
 * is not an everyday number (verification._rake: not rake, or a Fraction), -1 on error. */
static int vr_fields_units(PyObject *fields, PyObject *keys, long long scale, long long *sum)
{
    *sum = 0;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(keys); k++) {
        long long units;
        PyObject *value = PyDict_GetItemWithError(fields, PyTuple_GET_ITEM(keys, k));
        if (value == NULL) {
            if (PyErr_Occurred()) {
                return -1;
            }
            continue;
        }
        if (!vr_units(value, scale, &units)) {
            return 0;
        }
        *sum += units;
    }
    return 1;
}

/* Each long long of a list of exact ints (n of them, each below ``limit``): 1, else 0. */
static int vr_list(PyObject *list, Py_ssize_t n, long long limit, long long *out)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!vr_small_int(PyList_GET_ITEM(list, i), &out[i]) || out[i] >= limit) {
            return 0;
        }
    }
    return 1;
}

/* Each player's uncalled chips handed back (verification._returned), by the ``seats``
 * field or 1, 2, ...: 1, or 0 where that field is not one the Python path accepts. */
static int vr_returned(PyObject *fields, PyObject *returned, Py_ssize_t n, long long *back)
{
    long long seats[VR_MAX];
    PyObject *given;
    for (Py_ssize_t i = 0; i < n; i++) {
        back[i] = 0;
        seats[i] = i + 1;
    }
    if (!PyTuple_Check(returned) || PyTuple_GET_SIZE(returned) == 0) {
        return PyTuple_Check(returned);
    }
    given = PyDict_GetItemWithError(fields, vr_str[VR_SEATS]);
    if (given == NULL && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (given != NULL && given != Py_None) {
        if (!vr_list(given, n, VR_EXACT, seats)) {
            return 0;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            if (seats[i] < 0) {
                return 0;
            }
            for (Py_ssize_t j = 0; j < i; j++) {
                if (seats[j] == seats[i]) {
                    return 0;
                }
            }
        }
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(returned); k++) {
        PyObject *pair = PyTuple_GET_ITEM(returned, k);
        long long seat, chips;
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !vr_small_int(PyTuple_GET_ITEM(pair, 0), &seat) ||
            !vr_small_int(PyTuple_GET_ITEM(pair, 1), &chips)) {
            return 0;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            if (seats[i] == seat) {
                back[i] = chips;
            }
        }
    }
    return 1;
}

/* Each player's seat number (HandHistory.seats): a tuple of the ``seats`` field's whole
 * numbers, or 1, 2, ... without one; NULL without an error for a field the Python path
 * is to judge, NULL with an error on failure. */
static PyObject *vr_seats(PyObject *fields, Py_ssize_t n)
{
    PyObject *given = PyDict_GetItemWithError(fields, vr_str[VR_SEATS]);
    if (given == NULL && PyErr_Occurred()) {
        return NULL;
    }
    if (given == NULL || given == Py_None) {
        PyObject *seats = PyTuple_New(n);
        for (Py_ssize_t i = 0; seats != NULL && i < n; i++) {
            PyObject *seat = PyLong_FromSsize_t(i + 1);
            if (seat == NULL) {
                Py_CLEAR(seats);
                break;
            }
            PyTuple_SET_ITEM(seats, i, seat);
        }
        return seats;
    }
    if (!PyList_CheckExact(given) || PyList_GET_SIZE(given) != n) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_CheckExact(PyList_GET_ITEM(given, i))) {
            return NULL;
        }
    }
    return PyList_AsTuple(given);
}

/* The chips of every pot (the amounts of the kernel's pots): 1 and *sum, else 0. */
static int vr_pot_total(PyObject *pots, long long *sum)
{
    *sum = 0;
    if (!PyTuple_Check(pots)) {
        return 0;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(pots); k++) {
        PyObject *pot = PyTuple_GET_ITEM(pots, k);
        long long amount;
        if (!PyTuple_Check(pot) || PyTuple_GET_SIZE(pot) < 1 ||
            !vr_small_int(PyTuple_GET_ITEM(pot, 0), &amount)) {
            return 0;
        }
        *sum += amount;
    }
    return 1;
}

/* The players' names as HandHistory.names gives them, or NULL with no error where a name
 * is not text (the Python path). */
static PyObject *vr_names(PyObject *fields, Py_ssize_t n)
{
    PyObject *players = PyDict_GetItemWithError(fields, vr_str[VR_PLAYERS]), *names;
    if (players == NULL && PyErr_Occurred()) {
        return NULL;
    }
    names = PyList_New(n);
    if (names == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = vr_default_names[i];
        if (players != NULL && PyList_Check(players) && PyList_GET_SIZE(players) == n) {
            PyObject *given = PyList_GET_ITEM(players, i);
            if (!PyUnicode_CheckExact(given)) {
                Py_DECREF(names);
                return NULL;
            }
            if (PyUnicode_GET_LENGTH(given) > 0) {
                name = given;
            }
        }
        PyList_SET_ITEM(names, i, Py_NewRef(name));
    }
    return names;
}

typedef struct {
    PyObject *fmt, *python_fields, *house, *added;
    long long half; /* infinite // 2: an unknown (inf) stack from there */
} VrArgs;

/* The differing players as reports.hand_row lists them. */
static PyObject *vr_differences(const Py_ssize_t *diff, Py_ssize_t count, const long long *ours,
                                long long scale, PyObject *names, PyObject *recorded)
{
    PyObject *out = PyList_New(count);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        Py_ssize_t i = diff[k];
        PyObject *mine = vr_money(ours[i], scale), *entry;
        if (mine == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        entry = Py_BuildValue("{OOOOONOO}", vr_str[VR_PLAYER], vr_default_names[i],
                              vr_str[VR_NAME], PyList_GET_ITEM(names, i), vr_str[VR_OURS],
                              mine, vr_str[VR_RECORDED], PyList_GET_ITEM(recorded, i));
        if (entry == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, entry);
    }
    return out;
}

/* One hand: 1 and *row, 0 for the Python path, -1 on error. */
static int vr_row(PyObject *history, PyObject *result, const VrArgs *a, PyObject **row)
{
    long long fin[VR_MAX], won[VR_MAX], start[VR_MAX], theirs[VR_MAX], back[VR_MAX];
    Py_ssize_t diff[VR_MAX], count = 0, n;
    long long scale, sum_diff = 0;
    PyObject *fields = NULL, *file = NULL, *name = NULL, *recorded, *key, *cls;
    PyObject *finishing, *scale_obj, *ours_obj = NULL, *net = NULL, *names = NULL;
    PyObject *differences = NULL, *settled = NULL, *inferred = NULL, *details = NULL;
    PyObject *source, *hand, *seats = NULL;
    const long long *ours;
    int status = 0;

    if (!PyTuple_CheckExact(result) || PyTuple_GET_SIZE(result) != 16) {
        return 0; /* not settled by the kernel, partial, or a needed hand unknown */
    }
    fields = PyObject_GetAttr(history, vr_str[VR_FIELDS]);
    if (fields == NULL) {
        return -1;
    }
    if (!PyDict_Check(fields)) {
        goto done;
    }
    status = vr_any_key(fields, a->python_fields);
    if (status != 0) {
        status = status < 0 ? -1 : 0;
        goto done;
    }
    scale_obj = PyTuple_GET_ITEM(result, 8);
    finishing = PyTuple_GET_ITEM(result, 9);
    if (!vr_small_int(scale_obj, &scale) || scale < 1 || scale > VR_SCALE_MAX ||
        !PyList_Check(finishing)) {
        goto done;
    }
    n = PyList_GET_SIZE(finishing);
    if (n < 1 || n > VR_MAX || !vr_list(finishing, n, a->half, fin) ||
        !vr_list(PyTuple_GET_ITEM(result, 10), n, a->half, won) ||
        !vr_list(PyTuple_GET_ITEM(result, 7), n, a->half, start)) {
        goto done;
    }
    /* verification._recorded: finishing_stacks, else winnings */
    key = vr_str[VR_FINISHING];
    recorded = PyDict_GetItemWithError(fields, key);
    if (recorded == NULL || recorded == Py_None) {
        key = vr_str[VR_WINNINGS];
        recorded = PyErr_Occurred() ? NULL : PyDict_GetItemWithError(fields, key);
    }
    if (PyErr_Occurred()) {
        status = -1;
        goto done;
    }
    if (recorded == NULL || recorded == Py_None || !PyList_Check(recorded) ||
        PyList_GET_SIZE(recorded) != n) {
        goto done; /* nothing recorded, or a malformed record: the Python path says so */
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!vr_units(PyList_GET_ITEM(recorded, i), scale, &theirs[i])) {
            goto done;
        }
    }
    ours = key == vr_str[VR_FINISHING] ? fin : won;
    if (key == vr_str[VR_WINNINGS]) {
        if (!vr_returned(fields, PyTuple_GET_ITEM(result, 12), n, back)) {
            goto done;
        }
    } else {
        for (Py_ssize_t i = 0; i < n; i++) {
            back[i] = 0;
        }
    }
    /* verification._classed, counting the chips handed back where the record says more */
    for (Py_ssize_t i = 0; i < n; i++) {
        long long value = theirs[i];
        if (back[i] && value > ours[i]) {
            value -= back[i];
        }
        if (value != ours[i]) {
            theirs[i] = value;
            diff[count++] = i;
            sum_diff += value - ours[i];
        }
    }
    cls = vr_str[VR_MATCH];
    if (count > 0) {
        /* odd chips (a difference summing to 0) and mismatches: the Python path */
        long long written, added_sum, pot;
        int added, house, ok;
        if (sum_diff == 0) {
            goto done;
        }
        added = vr_any_key(fields, a->added);
        house = vr_any_key(fields, a->house);
        if (added < 0 || house < 0) {
            status = -1;
            goto done;
        }
        for (Py_ssize_t k = 0; k < count; k++) {
            Py_ssize_t i = diff[k];
            if ((theirs[i] > ours[i] && !added) || won[i] == 0) {
                goto done;
            }
        }
        if (house || added) { /* what the room says it took (and added), exactly */
            ok = vr_fields_units(fields, a->house, scale, &written);
            if (ok > 0) {
                ok = vr_fields_units(fields, a->added, scale, &added_sum);
            }
            if (ok < 0) {
                status = -1;
                goto done;
            }
            if (ok == 0 || -sum_diff != written - added_sum) {
                goto done;
            }
        } else if (!vr_pot_total(PyTuple_GET_ITEM(result, 11), &pot) || -sum_diff <= 0 ||
                   -sum_diff > pot / 10) { /* 10 x > pot for whole x, without a product */
            goto done; /* none, or more than 10% of the pot */
        }
        cls = vr_str[VR_RAKE];
    }
    /* reports.hand_row */
    names = vr_names(fields, n);
    if (names == NULL) {
        status = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    status = -1;
    if (scale == 1) {
        ours_obj = Py_NewRef(finishing);
    } else {
        ours_obj = PyList_New(n);
        if (ours_obj == NULL) {
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *money = vr_money(fin[i], scale);
            if (money == NULL) {
                goto done;
            }
            PyList_SET_ITEM(ours_obj, i, money);
        }
    }
    net = PyList_New(n);
    if (net == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *money = vr_money(fin[i] - start[i], scale);
        if (money == NULL) {
            goto done;
        }
        PyList_SET_ITEM(net, i, money);
    }
    differences = vr_differences(diff, count, ours, scale, names, recorded);
    settled = scale == 1
        ? PyTuple_Pack(3, PyTuple_GET_ITEM(result, 11), PyTuple_GET_ITEM(result, 12),
                       PyTuple_GET_ITEM(result, 13))
        : PyTuple_Pack(4, PyTuple_GET_ITEM(result, 11), PyTuple_GET_ITEM(result, 12),
                       PyTuple_GET_ITEM(result, 13), scale_obj);
    inferred = PyList_New(0);
    if (differences == NULL || settled == NULL || inferred == NULL) {
        goto done;
    }
    source = PyDict_GetItemWithError(fields, vr_str[VR_HAND]);
    if (source == NULL && PyErr_Occurred()) {
        goto done;
    }
    if (source != NULL && source != Py_None && !PyLong_CheckExact(source) &&
        !PyUnicode_CheckExact(source)) {
        status = 0; /* a hand named by a time or a list: the Python path writes its text */
        goto done;
    }
    seats = vr_seats(fields, n);
    if (seats == NULL) {
        status = PyErr_Occurred() ? -1 : 0;
        goto done;
    }
    details = PyTuple_Pack(12, ours_obj, net, recorded, key, names, differences, settled,
                           inferred, a->fmt, source != NULL ? source : Py_None, Py_None, seats);
    file = PyObject_GetAttr(history, vr_str[VR_FILE]);
    name = PyObject_GetAttr(history, vr_str[VR_NAME]);
    if (details == NULL || file == NULL || name == NULL) {
        goto done;
    }
    status = PyObject_IsTrue(file);
    if (status < 0) {
        goto done;
    }
    hand = name != Py_None ? name : vr_str[VR_ONE];
    *row = PyTuple_Pack(5, status ? file : vr_str[VR_DASH], hand, cls, Py_None, details);
    status = *row == NULL ? -1 : 1;
done:
    Py_XDECREF(fields);
    Py_XDECREF(file);
    Py_XDECREF(name);
    Py_XDECREF(ours_obj);
    Py_XDECREF(net);
    Py_XDECREF(names);
    Py_XDECREF(differences);
    Py_XDECREF(settled);
    Py_XDECREF(inferred);
    Py_XDECREF(details);
    Py_XDECREF(seats);
    return status;
}

PyObject *sd_Tables_phh_rows(Tables *self, PyObject *args)
{
    PyObject *histories, *results, *infinite, *out;
    VrArgs a;
    int overflow = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!UO!O!O!O!", &PyList_Type, &histories, &PyList_Type,
                          &results, &a.fmt, &PyTuple_Type, &a.python_fields, &PyTuple_Type,
                          &a.house, &PyTuple_Type, &a.added, &PyLong_Type, &infinite) ||
        vr_init() < 0) {
        return NULL;
    }
    a.half = PyLong_AsLongLongAndOverflow(infinite, &overflow);
    if (a.half == -1 && PyErr_Occurred()) {
        return NULL;
    }
    /* 10**30 does not fit: every amount taken here is far below it anyway */
    a.half = overflow > 0 ? VR_EXACT + 1 : a.half / 2;
    if (PyList_GET_SIZE(histories) != PyList_GET_SIZE(results)) {
        PyErr_SetString(PyExc_ValueError, "phh_rows: one result per history");
        return NULL;
    }
    out = PyList_New(PyList_GET_SIZE(histories));
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(histories); k++) {
        PyObject *row = NULL;
        int status = vr_row(PyList_GET_ITEM(histories, k), PyList_GET_ITEM(results, k), &a,
                            &row);
        if (status < 0) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, status ? row : Py_NewRef(Py_None));
    }
    return out;
}

/*
 * Rooms' hand histories read in C: room_hands(parts, room, game) turns the hands of a
 * room's file (the pieces showdown.phh.corpus.read.split_hands cuts) into the fields
 * dicts showdown.phh.rooms.builder.HandBuilder.build writes, for the common shapes of
 * PokerStars, GGPoker and Winamax (rooms_stars.c), of 888poker (rooms_brackets.c) and
 * of iPoker's XML (rooms_ipoker.c); rooms_builder.c builds the hand as HandBuilder does,
 * rooms_text.c holds the reading they share, rooms.h their types. This file: the entry.
 * Only the rooms whose whole path a C reader makes at least twice as fast have one
 * (docs/hand-histories.md, benchmarks/bench_room_readers.py); every other room's hands
 * are None here, and Python reads them.
 * The Python readers stay the reference: anything this file does not read exactly as
 * they do (a line or a game it does not know, a hand that is an error, names or amounts
 * outside the plain shapes) gives None for that hand, and Python reads it. The tests
 * compare both on every sample file and on mutated and generated room text.
 *
 * Amounts are read as the Python readers' Decimals are (showdown.phh.rooms.money),
 * here as int64 billionths (RM_NANO); more decimal places, or amounts of 10**9 or
 * more, are Python's. A header's game (variant, stakes, currency, tournament) is the
 * Python reader's own function, called through ``game`` (cached there).
 */
#include "rooms.h"

/* Whether UTF-8 text holds no character Python's str methods or \d, \s read otherwise
 * than the ASCII ones this file reads: bytes 0x80 and up only in the letters of names
 * and the signs €, £ (no white space, digit or case pairs that str.strip, \d or \s of
 * a regex would take). Any character U+0080..U+02FF but the spaces U+0085, U+00A0 is
 * a letter or sign of no such class; the signs € (U+20AC) and £ (U+00A3) are too. */
static int rm_plain(Span s)
{
    const unsigned char *p = (const unsigned char *)s.p, *end = p + s.n;
    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        if (p[0] == 0xe2 && end - p >= 3 && p[1] == 0x82 && p[2] == 0xac) {
            p += 3; /* € */
            continue;
        }
        if (p[0] >= 0xc2 && p[0] <= 0xcb && end - p >= 2) {
            if (p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0)) {
                return 0;
            }
            p += 2;
            continue;
        }
        return 0;
    }
    return 1;
}

/* The Python readers' exceptions to plain text: see rm_plain; also the superscript
 * digits (str.isdigit takes them, int() does not). */
static int rm_plain_text(Span s)
{
    if (!rm_plain(s)) {
        return 0;
    }
    for (Py_ssize_t k = 0; k + 1 < s.n; k++) {
        if ((unsigned char)s.p[k] == 0xc2 &&
            ((unsigned char)s.p[k + 1] == 0xb2 || (unsigned char)s.p[k + 1] == 0xb3 ||
             (unsigned char)s.p[k + 1] == 0xb9)) {
            return 0;
        }
    }
    return 1;
}

/* One hand: (name, fields), or None for Python. */
static PyObject *rm_hand(PyObject *part, PyObject *room, int kind, PyObject *game)
{
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(part, &size);
    if (utf8 == NULL) {
        return NULL;
    }
    Span text = {utf8, size};
    if (!PyUnicode_IS_ASCII(part) && !rm_plain_text(text)) {
        Py_RETURN_NONE;
    }
    Rm *b = PyMem_Malloc(sizeof(Rm));
    if (b == NULL) {
        return PyErr_NoMemory();
    }
    b->room = room;
    b->variant = NULL;
    b->has_hand = b->np = b->nev = b->argn = b->ncollected = b->nfees = b->anybounty = 0;
    b->anywonbounty = 0;
    b->has_small = b->has_big = b->has_bring_in = 0;
    b->small = b->big = b->bring_in = 0;
    b->runs = 1;
    b->button = -1;
    b->collects_unmatched = b->completable = 0;
    b->meta = PyDict_New();
    PyObject *result = NULL, *fields = NULL;
    int status = b->meta == NULL ? -1
               : kind == 2 ? rm_ipoker(b, text, game) : kind == 3 ? rm_888(b, text, game)
                           : rm_stars(b, text, game, kind == 1, kind == 4);
    if (status == 0 && rm_build(b, &fields) < 0) {
        status = -1;
    }
    if (status >= 0) {
        if (fields == NULL) {
            result = Py_NewRef(Py_None);
        } else {
            PyObject *name = b->has_hand ? rm_name(b->hand) : Py_NewRef(Py_None);
            result = name == NULL ? NULL : PyTuple_Pack(2, name, fields);
            Py_XDECREF(name);
        }
    }
    Py_XDECREF(fields);
    Py_XDECREF(b->meta);
    Py_XDECREF(b->variant);
    PyMem_Free(b);
    return result;
}

/* room_hands(parts, room, game): see the top of this file and module.c. */
PyObject *sd_Tables_room_hands(Tables *self, PyObject *args)
{
    PyObject *parts, *room, *game;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!UO", &PyList_Type, &parts, &room, &game)) {
        return NULL;
    }
    if (rm_datetime_ready() < 0) {
        return NULL;
    }
    const char *name = PyUnicode_AsUTF8(room);
    if (name == NULL) {
        return NULL;
    }
    /* the rooms with a C reader (fast.NATIVE_ROOMS); -1: Python reads every hand */
    int kind = strcmp(name, "pokerstars") == 0 || strcmp(name, "ggpoker") == 0 ? 1
             : strcmp(name, "ipoker") == 0 ? 2 : strcmp(name, "888") == 0 ? 3
             : strcmp(name, "winamax") == 0 ? 4 : -1;
    Py_ssize_t count = PyList_GET_SIZE(parts);
    PyObject *out = PyList_New(count);
    if (out == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *part = PyList_GET_ITEM(parts, k);
        PyObject *hand = kind < 0 || !PyUnicode_Check(part) ? Py_NewRef(Py_None)
                                                            : rm_hand(part, room, kind, game);
        if (hand == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, hand);
    }
    return out;
}

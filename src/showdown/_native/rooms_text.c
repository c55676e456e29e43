/*
 * The room readers' shared reading (see rooms.c): amounts as showdown.phh.rooms.money
 * reads them, cards, [...] groups, dates (games.when), a header's game through the
 * Python reader's own function, currencies, the fields' names, a hand's lines.
 */
#include "rooms.h"

#include <datetime.h>

/* The datetime C API of this file (each file has its own): 0, or -1 with an error. */
int rm_datetime_ready(void)
{
    if (PyDateTimeAPI == NULL) {
        PyDateTime_IMPORT;
    }
    return PyDateTimeAPI == NULL ? -1 : 0;
}

/* showdown.phh.rooms.money.amount of a text: digits kept with "." and ","; a comma is a
 * decimal comma when last and not followed by exactly three digits, or when a point
 * comes before it. 0 with *out in billionths; 1 for what Python reads otherwise (a
 * minus sign, an exponent, too many places, too large) or raises on. */
int rm_amount(Span raw, int64_t *out)
{
    char buf[64];
    int n = 0, comma = -1;
    if (raw.n == 0) {
        return RM_NOT_MINE;
    }
    int fast = rm_digit(raw.p[0]) && rm_digit(raw.p[raw.n - 1]);
    for (Py_ssize_t k = 0; k < raw.n; k++) {
        char c = raw.p[k];
        if (rm_digit(c) || c == '.' || c == ',') {
            if (n >= 60) {
                return RM_NOT_MINE;
            }
            comma = c == ',' ? n : comma;
            buf[n++] = c;
        } else if (c == '-' || fast) {
            return RM_NOT_MINE; /* Decimal(raw) of "1e5", "1_000", " 1": Python's */
        } else if (c == 'e' || c == 'E') {
            /* _STRIP drops letters: as Python does */
        }
    }
    if (comma >= 0) {
        int dot_head = memchr(buf, '.', (size_t)comma) != NULL;
        int dot_tail = memchr(buf + comma + 1, '.', (size_t)(n - comma - 1)) != NULL;
        char tmp[64];
        int m = 0;
        if (dot_head || (n - comma - 1 != 3 && !dot_tail)) {
            for (int k = 0; k < comma; k++) {
                if (buf[k] != '.' && buf[k] != ',') {
                    tmp[m++] = buf[k];
                } else if (buf[k] == ',') {
                    tmp[m++] = ','; /* a comma left in the head: Decimal refuses it */
                }
            }
            tmp[m++] = '.';
            for (int k = comma + 1; k < n; k++) {
                tmp[m++] = buf[k];
            }
        } else {
            for (int k = 0; k < n; k++) {
                if (buf[k] != ',') {
                    tmp[m++] = buf[k];
                }
            }
        }
        memcpy(buf, tmp, (size_t)m);
        n = m;
    }
    int64_t whole = 0, frac = 0;
    int digits = 0, places = 0, dot = 0;
    for (int k = 0; k < n; k++) {
        char c = buf[k];
        if (c == '.') {
            if (dot) {
                return RM_NOT_MINE;
            }
            dot = 1;
        } else if (c == ',') {
            return RM_NOT_MINE;
        } else if (dot) {
            if (++places > 9) {
                return RM_NOT_MINE;
            }
            frac = 10 * frac + (c - '0');
            digits++;
        } else {
            if (whole > RM_NANO / 10) {
                return RM_NOT_MINE;
            }
            whole = 10 * whole + (c - '0');
            digits++;
        }
    }
    if (!digits || whole >= RM_NANO) {
        return RM_NOT_MINE;
    }
    while (places < 9) {
        frac *= 10;
        places++;
    }
    *out = whole * RM_NANO + frac;
    return 0;
}

/* The first amount of a text as the readers' _AMOUNT finds it: [$€£]?\d[\d,]*(\.\d+)?
 * (the sign does not change the value). 0, or 1 when there is none or Python's. */
int rm_first_amount(Span s, int64_t *out, Py_ssize_t *end)
{
    for (Py_ssize_t i = 0; i < s.n; i++) {
        if (!rm_digit(s.p[i])) {
            continue;
        }
        Py_ssize_t j = i;
        while (j < s.n && (rm_digit(s.p[j]) || s.p[j] == ',')) {
            j++;
        }
        if (j + 1 < s.n && s.p[j] == '.' && rm_digit(s.p[j + 1])) {
            j++;
            while (j < s.n && rm_digit(s.p[j])) {
                j++;
            }
        }
        if (end != NULL) {
            *end = j;
        }
        Span a = {s.p + i, j - i};
        return rm_amount(a, out);
    }
    return RM_NOT_MINE;
}

/* An amount as a PHH number (showdown.phh.rooms.money.number): an int when whole, else
 * the float of the decimal, correctly rounded as float(Decimal) rounds it: billionths
 * below 2**53 are exact doubles, and so one division rounds once; above, the double of
 * the billionths would be rounded before the division, so the decimal text is read. */
PyObject *rm_number(int64_t v)
{
    if (v % RM_NANO == 0) {
        return PyLong_FromLongLong(v / RM_NANO);
    }
    if (v < ((int64_t)1 << 53)) {
        return PyFloat_FromDouble((double)v / (double)RM_NANO);
    }
    char text[40];
    rm_text(v, text);
    double d = PyOS_string_to_double(text, NULL, NULL);
    return d == -1.0 && PyErr_Occurred() ? NULL : PyFloat_FromDouble(d);
}

/* An amount as an action writes it (money.text): "1250", "0.25". */
int rm_text(int64_t v, char *out)
{
    char digits[24];
    int n = 0, k = 0;
    int64_t whole = v / RM_NANO, frac = v % RM_NANO;
    do {
        digits[k++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    while (k) {
        out[n++] = digits[--k];
    }
    if (frac) {
        out[n++] = '.';
        for (int place = 0; place < 9 && frac; place++) {
            frac *= 10;
            out[n++] = (char)('0' + frac / RM_NANO);
            frac %= RM_NANO;
        }
    }
    out[n] = 0;
    return n;
}

PyObject *rm_name(Span s)
{
    return PyUnicode_DecodeUTF8(s.p, s.n, NULL);
}

/* The fields' names as interned strings, made once (by the literal's address). */
static const char *rm_key_text[64];
static PyObject *rm_key_object[64];

static PyObject *rm_key(const char *key)
{
    int k = 0;
    for (; k < 64 && rm_key_text[k] != NULL; k++) {
        if (rm_key_text[k] == key) {
            return rm_key_object[k];
        }
    }
    PyObject *made = PyUnicode_InternFromString(key);
    if (made != NULL && k < 64) {
        rm_key_text[k] = key;
        rm_key_object[k] = made; /* kept for the life of the process */
        return made;
    }
    return made; /* (a leak only past 64 names: there are about 20) */
}

int rm_set(PyObject *dict, const char *key, PyObject *value)
{
    if (value == NULL) {
        return -1;
    }
    PyObject *name = rm_key(key);
    int status = name == NULL ? -1 : PyDict_SetItem(dict, name, value);
    Py_DECREF(value);
    return status;
}

/* The cards of a text as the readers' _cards reads them ("10" is "T", split at white
 * space, each [2-9TJQKA][cdhs]) into out (two characters each); RM_NOT_MINE for a
 * text that is not cards (Python's error) or more than ``most`` of them. */
int rm_cards(Span s, char *out, int *count, int most)
{
    char buf[64];
    int m = 0;
    for (Py_ssize_t k = 0; k < s.n; k++) {
        if (m >= 60) {
            return RM_NOT_MINE;
        }
        if (s.p[k] == '1' && k + 1 < s.n && s.p[k + 1] == '0') {
            buf[m++] = 'T';
            k++;
        } else {
            buf[m++] = s.p[k];
        }
    }
    int n = 0, k = 0;
    while (k < m) {
        while (k < m && rm_space(buf[k])) {
            k++;
        }
        if (k == m) {
            break;
        }
        int start = k;
        while (k < m && !rm_space(buf[k])) {
            k++;
        }
        if (k - start != 2 || !strchr("23456789TJQKA", buf[start]) || !strchr("cdhs", buf[start + 1]) ||
            buf[start] == 0 || buf[start + 1] == 0 || n == most) {
            return RM_NOT_MINE;
        }
        out[2 * n] = buf[start];
        out[2 * n + 1] = buf[start + 1];
        n++;
    }
    *count = n;
    return 0;
}

/* The [...] groups of a line as re.findall(r"\[([^\]]*)\]") finds them. */
int rm_brackets(Span s, Span *found, int most)
{
    int n = 0;
    Py_ssize_t i = 0;
    while (i < s.n && n < most) {
        const char *open = memchr(s.p + i, '[', (size_t)(s.n - i));
        if (open == NULL) {
            break;
        }
        Py_ssize_t a = open - s.p + 1;
        const char *close = memchr(s.p + a, ']', (size_t)(s.n - a));
        if (close == NULL) {
            break;
        }
        found[n].p = s.p + a;
        found[n].n = close - (s.p + a);
        n++;
        i = close - s.p + 1;
    }
    return n;
}

/* A date and time (datetime.date, datetime.time) that exist, as meta fields. */
int rm_clock(Rm *b, int y, int mo, int d, int h, int mi, int s, Span zone)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y < 1 || y > 9999 || mo < 1 || mo > 12 || d < 1 ||
        d > days[mo - 1] + (mo == 2 && leap) || h > 23 || mi > 59 || s > 59) {
        return 0; /* when() gives None: no date written */
    }
    if (rm_set(b->meta, "year", PyLong_FromLong(y)) < 0 ||
        rm_set(b->meta, "month", PyLong_FromLong(mo)) < 0 ||
        rm_set(b->meta, "day", PyLong_FromLong(d)) < 0 ||
        rm_set(b->meta, "time", PyTime_FromTime(h, mi, s, 0)) < 0) {
        return -1;
    }
    if (zone.n && rm_set(b->meta, "time_zone", rm_name(zone)) < 0) {
        return -1;
    }
    return 0;
}

/* All the digits at s[*k] (\d+): their value, -1 for none, -2 for more than six (an
 * int the reader takes and this file does not). */
int rm_number_run(Span s, Py_ssize_t *k)
{
    Py_ssize_t a = *k;
    int v = rm_digits(s, k, 1, 6);
    if (v >= 0 && *k < s.n && rm_digit(s.p[*k])) {
        return -2;
    }
    return *k > a ? v : -1;
}

/* games.when: the first (\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})
 * (?: ([A-Z]{2,4}))? of a line. */
int rm_when(Rm *b, Span line)
{
    for (Py_ssize_t i = 0; i < line.n; i++) {
        Py_ssize_t k = i;
        int y = rm_digits(line, &k, 4, 4), mo, d, h, mi, s;
        if (y < 0 || k >= line.n || (line.p[k] != '/' && line.p[k] != '-')) {
            continue;
        }
        k++;
        if ((mo = rm_digits(line, &k, 1, 2)) < 0 || k >= line.n || (line.p[k] != '/' && line.p[k] != '-')) {
            continue;
        }
        k++;
        if ((d = rm_digits(line, &k, 1, 2)) < 0 || k >= line.n || (line.p[k] != ' ' && line.p[k] != 'T')) {
            continue;
        }
        while (k < line.n && (line.p[k] == ' ' || line.p[k] == 'T')) {
            k++;
        }
        if ((h = rm_digits(line, &k, 1, 2)) < 0 || k >= line.n || line.p[k++] != ':' ||
            (mi = rm_digits(line, &k, 2, 2)) < 0 || k >= line.n || line.p[k++] != ':' ||
            (s = rm_digits(line, &k, 2, 2)) < 0) {
            continue;
        }
        Span zone = {line.p + k, 0};
        if (k + 2 < line.n && line.p[k] == ' ') {
            Py_ssize_t z = k + 1;
            while (z < line.n && z - k - 1 < 4 && line.p[z] >= 'A' && line.p[z] <= 'Z') {
                z++;
            }
            if (z - k - 1 >= 2) {
                zone.p = line.p + k + 1;
                zone.n = z - k - 1;
            }
        }
        return rm_clock(b, y, mo, d, h, mi, s, zone);
    }
    return 0;
}

/* The header's game through the Python reader's own function: sets the variant, stakes
 * and meta; 1 when Python reads the hand (an unknown game). */
int rm_game(Rm *b, PyObject *game, PyObject *room, const char *key, Py_ssize_t n)
{
    PyObject *text = PyUnicode_DecodeUTF8(key, n, NULL);
    if (text == NULL) {
        return -1;
    }
    PyObject *found = PyObject_CallFunctionObjArgs(game, room, text, NULL);
    Py_DECREF(text);
    if (found == NULL) {
        return -1;
    }
    if (found == Py_None) {
        Py_DECREF(found);
        return RM_NOT_MINE;
    }
    PyObject *variant, *small, *big, *currency, *tournament, *cap = NULL;
    if (!PyArg_ParseTuple(found, "UOOOO|O", &variant, &small, &big, &currency, &tournament, &cap)) {
        Py_DECREF(found);
        return -1;
    }
    b->variant = Py_NewRef(variant);
    if (small != Py_None) {
        b->small = PyLong_AsLongLong(small);
        b->big = PyLong_AsLongLong(big);
        b->has_small = b->has_big = 1;
    }
    int status = 0;
    if (currency != Py_None) {
        status = PyDict_SetItemString(b->meta, "currency", currency);
    }
    if (!status && tournament != Py_None) {
        status = PyDict_SetItemString(b->meta, "_tournament", tournament);
    }
    if (!status && cap != NULL) { /* a cap game's cap, as stars._header writes it */
        status = PyDict_SetItemString(b->meta, "_cap", cap);
    }
    Py_DECREF(found);
    return status < 0 || PyErr_Occurred() ? -1 : 0;
}

/* money.currency_of: the first currency sign of a text, else its first currency code. */
int rm_currency(Rm *b, Span s)
{
    static const char *const signs[][2] = {
        {"$", "USD"}, {"\xe2\x82\xac", "EUR"}, {"\xc2\xa3", "GBP"}, {"\xc2\xa5", "CNY"}};
    static const char *const codes[] = {"USD", "EUR", "GBP", "CAD", "CNY", "INR", "RUB", "SEK",
        "DKK", "NOK", "CHF", "AUD", "BRL", "PLN", "CZK", "HUF", "MXN", "JPY", "chips", NULL};
    for (int k = 0; k < 4; k++) {
        if (rm_contains(s, signs[k][0])) {
            return rm_set(b->meta, "currency", PyUnicode_FromString(signs[k][1]));
        }
    }
    Py_ssize_t k = 0;
    while (k < s.n) {
        while (k < s.n && rm_space(s.p[k])) {
            k++;
        }
        Py_ssize_t a = k;
        while (k < s.n && !rm_space(s.p[k])) {
            k++;
        }
        Span word = {s.p + a, k - a};
        for (int c = 0; word.n && codes[c] != NULL; c++) {
            if (rm_is(word, codes[c])) {
                return rm_set(b->meta, "currency", PyUnicode_FromString(codes[c]));
            }
        }
    }
    return 0;
}

/* The variant of a game's name through the Python reader's games.variant_of (cached
 * there): 0, RM_NOT_MINE for a game it refuses, -1. */
int rm_variant(Rm *b, PyObject *game, const char *room, Span name)
{
    PyObject *text = rm_name(name);
    if (text == NULL) {
        return -1;
    }
    PyObject *found = PyObject_CallFunction(game, "sO", room, text);
    Py_DECREF(text);
    if (found == NULL) {
        return -1;
    }
    if (found == Py_None) {
        Py_DECREF(found);
        return RM_NOT_MINE;
    }
    PyObject *variant;
    if (!PyArg_ParseTuple(found, "U", &variant)) {
        Py_DECREF(found);
        return -1;
    }
    b->variant = Py_NewRef(variant);
    Py_DECREF(found);
    return 0;
}

RmLines rm_lines(Span text)
{
    while (text.n && text.p[0] == '\n') {
        text = rm_from(text, 1);
    }
    while (text.n && text.p[text.n - 1] == '\n') {
        text.n--;
    }
    RmLines lines = {text, 0};
    return lines;
}

int rm_next_line(RmLines *lines, Span *line)
{
    if (lines->done) {
        return 0;
    }
    const char *eol = memchr(lines->rest.p, '\n', (size_t)lines->rest.n);
    if (eol == NULL) {
        *line = lines->rest;
        lines->done = 1;
        return 1;
    }
    line->p = lines->rest.p;
    line->n = eol - lines->rest.p;
    lines->rest = rm_from(lines->rest, line->n + 1);
    return 1;
}

int rm_word_is(Span w, const char *lower)
{
    if ((size_t)w.n != strlen(lower)) {
        return 0;
    }
    for (Py_ssize_t k = 0; k < w.n; k++) {
        char c = w.p[k] >= 'A' && w.p[k] <= 'Z' ? (char)(w.p[k] + 32) : w.p[k];
        if (c != lower[k]) {
            return 0;
        }
    }
    return 1;
}

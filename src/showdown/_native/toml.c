/*
 * The plain TOML of hand histories. phh_toml(text): the document as tomllib reads
 * it, for the TOML hand histories are written in (one "key = value" per line; bare
 * keys; strings without escapes; integers and decimals without exponents or
 * underscores; inf; true, false; local times such as 00:00:09; one-line arrays of
 * strings or of numbers; [name] tables), else None: tomllib, which reports every
 * TOML error, takes the text. The tests compare the two. Its docstring is in module.c.
 */
#include "kernel.h"

#include <datetime.h> /* the local times (time = 00:00:09) of real corpora */

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
    if (end - p >= 3 && memcmp(p, "inf", 3) == 0 && (end - p == 3 || !toml_key_char(p[3]))) {
        *pp = p + 3; /* an unknown stack */
        return PyFloat_FromDouble(*start == '-' ? -Py_HUGE_VAL : Py_HUGE_VAL);
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

/* A local time at *pp, HH:MM:SS with an optional fraction of a second (tomllib keeps
 * its first 6 digits); NULL (no error set) outside the subset. */
static PyObject *toml_time(const char **pp, const char *end)
{
    const char *p = *pp;
    int part[3];
    for (int k = 0; k < 3; k++) {
        if (end - p < 2 || p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' ||
            (k < 2 && (end - p < 3 || p[2] != ':'))) {
            return NULL;
        }
        part[k] = 10 * (p[0] - '0') + (p[1] - '0');
        p += k < 2 ? 3 : 2;
    }
    if (part[0] > 23 || part[1] > 59 || part[2] > 59) {
        return NULL;
    }
    int micro = 0, digits = 0;
    if (p < end && *p == '.') {
        for (p++; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
            if (digits < 6) {
                micro = 10 * micro + (*p - '0');
            }
        }
        if (digits == 0) {
            return NULL;
        }
        for (int k = digits; k < 6; k++) {
            micro *= 10;
        }
    }
    if (PyDateTimeAPI == NULL) {
        PyDateTime_IMPORT;
        if (PyDateTimeAPI == NULL) {
            PyErr_Clear();
            return NULL;
        }
    }
    *pp = p;
    return PyTime_FromTime(part[0], part[1], part[2], micro);
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
    } else if (end - p >= 3 && p[2] == ':') {
        v = toml_time(&p, end);
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

/* phh_toml(text) */
PyObject *sd_Tables_phh_toml(Tables *self, PyObject *text)
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

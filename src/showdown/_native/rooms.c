/*
 * Rooms' hand histories read in C: room_hands(parts, room, game) turns the hands of a
 * room's file (the pieces showdown.phh.rooms.read.split_hands cuts) into the fields
 * dicts showdown.phh.rooms.builder.HandBuilder.build writes, for the common shapes of
 * PokerStars and the rooms that write like it (GGPoker, WPN) and of iPoker's XML.
 * The Python readers stay the reference: anything this file does not read exactly as
 * they do (a line or a game it does not know, a hand that is an error, a live blind
 * posted out of position, stud and draw games, names or amounts outside the plain
 * shapes) gives None for that hand, and Python reads it. The tests compare both on
 * every sample file and on mutated and generated room text.
 *
 * Amounts are read as the Python readers' Decimals are (showdown.phh.rooms.money),
 * here as int64 billionths (RM_NANO); more decimal places, or amounts of 10**9 or
 * more, are Python's. A header's game (variant, stakes, currency, tournament) is the
 * Python reader's own function, called through ``game`` (cached there).
 */
#include "kernel.h"

#include <datetime.h>

#define RM_SEATS 10
#define RM_NANO 1000000000LL
#define RM_MOST (RM_NANO * RM_NANO) /* amounts below 10**9 whole chips */
#define RM_EVENTS 256
#define RM_ARG 4096

/* 1 for a hand this file does not read: Python reads it. */
#define RM_NOT_MINE 1

typedef struct {
    const char *p;
    Py_ssize_t n;
} Span;

typedef struct {
    Span name;
    int seat;
    int64_t stack;
    unsigned char out, playing, folded, mucked, has_hole, has_shown, has_bounty;
    int64_t ante, blind, bet, spent, collected, bounty;
    int has_bet, has_ante, has_blind;
    char hole[16], shown[16]; /* card texts run together ("AcKd") */
    int nhole, nshown;
} RmPlayer;

typedef struct {
    int who; /* player index, -1 for the dealer */
    char verb; /* 'f' fold, 'c' cc, 'r' cbr, 'b' board */
    int arg, argn; /* into the builder's arg buffer */
} RmEvent;

typedef struct {
    PyObject *room;    /* borrowed */
    PyObject *variant; /* owned */
    Span hand;
    int has_hand, button, np, nev, argn, runs, ncollected, nfees, anybounty;
    int has_small, has_big;
    int64_t small, big;
    RmPlayer pl[RM_SEATS];
    RmEvent ev[RM_EVENTS];
    char args[RM_ARG];
    const char *fee_key[3];
    int64_t fee[3];
    PyObject *meta; /* a dict, owned */
} Rm;

/* ------------------------------------------------------------- text helpers */

static int rm_starts(Span s, const char *prefix)
{
    size_t k = strlen(prefix);
    return (size_t)s.n >= k && memcmp(s.p, prefix, k) == 0;
}

static Span rm_from(Span s, Py_ssize_t k)
{
    Span t = {s.p + k, s.n - k};
    return t;
}

static int rm_eq(Span a, Span b)
{
    return a.n == b.n && memcmp(a.p, b.p, (size_t)a.n) == 0;
}

/* Where ``needle`` first occurs in s (-1: nowhere). */
static Py_ssize_t rm_find(Span s, const char *needle)
{
    size_t k = strlen(needle);
    const char *p = s.p, *end = s.p + s.n;
    while ((size_t)(end - p) >= k && (p = memchr(p, needle[0], (size_t)(end - p) - k + 1)) != NULL) {
        if (memcmp(p, needle, k) == 0) {
            return p - s.p;
        }
        p++;
    }
    return -1;
}

static int rm_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* ASCII white space as str.strip sees it (other white space: see rm_plain). */
static int rm_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static Span rm_rstrip(Span s)
{
    while (s.n > 0 && rm_space(s.p[s.n - 1])) {
        s.n--;
    }
    return s;
}

static Span rm_strip(Span s)
{
    s = rm_rstrip(s);
    while (s.n > 0 && rm_space(s.p[0])) {
        s.p++;
        s.n--;
    }
    return s;
}

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

/* ------------------------------------------------------------------ amounts */

/* showdown.phh.rooms.money.amount of a text: digits kept with "." and ","; a comma is a
 * decimal comma when last and not followed by exactly three digits, or when a point
 * comes before it. 0 with *out in billionths; 1 for what Python reads otherwise (a
 * minus sign, an exponent, too many places, too large) or raises on. */
static int rm_amount(Span raw, int64_t *out)
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
static int rm_first_amount(Span s, int64_t *out, Py_ssize_t *end)
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
 * the float of the decimal (correctly rounded: the billionths are below 2**53). */
static PyObject *rm_number(int64_t v)
{
    if (v % RM_NANO == 0) {
        return PyLong_FromLongLong(v / RM_NANO);
    }
    return PyFloat_FromDouble((double)v / (double)RM_NANO);
}

/* An amount as an action writes it (money.text): "1250", "0.25". */
static int rm_text(int64_t v, char *out)
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

/* ------------------------------------------------------------------ builder */

static int rm_index(Rm *b, Span name)
{
    for (int i = 0; i < b->np; i++) {
        if (rm_eq(b->pl[i].name, name)) {
            return i;
        }
    }
    return -1;
}

static int rm_seat(Rm *b, int seat, Span name, int64_t stack, int playing)
{
    int i = rm_index(b, name);
    if (i < 0) {
        if (b->np == RM_SEATS) {
            return RM_NOT_MINE;
        }
        i = b->np++;
        memset(&b->pl[i], 0, sizeof(RmPlayer));
        b->pl[i].name = name;
    }
    b->pl[i].seat = seat;
    b->pl[i].stack = stack;
    if (!playing) {
        b->pl[i].out = 1;
    }
    return 0;
}

/* HandBuilder.player: -1 for a name without a seat (Python's error). */
static int rm_player(Rm *b, Span name)
{
    int i = rm_index(b, name);
    if (i >= 0) {
        b->pl[i].playing = 1;
    }
    return i;
}

static int rm_event(Rm *b, int who, char verb, const char *arg, int argn)
{
    if (b->nev == RM_EVENTS || b->argn + argn > RM_ARG) {
        return RM_NOT_MINE;
    }
    RmEvent *e = &b->ev[b->nev++];
    e->who = who;
    e->verb = verb;
    e->arg = b->argn;
    e->argn = argn;
    memcpy(b->args + b->argn, arg, (size_t)argn);
    b->argn += argn;
    return 0;
}

static int64_t rm_top(Rm *b)
{
    int64_t top = 0;
    for (int i = 0; i < b->np; i++) {
        top = b->pl[i].bet > top ? b->pl[i].bet : top;
    }
    return top;
}

/* HandBuilder.post: kind 'a' ante, 'b' blind (dead: the part of it that is dead). */
static int rm_post(Rm *b, int i, char kind, int64_t value, int64_t dead)
{
    RmPlayer *p = &b->pl[i];
    p->playing = 1;
    if (kind == 'a') {
        p->ante += value;
        p->has_ante = 1;
        p->spent += value;
        return 0;
    }
    if (dead) {
        p->ante += dead;
        p->has_ante = 1;
    }
    p->blind += value;
    p->has_blind = 1;
    p->bet += value;
    p->spent += value + dead;
    if (p->spent >= RM_MOST) {
        return RM_NOT_MINE;
    }
    return 0;
}

/* HandBuilder._nobody_behind */
static int rm_nobody_behind(Rm *b, int i)
{
    int64_t top = rm_top(b);
    int others = 0;
    for (int j = 0; j < b->np; j++) {
        RmPlayer *q = &b->pl[j];
        if (j == i || !q->playing || q->folded) {
            continue;
        }
        others = 1;
        if (q->stack - q->spent > top - q->bet) {
            return 0;
        }
    }
    return others;
}

/* HandBuilder.act: verb 'f' fold, 'k' check, 'c' call, 'b' bet, 't' raise_to, 'p' put. */
static int rm_act(Rm *b, int i, char verb, int64_t value)
{
    RmPlayer *p = &b->pl[i];
    p->playing = 1;
    int64_t before = p->bet;
    if (verb == 'f') {
        p->folded = 1;
        return rm_event(b, i, 'f', "", 0);
    }
    if (verb == 'k' || verb == 'c') {
        if (verb == 'c') {
            p->bet = value ? before + value : rm_top(b);
        }
        if (rm_event(b, i, 'c', "", 0)) {
            return RM_NOT_MINE;
        }
    } else {
        int64_t total = verb == 't' ? value : before + value;
        if ((verb == 'p' && total <= rm_top(b)) || rm_nobody_behind(b, i)) {
            p->bet = total;
            if (rm_event(b, i, 'c', "", 0)) {
                return RM_NOT_MINE;
            }
        } else {
            char text[40];
            p->bet = total;
            if (rm_event(b, i, 'r', text, rm_text(total, text))) {
                return RM_NOT_MINE;
            }
        }
    }
    p->spent += p->bet - before;
    return p->bet >= RM_MOST || p->spent >= RM_MOST ? RM_NOT_MINE : 0;
}

static int rm_board(Rm *b, const char *cards, int n)
{
    for (int i = 0; i < b->np; i++) {
        b->pl[i].bet = 0;
    }
    return rm_event(b, -1, 'b', cards, n);
}

static int rm_collect(Rm *b, Span name, int64_t value)
{
    int i = rm_player(b, name);
    if (i < 0) {
        return RM_NOT_MINE;
    }
    b->pl[i].collected += value;
    b->ncollected++;
    return b->pl[i].collected >= RM_MOST ? RM_NOT_MINE : 0;
}

/* The fields of the house's fees (stars._summary: rake, jackpot, any other is fees). */
static const char *const rm_fee_names[3] = {"_rake", "_jackpot", "_fees"};

static int rm_fee(Rm *b, const char *key, int64_t value)
{
    for (int k = 0; k < b->nfees; k++) {
        if (b->fee_key[k] == key) {
            b->fee[k] += value;
            return b->fee[k] >= RM_MOST ? RM_NOT_MINE : 0;
        }
    }
    b->fee_key[b->nfees] = key;
    b->fee[b->nfees++] = value;
    return 0;
}

/* ---------------------------------------------------------------- building */

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

static int rm_set(PyObject *dict, const char *key, PyObject *value)
{
    if (value == NULL) {
        return -1;
    }
    PyObject *name = rm_key(key);
    int status = name == NULL ? -1 : PyDict_SetItem(dict, name, value);
    Py_DECREF(value);
    return status;
}

/* "p" and a player's number (1-based) at out; the length written. */
static int rm_put_player(char *out, int k)
{
    out[0] = 'p';
    if (k >= 10) {
        out[1] = (char)('0' + k / 10);
        out[2] = (char)('0' + k % 10);
        return 3;
    }
    out[1] = (char)('0' + k);
    return 2;
}

/* The players dealt in, in PHH's order (HandBuilder.order): indexes into b->pl. */
static int rm_order(Rm *b, int *order)
{
    int n = 0;
    for (int i = 0; i < b->np; i++) {
        RmPlayer *p = &b->pl[i];
        if (p->playing || (!p->out && p->has_hole)) {
            order[n++] = i;
        }
    }
    /* a stable insertion sort by (seat <= button, seat), or by seat with no button */
    for (int k = 1; k < n; k++) {
        int x = order[k], j = k - 1;
        while (j >= 0) {
            RmPlayer *a = &b->pl[order[j]], *c = &b->pl[x];
            int ka = b->button >= 0 && a->seat <= b->button, kc = b->button >= 0 && c->seat <= b->button;
            if (ka < kc || (ka == kc && a->seat <= c->seat)) {
                break;
            }
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = x;
    }
    return n;
}

/* HandBuilder._posted_out_of_position and _forced_bets: the antes and live blinds PHH
 * writes, per place of ``order``. A live blind posted where PHH's opening rule would not
 * open the betting with the player the room shows acting first is taken out (the
 * latest largest first) until the rule names that player; its chips then come in with
 * the player's first action, or are dead money (an ante) when that action is a fold.
 * 1 done, 0 for Python (no reading of the blinds fits; a blind taken out and no action). */
static int rm_forced_bets(Rm *b, const int *order, int n, int64_t *antes, int64_t *blinds)
{
    int first = -1;
    for (int k = 0; k < b->nev && first < 0; k++) {
        first = b->ev[k].who;
    }
    int64_t posted[RM_SEATS];
    int any = 0;
    for (int k = 0; k < n; k++) {
        antes[k] = b->pl[order[k]].ante;
        blinds[k] = posted[k] = b->pl[order[k]].blind;
        any |= posted[k] != 0;
    }
    if (n == 2 || first < 0 || !any) {
        return 1;
    }
    int moved[RM_SEATS] = {0};
    for (;;) {
        int64_t behind[RM_SEATS], best = -1;
        int top = 0, anyleft = 0;
        for (int k = 0; k < n; k++) {
            RmPlayer *p = &b->pl[order[k]];
            behind[k] = p->stack - p->ante - posted[k];
            anyleft |= posted[k] != 0;
            if (posted[k] >= best) { /* blind_opener: the largest blind, the later on a tie */
                best = posted[k];
                top = k;
            }
        }
        int opener = anyleft ? (top + 1) % n : 0;
        int64_t first_total = -1, second = -1;
        int top_total = -1, head = -1;
        for (int k = 0; k < n; k++) { /* round_queue, nobody folded: its first player */
            int64_t total = behind[k] + posted[k];
            if (total > first_total) {
                second = first_total;
                first_total = total;
                top_total = k;
            } else if (total > second) {
                second = total;
            }
        }
        for (int m = 0; m < n && head < 0; m++) {
            int k = (opener + m) % n;
            if (behind[k] && (k == top_total ? second : first_total) > posted[k]) {
                head = k;
            }
        }
        if (head >= 0 && order[head] == first) {
            break;
        }
        if (!anyleft) {
            return 0; /* no reading opens with the first to act: Python's error */
        }
        moved[top] = 1; /* the largest blind, the later seat on a tie */
        posted[top] = 0;
    }
    for (int k = 0; k < n; k++) {
        if (!moved[k]) {
            continue;
        }
        char verb = 0;
        for (int e = 0; e < b->nev && !verb; e++) {
            if (b->ev[e].verb == 'b') {
                break; /* the flop: preflop is over */
            }
            verb = b->ev[e].who == order[k] ? b->ev[e].verb : 0;
        }
        if (!verb) {
            return 0; /* posted out of position and no action preflop: Python's error */
        }
        if (verb == 'f') {
            antes[k] += blinds[k];
        }
        blinds[k] = 0;
    }
    return 1;
}

/* A list of amounts per player: ``values`` (by place) when given, else a player field
 * (2 stack, 3 collected, 4 bounty); reversed for the heads-up forced bets. */
static PyObject *rm_numbers(Rm *b, const int *order, int n, int which, int reverse,
                            const int64_t *values)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    for (int k = 0; k < n; k++) {
        int place = reverse ? n - 1 - k : k;
        RmPlayer *p = &b->pl[order[place]];
        int64_t v = values != NULL ? values[place] : which == 2 ? p->stack
                  : which == 3 ? p->collected : p->bounty;
        PyObject *x = rm_number(v);
        if (x == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, x);
    }
    return list;
}

static PyObject *rm_name(Span s)
{
    return PyUnicode_DecodeUTF8(s.p, s.n, NULL);
}

/* The hand's fields as HandBuilder.build writes them, in its order; *fields NULL when the
 * hand is Python's. Returns -1 on a Python error. */
static int rm_build(Rm *b, PyObject **fields)
{
    *fields = NULL;
    int order[RM_SEATS], n = rm_order(b, order), pos[RM_SEATS];
    int64_t antes[RM_SEATS], blinds[RM_SEATS];
    if (b->runs > 1 || n < 2 || !rm_forced_bets(b, order, n, antes, blinds)) {
        return 0;
    }
    const char *variant = PyUnicode_AsUTF8(b->variant);
    if (variant == NULL) {
        return -1;
    }
    int cards = strcmp(variant, "PO") == 0 || strcmp(variant, "FO/8") == 0 ||
                strcmp(variant, "FB") == 0 ? 4 : 2;
    int fixed = strcmp(variant, "FT") == 0 || strcmp(variant, "FO/8") == 0;
    if (strcmp(variant, "NT") && strcmp(variant, "PO") && !fixed) {
        return 0; /* stud and draw games: Python's */
    }
    for (int i = 0; i < b->np; i++) {
        pos[i] = -1;
    }
    for (int k = 0; k < n; k++) {
        pos[order[k]] = k;
        RmPlayer *p = &b->pl[order[k]];
        int have = p->has_hole && p->nhole ? p->nhole : p->has_shown && p->nshown ? p->nshown : cards;
        if (have != cards) {
            return 0;
        }
    }
    int64_t big;
    if (b->has_big) {
        big = b->big;
    } else {
        int any = 0;
        big = 0;
        for (int i = 0; i < b->np; i++) {
            if (b->pl[i].has_blind) {
                big = any && big > b->pl[i].blind ? big : b->pl[i].blind;
                any = 1;
            }
        }
    }
    if (!big) {
        return 0;
    }
    int64_t small = 0;
    if (fixed) {
        if (!b->has_small && big % 2) {
            return 0;
        }
        small = b->has_small ? b->small : big / 2;
    } else { /* the header's stakes, unless the blinds posted say else */
        int posted = 0, found = 0;
        int64_t most = 0;
        for (int i = 0; i < b->np; i++) {
            RmPlayer *p = &b->pl[i];
            if (p->has_blind && p->blind && p->blind < p->stack) {
                posted = 1;
                found |= p->blind == big;
                most = p->blind > most ? p->blind : most;
            }
        }
        if (posted && !found) {
            big = most;
        }
    }
    PyObject *f = PyDict_New(), *actions = PyList_New(0);
    if (f == NULL || actions == NULL) {
        goto error;
    }
    char line[RM_ARG + 32];
    for (int k = 0; k < n; k++) {
        RmPlayer *p = &b->pl[order[k]];
        memcpy(line, "d dh ", 5);
        int len = 5 + rm_put_player(line + 5, k + 1);
        line[len++] = ' ';
        if (p->has_hole && p->nhole) {
            memcpy(line + len, p->hole, (size_t)(2 * p->nhole));
        } else if (p->has_shown && p->nshown) {
            memcpy(line + len, p->shown, (size_t)(2 * p->nshown));
        } else {
            memset(line + len, '?', (size_t)(2 * cards));
        }
        len += 2 * cards;
        PyObject *s = PyUnicode_FromStringAndSize(line, len);
        if (s == NULL || PyList_Append(actions, s) < 0) {
            Py_XDECREF(s);
            goto error;
        }
        Py_DECREF(s);
    }
    for (int e = 0; e < b->nev; e++) {
        RmEvent *ev = &b->ev[e];
        int len;
        if (ev->verb == 'b') {
            memcpy(line, "d db ", 5);
            len = 5;
        } else {
            const char *verb = ev->verb == 'f' ? " f" : ev->verb == 'c' ? " cc" : " cbr";
            len = rm_put_player(line, pos[ev->who] + 1);
            memcpy(line + len, verb, strlen(verb));
            len += (int)strlen(verb);
            if (ev->argn) {
                line[len++] = ' ';
            }
        }
        memcpy(line + len, b->args + ev->arg, (size_t)ev->argn);
        len += ev->argn;
        PyObject *s = PyUnicode_FromStringAndSize(line, len);
        if (s == NULL || PyList_Append(actions, s) < 0) {
            Py_XDECREF(s);
            goto error;
        }
        Py_DECREF(s);
    }
    int live = 0;
    for (int k = 0; k < n; k++) {
        live += !b->pl[order[k]].folded;
    }
    for (int k = 0; k < n && live > 1; k++) {
        RmPlayer *p = &b->pl[order[k]];
        if (p->folded) {
            continue;
        }
        int len = rm_put_player(line, k + 1);
        memcpy(line + len, " sm", 3);
        len += 3;
        if (p->has_shown && p->nshown && !p->mucked) {
            line[len++] = ' ';
            memcpy(line + len, p->shown, (size_t)(2 * p->nshown));
            len += 2 * p->nshown;
        }
        PyObject *s = PyUnicode_FromStringAndSize(line, len);
        if (s == NULL || PyList_Append(actions, s) < 0) {
            Py_XDECREF(s);
            goto error;
        }
        Py_DECREF(s);
    }
    if (rm_set(f, "variant", Py_NewRef(b->variant)) < 0 ||
        rm_set(f, "antes", rm_numbers(b, order, n, 0, n == 2, antes)) < 0 ||
        rm_set(f, "blinds_or_straddles", rm_numbers(b, order, n, 1, n == 2, blinds)) < 0) {
        goto error;
    }
    if (fixed) {
        if (rm_set(f, "small_bet", rm_number(small)) < 0 || rm_set(f, "big_bet", rm_number(big)) < 0) {
            goto error;
        }
    } else if (rm_set(f, "min_bet", rm_number(big)) < 0) {
        goto error;
    }
    if (rm_set(f, "starting_stacks", rm_numbers(b, order, n, 2, 0, NULL)) < 0 ||
        rm_set(f, "actions", Py_NewRef(actions)) < 0) {
        goto error;
    }
    if (b->has_hand) {
        int digits = b->hand.n > 0;
        for (Py_ssize_t k = 0; k < b->hand.n; k++) {
            digits &= rm_digit(b->hand.p[k]);
        }
        PyObject *hand;
        if (digits) {
            char buf[64];
            if (b->hand.n >= 60) {
                goto python;
            }
            memcpy(buf, b->hand.p, (size_t)b->hand.n);
            buf[b->hand.n] = 0;
            hand = PyLong_FromString(buf, NULL, 10);
        } else {
            hand = rm_name(b->hand);
        }
        if (rm_set(f, "hand", hand) < 0) {
            goto error;
        }
    }
    if (PyDict_Update(f, b->meta) < 0) {
        goto error;
    }
    PyObject *seats = PyList_New(n), *players = PyList_New(n);
    if (rm_set(f, "seats", seats) < 0 || rm_set(f, "players", players) < 0) {
        Py_XDECREF(players);
        goto error;
    }
    for (int k = 0; k < n; k++) {
        PyObject *seat = PyLong_FromLong(b->pl[order[k]].seat), *name = rm_name(b->pl[order[k]].name);
        if (seat == NULL || name == NULL) {
            Py_XDECREF(seat);
            Py_XDECREF(name);
            goto error;
        }
        PyList_SET_ITEM(seats, k, seat);
        PyList_SET_ITEM(players, k, name);
    }
    if (rm_set(f, "winnings", rm_numbers(b, order, n, 3, 0, NULL)) < 0 ||
        rm_set(f, "_room", Py_NewRef(b->room)) < 0) {
        goto error;
    }
    for (int k = 0; k < b->nfees; k++) {
        if (rm_set(f, b->fee_key[k], rm_number(b->fee[k])) < 0) {
            goto error;
        }
    }
    if (b->anybounty && rm_set(f, "_bounties", rm_numbers(b, order, n, 4, 0, NULL)) < 0) {
        goto error;
    }
    Py_DECREF(actions);
    *fields = f;
    return 0;
python:
    Py_XDECREF(f);
    Py_XDECREF(actions);
    return 0;
error:
    Py_XDECREF(f);
    Py_XDECREF(actions);
    return -1;
}

/* ----------------------------------------------------------- shared reading */

/* The cards of a text as the readers' _cards reads them ("10" is "T", split at white
 * space, each [2-9TJQKA][cdhs]) into out (two characters each); RM_NOT_MINE for a
 * text that is not cards (Python's error) or more than ``most`` of them. */
static int rm_cards(Span s, char *out, int *count, int most)
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
static int rm_brackets(Span s, Span *found, int most)
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
static int rm_clock(Rm *b, int y, int mo, int d, int h, int mi, int s, Span zone)
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

/* n digits (lo..hi of them, greedy) at s[*k]; -1 when fewer than lo. */
static int rm_digits(Span s, Py_ssize_t *k, int lo, int hi)
{
    int v = 0, c = 0;
    while (c < hi && *k < s.n && rm_digit(s.p[*k])) {
        v = 10 * v + (s.p[*k] - '0');
        (*k)++;
        c++;
    }
    return c < lo ? -1 : v;
}

/* All the digits at s[*k] (\d+): their value, -1 for none, -2 for more than six (an
 * int the reader takes and this file does not). */
static int rm_number_run(Span s, Py_ssize_t *k)
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
static int rm_when(Rm *b, Span line)
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

/* ------------------------------------------------- PokerStars and its family */

/* The header's game through the Python reader's own function: sets the variant, stakes
 * and meta; 1 when Python reads the hand (an unknown game). */
static int rm_game(Rm *b, PyObject *game, PyObject *room, const char *key, Py_ssize_t n)
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
    PyObject *variant, *small, *big, *currency, *tournament;
    if (!PyArg_ParseTuple(found, "UOOOO", &variant, &small, &big, &currency, &tournament)) {
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
    Py_DECREF(found);
    return status < 0 || PyErr_Occurred() ? -1 : 0;
}

/* _DATE_TIME.sub("", s): \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}|\d{1,2}:\d{2}:\d{2}
 * taken out; the length written to out. */
static Py_ssize_t rm_undated(Span s, char *out)
{
    Py_ssize_t n = 0, i = 0;
    while (i < s.n) {
        Py_ssize_t k = i;
        int ok = rm_digits(s, &k, 4, 4) >= 0 && k < s.n && s.p[k++] == '/' &&
                 rm_digits(s, &k, 1, 2) >= 0 && k < s.n && s.p[k++] == '/' &&
                 rm_digits(s, &k, 1, 2) >= 0 && k < s.n && s.p[k++] == ' ' &&
                 rm_digits(s, &k, 1, 2) >= 0 && k < s.n && s.p[k++] == ':' &&
                 rm_digits(s, &k, 2, 2) >= 0 && k < s.n && s.p[k++] == ':' &&
                 rm_digits(s, &k, 2, 2) >= 0;
        if (!ok) {
            k = i;
            ok = rm_digits(s, &k, 1, 2) >= 0 && k < s.n && s.p[k++] == ':' &&
                 rm_digits(s, &k, 2, 2) >= 0 && k < s.n && s.p[k++] == ':' &&
                 rm_digits(s, &k, 2, 2) >= 0;
        }
        if (ok) {
            i = k;
        } else {
            out[n++] = s.p[i++];
        }
    }
    return n;
}

static int rm_is_letter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* The header: the hand's number (_ID), its game, its date. */
static int rm_currency(Rm *b, Span s);
static int rm_variant(Rm *b, PyObject *game, const char *room, Span name);

/* Full Tilt's time: (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,4}) - (\d{4})/(\d{2})/(\d{2}), its
 * fields in when[] and the zone; 0 when the line has none. */
static int rm_ftp_time(Span line, int *when, Span *zone)
{
    for (Py_ssize_t i = 0; i < line.n; i++) {
        Py_ssize_t k = i;
        int h, mi, sec, y, mo, d;
        if ((h = rm_digits(line, &k, 1, 2)) < 0 || k >= line.n || line.p[k++] != ':' ||
            (mi = rm_digits(line, &k, 2, 2)) < 0 || k >= line.n || line.p[k++] != ':' ||
            (sec = rm_digits(line, &k, 2, 2)) < 0 || k >= line.n || line.p[k++] != ' ') {
            continue;
        }
        Py_ssize_t z = k;
        while (k < line.n && line.p[k] >= 'A' && line.p[k] <= 'Z') {
            k++;
        }
        if (k - z < 2 || k - z > 4 || !rm_starts(rm_from(line, k), " - ")) {
            continue;
        }
        Span found = {line.p + z, k - z};
        k += 3;
        if ((y = rm_digits(line, &k, 4, 4)) < 0 || k >= line.n || line.p[k++] != '/' ||
            (mo = rm_digits(line, &k, 2, 2)) < 0 || k >= line.n || line.p[k++] != '/' ||
            (d = rm_digits(line, &k, 2, 2)) < 0) {
            continue;
        }
        when[0] = y, when[1] = mo, when[2] = d, when[3] = h, when[4] = mi, when[5] = sec;
        *zone = found;
        return 1;
    }
    return 0;
}

/* Full Tilt's table: _FTP_TABLE, Table (.+?) - , its last ", " part less "Table ". */
static int rm_ftp_table(Rm *b, Span line)
{
    for (Py_ssize_t i = 0; i + 6 <= line.n; i++) {
        if (memcmp(line.p + i, "Table ", 6)) {
            continue;
        }
        Span rest = rm_from(line, i + 6);
        Py_ssize_t dash = rest.n > 1 ? rm_find(rm_from(rest, 1), " - ") : -1;
        if (dash < 0) {
            continue;
        }
        Span table = {rest.p, dash + 1};
        for (Py_ssize_t q = table.n - 2; q >= 0; q--) {
            if (table.p[q] == ',' && table.p[q + 1] == ' ') {
                table = rm_from(table, q + 2);
                break;
            }
        }
        if (rm_starts(table, "Table ")) {
            table = rm_from(table, 6);
        }
        return rm_set(b->meta, "table", rm_name(table));
    }
    return 0;
}

static int rm_stars_header(Rm *b, Span line, PyObject *game)
{
    Py_ssize_t after = -1;
    for (Py_ssize_t i = 0; i + 6 <= line.n && after < 0; i++) {
        if (memcmp(line.p + i, "Hand #", 6) && memcmp(line.p + i, "Game #", 6)) {
            continue;
        }
        Py_ssize_t k = i + 6;
        while (k < line.n && rm_is_letter(line.p[k])) {
            k++;
        }
        if (k >= line.n || !rm_digit(line.p[k])) {
            continue;
        }
        Py_ssize_t start = i + 6;
        while (k < line.n && (rm_is_letter(line.p[k]) || rm_digit(line.p[k]) || line.p[k] == '_' || line.p[k] == '-')) {
            k++;
        }
        if (k < line.n && (unsigned char)line.p[k] >= 0x80) {
            return RM_NOT_MINE; /* a letter \w would take? Python knows */
        }
        b->hand.p = line.p + start;
        b->hand.n = k - start;
        b->has_hand = 1;
        after = k;
    }
    char key[1024];
    Span rest = after < 0 ? line : rm_from(line, after);
    if (rest.n >= (Py_ssize_t)sizeof key) {
        return RM_NOT_MINE;
    }
    int status = rm_game(b, game, b->room, key, rm_undated(rest, key));
    if (status) {
        return status;
    }
    const char *room = PyUnicode_AsUTF8(b->room);
    if (room == NULL) {
        return -1;
    }
    if (strcmp(room, "fulltilt") == 0) {
        int when[6];
        Span zone;
        if (rm_ftp_table(b, line) < 0) {
            return -1;
        }
        if (rm_ftp_time(line, when, &zone)) {
            Py_ssize_t before = PyDict_GET_SIZE(b->meta);
            if (rm_clock(b, when[0], when[1], when[2], when[3], when[4], when[5], zone) < 0) {
                return -1;
            }
            return PyDict_GET_SIZE(b->meta) > before ? 0 : RM_NOT_MINE; /* ValueError: Python's */
        }
    }
    return rm_when(b, line);
}

/* winamax.read_hand's header: HandId: #([\w-]+); the game (winamax._GAME: a name without
 * '-' and the stakes in parentheses, between " - " and " - "); the tournament's name or
 * the currency; the date. */
static int rm_winamax_header(Rm *b, Span line, PyObject *game)
{
    for (Py_ssize_t i = 0; i + 9 < line.n; i++) {
        if (memcmp(line.p + i, "HandId: #", 9)) {
            continue;
        }
        Py_ssize_t k = i + 9;
        while (k < line.n && (rm_is_letter(line.p[k]) || rm_digit(line.p[k]) || line.p[k] == '_' || line.p[k] == '-')) {
            k++;
        }
        if (k < line.n && (unsigned char)line.p[k] >= 0x80) {
            return RM_NOT_MINE;
        }
        if (k > i + 9) {
            b->hand = (Span){line.p + i + 9, k - i - 9};
            b->has_hand = 1;
            break;
        }
    }
    Span name = {NULL, 0}, stakes = {NULL, 0};
    for (Py_ssize_t i = 0; i + 3 <= line.n && name.p == NULL; i++) {
        if (memcmp(line.p + i, " - ", 3)) {
            continue;
        }
        for (Py_ssize_t e = i + 3; e + 1 < line.n && line.p[e] != '-'; e++) {
            if (line.p[e] != ' ' || line.p[e + 1] != '(') {
                continue;
            }
            Py_ssize_t a = e + 2, z = a;
            int slash = 0;
            while (z < line.n && line.p[z] != '(' && line.p[z] != ')') {
                slash |= line.p[z++] == '/';
            }
            if (z < line.n && line.p[z] == ')' && slash && rm_starts(rm_from(line, z + 1), " - ")) {
                name = (Span){line.p + i + 3, e - i - 3};
                stakes = (Span){line.p + a, z - a};
                break;
            }
        }
    }
    if (name.p == NULL) {
        return RM_NOT_MINE;
    }
    int status = rm_variant(b, game, "winamax", name);
    if (status) {
        return status;
    }
    Py_ssize_t last = -1, before = -1; /* stakes.split("/")[-2:] */
    for (Py_ssize_t k = 0; k < stakes.n; k++) {
        if (stakes.p[k] == '/') {
            before = last;
            last = k;
        }
    }
    Span small = {stakes.p + before + 1, last - before - 1}, big = rm_from(stakes, last + 1);
    if (rm_amount(small, &b->small) || rm_amount(big, &b->big)) {
        return RM_NOT_MINE;
    }
    b->has_small = b->has_big = 1;
    Py_ssize_t at = rm_find(line, "Tournament \"");
    Span tail = at < 0 ? line : rm_from(line, at + 12);
    Py_ssize_t close = at < 0 ? -1 : rm_find(tail, "\"");
    if (close >= 0) {
        if (rm_set(b->meta, "_tournament", rm_name((Span){tail.p, close})) < 0) {
            return -1;
        }
    } else if (rm_currency(b, stakes) < 0) {
        return -1;
    }
    return rm_when(b, line);
}

static const char *const rm_noise[] = {
    "doesn't", "draws", "does", "is", "has", "said,", "sits", "joins", "leaves", "was",
    "will", "re-joins", "finished", "wins the $", "timed", "Chooses", "Receives", "Pays",
    "cashed", "out", "seat", "stands", "takes", "adds", "connected", "disconnected", NULL};

static int rm_contains(Span s, const char *needle)
{
    return rm_find(s, needle) >= 0;
}

/* stars._post */
static int rm_stars_post(Rm *b, int i, Span rest)
{
    int64_t value;
    if (rm_first_amount(rest, &value, NULL)) {
        return RM_NOT_MINE;
    }
    if (rm_contains(rest, "ante")) {
        return rm_post(b, i, 'a', value, 0);
    }
    if (rm_contains(rest, "&") || rm_contains(rest, "small and big")) {
        int64_t live = b->has_big && b->big < value ? b->big : value;
        return rm_post(b, i, 'b', live, value - live);
    }
    return rm_post(b, i, rm_contains(rest, "dead") ? 'a' : 'b', value, 0);
}

/* stars._action */
static int rm_stars_action(Rm *b, int i, Span rest)
{
    Py_ssize_t space = rm_find(rest, " ");
    Span verb = {rest.p, space < 0 ? rest.n : space};
    int64_t value;
    Span found[8];
    char cards[16];
    int count;
    RmPlayer *p = &b->pl[i];
    if (rm_eq(verb, (Span){"folds", 5})) {
        if (rm_act(b, i, 'f', 0)) {
            return RM_NOT_MINE;
        }
        if (rm_contains(rest, "[")) {
            int n = rm_brackets(rest, found, 8);
            if (n == 0 || n == 8 || rm_cards(found[n - 1], cards, &count, 8)) {
                return RM_NOT_MINE;
            }
            if (!p->has_hole) {
                p->has_hole = 1;
                p->nhole = count;
                memcpy(p->hole, cards, (size_t)(2 * count));
            }
        }
        return 0;
    }
    if (rm_eq(verb, (Span){"checks", 6})) {
        return rm_act(b, i, 'k', 0);
    }
    if (rm_eq(verb, (Span){"calls", 5}) || rm_eq(verb, (Span){"bets", 4})) {
        if (rm_first_amount(rest, &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_act(b, i, verb.n == 5 ? 'c' : 'b', value);
    }
    if (rm_eq(verb, (Span){"raises", 6})) {
        Py_ssize_t and = rm_find(rest, " and ");
        Span head = {rest.p, and < 0 ? rest.n : and};
        int any = 0;
        Py_ssize_t end;
        int64_t last = 0;
        while (head.n > 0) {
            Py_ssize_t k = 0;
            while (k < head.n && !rm_digit(head.p[k])) {
                k++;
            }
            if (k == head.n) {
                break;
            }
            if (rm_first_amount(head, &last, &end)) {
                return RM_NOT_MINE;
            }
            any = 1;
            head = rm_from(head, end);
        }
        return any ? rm_act(b, i, 't', last) : RM_NOT_MINE;
    }
    if (rm_eq(verb, (Span){"posts", 5})) {
        return rm_stars_post(b, i, rest);
    }
    if (rm_eq(verb, (Span){"antes", 5})) {
        if (rm_first_amount(rest, &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_post(b, i, 'a', value, 0);
    }
    if (rm_eq(verb, (Span){"shows", 5}) || rm_eq(verb, (Span){"mucks", 5})) {
        int n = rm_brackets(rest, found, 8);
        if (n && rm_cards(found[0], cards, &count, 8)) {
            return RM_NOT_MINE;
        }
        if (verb.p[0] == 's') {
            if (n) {
                p->has_shown = 1;
                p->nshown = count;
                memcpy(p->shown, cards, (size_t)(2 * count));
            }
        } else {
            p->mucked = 1;
            if (n && count && !p->has_hole) {
                p->has_hole = 1;
                p->nhole = count;
                memcpy(p->hole, cards, (size_t)(2 * count));
            }
        }
        return 0;
    }
    if (rm_eq(verb, (Span){"collected", 9})) {
        if (rm_first_amount(rest, &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_collect(b, p->name, value);
    }
    if ((rm_eq(verb, (Span){"wins", 4}) || rm_eq(verb, (Span){"ties", 4})) && !rm_contains(rest, "bounty")) {
        Py_ssize_t at = -1;
        for (Py_ssize_t k = rest.n - 1; k >= 0 && at < 0; k--) {
            at = rest.p[k] == '(' ? k + 1 : -1;
        }
        if (rm_first_amount(at < 0 ? rest : rm_from(rest, at), &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_collect(b, p->name, value);
    }
    if (rm_eq(verb, (Span){"cashed", 6})) {
        return 0;
    }
    if (rm_eq(verb, (Span){"brings", 6}) || rm_eq(verb, (Span){"discards", 8}) || rm_starts(rest, "stands pat")) {
        return RM_NOT_MINE; /* stud and draw: Python's */
    }
    for (int k = 0; rm_noise[k] != NULL; k++) {
        if (rm_starts(rest, rm_noise[k])) {
            return 0;
        }
    }
    return RM_NOT_MINE; /* "cannot read the action": Python's error */
}

/* The first word of a name (split at a space) without the colons after it: the key
 * of the readers' ``names``. */
static Span rm_first_word(Span s)
{
    Py_ssize_t k = rm_find(s, " ");
    Span w = {s.p, k < 0 ? s.n : k};
    while (w.n > 0 && w.p[w.n - 1] == ':') {
        w.n--;
    }
    return w;
}

/* stars._split_name: the player a line starts with, and the rest. */
static int rm_split_name(Rm *b, Span line, int colon, Span *rest)
{
    if (colon) {
        Py_ssize_t k = rm_find(line, ": ");
        if (k >= 0) {
            Span name = {line.p, k};
            Py_ssize_t sp = rm_find(name, " ");
            Span first = {name.p, sp < 0 ? name.n : sp};
            int i = rm_index(b, name);
            if (i >= 0 && rm_eq(first, rm_first_word(name))) {
                *rest = rm_from(line, k + 2);
                return i;
            }
        }
    }
    Span first = rm_first_word(line);
    int tried[RM_SEATS] = {0};
    for (;;) { /* the names with this first word, longest first (the earlier on a tie) */
        int best = -1;
        for (int i = 0; i < b->np; i++) {
            if (!tried[i] && rm_eq(rm_first_word(b->pl[i].name), first) &&
                (best < 0 || b->pl[i].name.n > b->pl[best].name.n)) {
                best = i;
            }
        }
        if (best < 0) {
            return -1;
        }
        tried[best] = 1;
        Span name = b->pl[best].name;
        if (rm_starts(line, "") && line.n >= name.n && memcmp(line.p, name.p, (size_t)name.n) == 0) {
            Span tail = rm_from(line, name.n);
            if (rm_starts(tail, ": ")) {
                *rest = rm_from(tail, 2);
                return best;
            }
            if (rm_starts(tail, " ")) {
                *rest = rm_from(tail, 1);
                return best;
            }
        }
    }
}

/* stars._SEAT: Seat (\d+): (.*?) \(([^()]*?\d[^()]*?)(?: in chips)?(?:, ([^()]*?) bounty)?\)(.*) */
static int rm_seat_line(Span line, int *seat, Span *name, Span *stack, Span *bounty, Span *tail)
{
    Py_ssize_t k = 5;
    int number = 0, digits = 0;
    while (k < line.n && rm_digit(line.p[k])) {
        if (++digits > 6) {
            return -1;
        }
        number = 10 * number + (line.p[k++] - '0');
    }
    if (!digits || k + 1 >= line.n || line.p[k] != ':' || line.p[k + 1] != ' ') {
        return 0;
    }
    Py_ssize_t start = k + 2;
    for (Py_ssize_t at = start; at + 1 < line.n; at++) {
        if (line.p[at] != ' ' || line.p[at + 1] != '(') {
            continue;
        }
        Py_ssize_t a = at + 2, z = a;
        while (z < line.n && line.p[z] != '(' && line.p[z] != ')') {
            z++;
        }
        if (z == line.n || line.p[z] != ')') {
            continue;
        }
        Span inside = {line.p + a, z - a};
        for (Py_ssize_t cut = 1; cut <= inside.n; cut++) {
            Span st = {inside.p, cut};
            int digit = 0;
            for (Py_ssize_t q = 0; q < cut; q++) {
                digit |= rm_digit(st.p[q]);
            }
            if (!digit) {
                continue;
            }
            Span r = rm_from(inside, cut);
            if (rm_starts(r, " in chips")) {
                r = rm_from(r, 9);
            }
            Span bo = {r.p, 0};
            if (r.n) {
                if (!rm_starts(r, ", ") || r.n < 9 || memcmp(r.p + r.n - 7, " bounty", 7)) {
                    continue;
                }
                bo.p = r.p + 2;
                bo.n = r.n - 9;
            }
            *seat = number;
            name->p = line.p + start;
            name->n = at - start;
            *stack = st;
            *bounty = bo;
            tail->p = line.p + z + 1;
            tail->n = line.n - z - 1;
            return bo.n || r.n ? 2 : 1;
        }
    }
    return 0;
}

/* stars._TABLE: Table:? '(.*)' (\d+)-max(?: \([^)]*\))?(?: (?:Seat #(\d+)|\(.*\)))? */
static int rm_table_line(Rm *b, Span line)
{
    Py_ssize_t k = rm_starts(line, "Table: '") ? 8 : rm_starts(line, "Table '") ? 7 : -1;
    if (k < 0) {
        return 0;
    }
    for (Py_ssize_t q = line.n - 1; q >= k; q--) { /* the last "' N-max" (greedy .*) */
        if (line.p[q] != '\'' || q + 1 >= line.n || line.p[q + 1] != ' ') {
            continue;
        }
        Py_ssize_t d = q + 2;
        int seats = rm_number_run(line, &d);
        if (seats == -2) {
            return RM_NOT_MINE;
        }
        if (seats < 0 || !rm_starts(rm_from(line, d), "-max")) {
            continue;
        }
        d += 4;
        Span table = {line.p + k, q - k};
        if (rm_set(b->meta, "table", rm_name(table)) < 0 ||
            rm_set(b->meta, "seat_count", PyLong_FromLong(seats)) < 0) {
            return -1;
        }
        Span after = rm_from(line, d);
        if (rm_starts(after, " (")) {
            Py_ssize_t close = rm_find(after, ")");
            if (close >= 0) {
                after = rm_from(after, close + 1);
            }
        }
        if (rm_starts(after, " Seat #")) {
            Py_ssize_t z = 7;
            int button = rm_number_run(after, &z);
            if (button == -2) {
                return RM_NOT_MINE;
            }
            if (button >= 0) {
                b->button = button;
            }
        }
        return 0;
    }
    return 0;
}

/* stars._summary */
static int rm_stars_summary(Rm *b, Span line, const int *by_seat)
{
    if (rm_starts(line, "Total pot")) {
        Py_ssize_t bar = rm_find(line, "|");
        while (bar >= 0) {
            Span part = rm_from(line, bar + 1);
            Py_ssize_t next = rm_find(part, "|");
            if (next >= 0) {
                part.n = next;
            }
            bar = next < 0 ? -1 : (part.p - line.p) + next;
            part = rm_strip(part);
            /* _FEE: ([A-Za-z][A-Za-z ]*?)\s*:?\s*([$€£]?\d[\d,]*(?:\.\d+)?\s*(?:[A-Z]{3}|[$€£])?)$ */
            if (!part.n || !rm_is_letter(part.p[0])) {
                continue;
            }
            Py_ssize_t k = 0;
            while (k < part.n && (rm_is_letter(part.p[k]) || part.p[k] == ' ')) {
                k++;
            }
            Span key = rm_strip((Span){part.p, k});
            while (k < part.n && rm_space(part.p[k])) {
                k++;
            }
            if (k < part.n && part.p[k] == ':') {
                k++;
            }
            while (k < part.n && rm_space(part.p[k])) {
                k++;
            }
            Py_ssize_t a = k;
            if (k < part.n && part.p[k] == '$') {
                k++;
            } else if (k + 1 < part.n && (unsigned char)part.p[k] == 0xc2 && (unsigned char)part.p[k + 1] == 0xa3) {
                k += 2;
            } else if (k + 2 < part.n && (unsigned char)part.p[k] == 0xe2 && (unsigned char)part.p[k + 1] == 0x82 &&
                       (unsigned char)part.p[k + 2] == 0xac) {
                k += 3;
            }
            if (k >= part.n || !rm_digit(part.p[k])) {
                continue;
            }
            while (k < part.n && (rm_digit(part.p[k]) || part.p[k] == ',')) {
                k++;
            }
            if (k + 1 < part.n && part.p[k] == '.' && rm_digit(part.p[k + 1])) {
                k++;
                while (k < part.n && rm_digit(part.p[k])) {
                    k++;
                }
            }
            while (k < part.n && rm_space(part.p[k])) {
                k++;
            }
            if (k + 3 == part.n && part.p[k] >= 'A' && part.p[k] <= 'Z' && part.p[k + 1] >= 'A' &&
                part.p[k + 1] <= 'Z' && part.p[k + 2] >= 'A' && part.p[k + 2] <= 'Z') {
                k += 3;
            } else if (k + 1 == part.n && part.p[k] == '$') {
                k += 1;
            } else if (k + 2 == part.n && (unsigned char)part.p[k] == 0xc2 && (unsigned char)part.p[k + 1] == 0xa3) {
                k += 2;
            } else if (k + 3 == part.n && (unsigned char)part.p[k] == 0xe2) {
                k += 3;
            }
            if (k != part.n) {
                continue;
            }
            int64_t value;
            if (rm_amount((Span){part.p + a, part.n - a}, &value)) {
                return RM_NOT_MINE;
            }
            if (!value) {
                continue;
            }
            const char *name = key.n == 4 && (key.p[0] | 32) == 'r' && (key.p[1] | 32) == 'a' &&
                                       (key.p[2] | 32) == 'k' && (key.p[3] | 32) == 'e' ? rm_fee_names[0]
                             : key.n == 7 && strncasecmp(key.p, "jackpot", 7) == 0 ? rm_fee_names[1]
                                                                                 : rm_fee_names[2];
            if (rm_fee(b, name, value)) {
                return RM_NOT_MINE;
            }
        }
        return 0;
    }
    if (!rm_starts(line, "Seat ")) {
        return 0;
    }
    Span after = rm_from(line, 5);
    Py_ssize_t colon = rm_find(after, ":");
    Span seat = {after.p, colon < 0 ? after.n : colon};
    int number = -1;
    if (seat.n > 0 && seat.n < 9) {
        number = 0;
        for (Py_ssize_t k = 0; k < seat.n; k++) {
            number = rm_digit(seat.p[k]) && number >= 0 ? 10 * number + (seat.p[k] - '0') : -1;
        }
    }
    int who = number >= 0 && number < 1000 ? by_seat[number] : -1;
    if (!b->ncollected) { /* WPN may write the winner only here: _WON */
        for (Py_ssize_t k = 0; k < line.n && who >= 0; k++) {
            Span at = rm_from(line, k);
            Py_ssize_t skip = rm_starts(at, "won ") ? 4 : rm_starts(at, "collected ") ? 10 : 0;
            if (!skip) {
                continue;
            }
            if (k > 0 && (unsigned char)line.p[k - 1] >= 0x80) {
                return RM_NOT_MINE; /* is it a word character (\b)? Python knows */
            }
            if (k > 0 && (rm_is_letter(line.p[k - 1]) || rm_digit(line.p[k - 1]) || line.p[k - 1] == '_')) {
                continue;
            }
            at = rm_from(at, skip);
            if (rm_starts(at, "(")) {
                at = rm_from(at, 1);
            }
            Py_ssize_t q = 0;
            if (rm_starts(at, "$")) {
                q = 1;
            } else if (rm_starts(at, "\xc2\xa3")) {
                q = 2;
            } else if (rm_starts(at, "\xe2\x82\xac")) {
                q = 3;
            }
            if (q >= at.n || !rm_digit(at.p[q])) {
                continue;
            }
            int64_t value;
            if (rm_first_amount(at, &value, NULL) || rm_collect(b, b->pl[who].name, value)) {
                return RM_NOT_MINE;
            }
            break;
        }
    }
    if (rm_contains(line, "[")) {
        if (who < 0) {
            return 0;
        }
        Span found[1];
        char cards[16];
        int count;
        if (rm_brackets(line, found, 1) == 0 || rm_cards(found[0], cards, &count, 8)) {
            return RM_NOT_MINE;
        }
        RmPlayer *p = &b->pl[who];
        if (rm_contains(line, "mucked")) {
            p->mucked = 1;
            if (count && !p->has_hole) {
                p->has_hole = 1;
                p->nhole = count;
                memcpy(p->hole, cards, (size_t)(2 * count));
            }
        } else if (rm_contains(line, "showed") || rm_contains(line, "shows")) {
            p->has_shown = 1;
            p->nshown = count;
            memcpy(p->shown, cards, (size_t)(2 * count));
        }
    }
    return 0;
}

/* stars.read_hand */
static int rm_stars(Rm *b, Span text, PyObject *game, int colon, int winamax)
{
    while (text.n && text.p[0] == '\n') {
        text = rm_from(text, 1);
    }
    while (text.n && text.p[text.n - 1] == '\n') {
        text.n--;
    }
    Py_ssize_t eol = rm_find(text, "\n");
    Span header = {text.p, eol < 0 ? text.n : eol};
    int status = winamax ? rm_winamax_header(b, header, game) : rm_stars_header(b, header, game);
    if (status) {
        return status;
    }
    const char *variant = PyUnicode_AsUTF8(b->variant);
    if (variant == NULL) {
        return -1;
    }
    if (strcmp(variant, "NT") && strcmp(variant, "PO") && strcmp(variant, "FT") && strcmp(variant, "FO/8")) {
        return RM_NOT_MINE; /* stud and draw: Python's */
    }
    int by_seat[1000];
    for (int k = 0; k < 1000; k++) {
        by_seat[k] = -1;
    }
    int seating = 1, summary = 0;
    Span body = eol < 0 ? rm_from(text, text.n) : rm_from(text, eol + 1);
    while (eol >= 0) {
        eol = rm_find(body, "\n");
        Span line = {body.p, eol < 0 ? body.n : eol};
        body = eol < 0 ? body : rm_from(body, eol + 1);
        line = rm_rstrip(line);
        if (!line.n) {
            continue;
        }
        if (summary) {
            if ((status = rm_stars_summary(b, line, by_seat))) {
                return status;
            }
            continue;
        }
        if (colon && !seating) {
            Py_ssize_t k = rm_find(line, ": ");
            if (k >= 0) {
                int i = rm_index(b, (Span){line.p, k});
                if (i >= 0) {
                    if ((status = rm_stars_action(b, i, rm_from(line, k + 2)))) {
                        return status;
                    }
                    continue;
                }
            }
        }
        if (rm_starts(line, "***")) {
            seating = 0;
            Span t = line;
            while (t.n && (t.p[0] == '*' || t.p[0] == ' ')) {
                t = rm_from(t, 1);
            }
            while (t.n && (t.p[t.n - 1] == '*' || t.p[t.n - 1] == ' ')) {
                t.n--;
            }
            Py_ssize_t sp = rm_find(t, " ");
            Span street = {t.p, sp < 0 ? t.n : sp};
            if (rm_eq(street, (Span){"FLOP", 4}) || rm_eq(street, (Span){"TURN", 4}) ||
                rm_eq(street, (Span){"RIVER", 5})) {
                Span found[8];
                char cards[16];
                int n = rm_brackets(line, found, 8), count;
                if (n == 0 || n == 8 || rm_cards(found[n - 1], cards, &count, 8) || rm_board(b, cards, 2 * count)) {
                    return RM_NOT_MINE;
                }
            } else if (rm_eq(street, (Span){"FIRST", 5}) || rm_eq(street, (Span){"SECOND", 6}) ||
                       rm_eq(street, (Span){"THIRD", 5})) {
                return RM_NOT_MINE; /* run more than once: Python's error */
            } else if (rm_eq(street, (Span){"SUMMARY", 7})) {
                summary = 1;
            }
            continue;
        }
        if (seating && rm_starts(line, "Seat ")) {
            int seat;
            Span name, stack, bounty, tail;
            int m = rm_seat_line(line, &seat, &name, &stack, &bounty, &tail);
            if (m < 0) {
                return RM_NOT_MINE;
            }
            if (m) {
                int64_t chips, worth = 0;
                if (rm_amount(stack, &chips) || (bounty.n && rm_amount(bounty, &worth))) {
                    return RM_NOT_MINE;
                }
                int out = rm_contains(tail, "sitting out") || rm_contains(tail, "out of hand");
                if (rm_seat(b, seat, name, chips, !out) || seat >= 1000) {
                    return RM_NOT_MINE;
                }
                int i = rm_index(b, name);
                by_seat[seat] = i;
                if (bounty.n) {
                    b->pl[i].bounty = worth;
                    b->pl[i].has_bounty = 1;
                    b->anybounty = 1;
                }
            }
            continue;
        }
        if (rm_starts(line, "Table ") || rm_starts(line, "Table:")) {
            if ((status = rm_table_line(b, line))) {
                return status;
            }
            continue;
        }
        if (rm_starts(line, "Dealt to ")) {
            Span found[4];
            int n = rm_brackets(line, found, 4);
            Span rest = rm_from(line, 9);
            Py_ssize_t k = rm_find(rest, " [");
            if (k >= 0) {
                rest.n = k;
            }
            rest = rm_strip(rest);
            if (rest.n && rest.p[rest.n - 1] == ':') {
                rest.n--;
            }
            int i = rm_index(b, rest);
            if (i >= 0) {
                b->pl[i].playing = 1;
                if (n == 1) {
                    int count;
                    char cards[16];
                    if (rm_cards(found[0], cards, &count, 8)) {
                        return RM_NOT_MINE;
                    }
                    b->pl[i].has_hole = 1;
                    b->pl[i].nhole = count;
                    memcpy(b->pl[i].hole, cards, (size_t)(2 * count));
                }
            }
            continue;
        }
        if (rm_starts(line, "Uncalled bet") || rm_starts(line, "Main pot") || rm_starts(line, "Side pot")) {
            continue;
        }
        if (rm_starts(line, "The button")) {
            if (rm_starts(line, "The button is in seat #")) {
                Py_ssize_t z = 23;
                int button = rm_number_run(line, &z);
                if (button == -2) {
                    return RM_NOT_MINE;
                }
                if (button >= 0) {
                    b->button = button;
                }
            }
            continue;
        }
        Span rest;
        int i = rm_split_name(b, line, colon, &rest);
        if (i >= 0) {
            seating = 0;
            if ((status = rm_stars_action(b, i, rest))) {
                return status;
            }
        } else if (rm_starts(line, "Hand was run")) {
            return RM_NOT_MINE;
        }
    }
    return summary ? 0 : RM_NOT_MINE;
}

/* ------------------------------------------------------------------ the entry */

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

static int rm_ipoker(Rm *b, Span text, PyObject *game);
static int rm_888(Rm *b, Span text, PyObject *game);
static int rm_party(Rm *b, Span text, PyObject *game);

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
    b->has_small = b->has_big = 0;
    b->runs = 1;
    b->button = -1;
    b->meta = PyDict_New();
    PyObject *result = NULL, *fields = NULL;
    int status = b->meta == NULL ? -1
               : kind == 2 ? rm_ipoker(b, text, game) : kind == 3 ? rm_888(b, text, game)
               : kind == 4 ? rm_party(b, text, game) : rm_stars(b, text, game, kind == 1, kind == 6);
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
    if (PyDateTimeAPI == NULL) {
        PyDateTime_IMPORT;
        if (PyDateTimeAPI == NULL) {
            return NULL;
        }
    }
    const char *name = PyUnicode_AsUTF8(room);
    if (name == NULL) {
        return NULL;
    }
    int kind = strcmp(name, "pokerstars") == 0 || strcmp(name, "ggpoker") == 0 ? 1
             : strcmp(name, "wpn") == 0 ? 0 : strcmp(name, "ipoker") == 0 ? 2
             : strcmp(name, "888") == 0 ? 3 : strcmp(name, "partypoker") == 0 ? 4
             : strcmp(name, "fulltilt") == 0 ? 5 : strcmp(name, "winamax") == 0 ? 6 : -1;
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


/* ------------------------------------------------------------------- iPoker */

#define XML_DEPTH 8
#define XML_ITEMS 512
#define XML_ATTRS 6

/* An element the iPoker reader looks at: its attributes (by the reader's names) and text. */
typedef struct {
    int kind; /* 'p' player, 'c' cards, 'a' action, 'r' a round's start */
    Span attr[XML_ATTRS];
    unsigned char has[XML_ATTRS];
    Span text;
} XmlItem;

/* The attributes read, per element kind. */
static const char *const xml_player_attrs[] = {"name", "seat", "chips", "dealer", "win", NULL};
static const char *const xml_cards_attrs[] = {"type", "player", NULL};
static const char *const xml_action_attrs[] = {"player", "type", "sum", "no", NULL};

typedef struct {
    Span general[4]; /* session/general: gametype, tournamentcode, tablecurrency, tablename */
    unsigned char has_general[4];
    Span game_gametype, startdate;
    unsigned char has_game_gametype, has_startdate;
    int games;
    int n;
    XmlItem item[XML_ITEMS];
} Xml;

/* A name's characters (no ':': a prefix needs a namespace, which expat checks). */
static int xml_name_char(char c)
{
    return rm_is_letter(c) || rm_digit(c) || c == '_' || c == '-' || c == '.';
}

static int xml_is(Span s, const char *name)
{
    return (size_t)s.n == strlen(name) && memcmp(s.p, name, (size_t)s.n) == 0;
}

/* Character data as expat takes it without entities: no '&', no "]]>", no control
 * characters but tab and line feed ('\r' was made '\n' when the file was read). */
static int xml_plain(Span s)
{
    for (Py_ssize_t k = 0; k < s.n; k++) {
        unsigned char c = (unsigned char)s.p[k];
        if (c == '&' || (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ||
            (c == ']' && k + 2 < s.n && s.p[k + 1] == ']' && s.p[k + 2] == '>')) {
            return 0;
        }
    }
    return 1;
}

/* Parse the subset of XML iPoker writes (elements, attributes, text; no entities,
 * comments, declarations or CDATA) and keep what ipoker.read_hand reads. 0, or
 * RM_NOT_MINE for anything else (a document ElementTree may refuse or read otherwise). */
static int xml_parse(Span text, Xml *x)
{
    Span stack[XML_DEPTH];
    int depth = 0, roots = 0;
    Py_ssize_t k = 0;
    x->n = x->games = 0;
    memset(x->has_general, 0, sizeof x->has_general);
    x->has_game_gametype = x->has_startdate = 0;
    while (k < text.n) {
        if (text.p[k] != '<') {
            Py_ssize_t a = k;
            while (k < text.n && text.p[k] != '<') {
                k++;
            }
            Span data = {text.p + a, k - a};
            if (!xml_plain(data)) {
                return RM_NOT_MINE;
            }
            if (depth == 0) { /* only white space outside the root */
                for (Py_ssize_t q = 0; q < data.n; q++) {
                    if (!rm_space(data.p[q]) || data.p[q] == '\x0b' || data.p[q] == '\x0c' ||
                        (data.p[q] >= 0x1c && data.p[q] <= 0x1f)) {
                        return RM_NOT_MINE;
                    }
                }
            }
            continue;
        }
        k++;
        if (k >= text.n || text.p[k] == '!' || text.p[k] == '?') {
            return RM_NOT_MINE;
        }
        int closing = text.p[k] == '/';
        k += closing;
        Py_ssize_t a = k;
        while (k < text.n && xml_name_char(text.p[k])) {
            k++;
        }
        Span name = {text.p + a, k - a};
        if (!name.n || rm_digit(name.p[0]) || name.p[0] == '-' || name.p[0] == '.') {
            return RM_NOT_MINE;
        }
        if (closing) {
            while (k < text.n && (text.p[k] == ' ' || text.p[k] == '\t' || text.p[k] == '\n')) {
                k++;
            }
            if (k >= text.n || text.p[k] != '>' || depth == 0 || !rm_eq(stack[depth - 1], name)) {
                return RM_NOT_MINE;
            }
            k++;
            depth--;
            continue;
        }
        /* which element: by its path from the root */
        int kind = 0; /* 'p', 'c', 'a', 'r', 'g' (a general/... text), 0 */
        int which = -1;
        if (depth == 0) {
            if (roots++ || !xml_is(name, "session")) {
                return RM_NOT_MINE;
            }
        } else if (depth == 1 && xml_is(name, "game")) {
            x->games++;
        } else if (depth == 2 && xml_is(stack[1], "general")) {
            static const char *const keys[4] = {"gametype", "tournamentcode", "tablecurrency", "tablename"};
            for (int q = 0; q < 4; q++) {
                which = xml_is(name, keys[q]) && !x->has_general[q] ? q : which;
            }
            kind = which >= 0 ? 'g' : 0;
        } else if (depth == 2 && xml_is(stack[1], "game") && xml_is(name, "round")) {
            kind = 'r';
        } else if (depth == 3 && xml_is(stack[1], "game") && xml_is(stack[2], "general")) {
            if (xml_is(name, "gametype") && !x->has_game_gametype) {
                kind = 'g';
                which = 4;
            } else if (xml_is(name, "startdate") && !x->has_startdate) {
                kind = 'g';
                which = 5;
            }
        } else if (depth == 3 && xml_is(stack[1], "game") && xml_is(stack[2], "round")) {
            kind = xml_is(name, "cards") ? 'c' : xml_is(name, "action") ? 'a' : 0;
        } else if (depth == 4 && xml_is(stack[1], "game") && xml_is(stack[2], "general") &&
                   xml_is(stack[3], "players") && xml_is(name, "player")) {
            kind = 'p';
        }
        if (x->games > 1) {
            return RM_NOT_MINE;
        }
        XmlItem *item = NULL;
        const char *const *names = kind == 'p' ? xml_player_attrs : kind == 'c' ? xml_cards_attrs
                                 : kind == 'a' ? xml_action_attrs : NULL;
        if (kind == 'p' || kind == 'c' || kind == 'a' || kind == 'r') {
            if (x->n == XML_ITEMS) {
                return RM_NOT_MINE;
            }
            item = &x->item[x->n++];
            item->kind = kind;
            memset(item->has, 0, sizeof item->has);
            item->text.p = text.p;
            item->text.n = 0;
        }
        Span seen[32];
        int nseen = 0;
        for (;;) { /* attributes */
            int blank = 0;
            while (k < text.n && (text.p[k] == ' ' || text.p[k] == '\t' || text.p[k] == '\n')) {
                k++;
                blank = 1;
            }
            if (k >= text.n) {
                return RM_NOT_MINE;
            }
            if (text.p[k] == '>' || (text.p[k] == '/' && k + 1 < text.n && text.p[k + 1] == '>')) {
                break;
            }
            if (!blank) {
                return RM_NOT_MINE;
            }
            Py_ssize_t b0 = k;
            while (k < text.n && xml_name_char(text.p[k])) {
                k++;
            }
            Span attr = {text.p + b0, k - b0};
            if (!attr.n || rm_digit(attr.p[0]) || nseen == 32) {
                return RM_NOT_MINE;
            }
            for (int q = 0; q < nseen; q++) {
                if (rm_eq(seen[q], attr)) {
                    return RM_NOT_MINE; /* a duplicate attribute: ElementTree refuses it */
                }
            }
            seen[nseen++] = attr;
            while (k < text.n && (text.p[k] == ' ' || text.p[k] == '\t' || text.p[k] == '\n')) {
                k++;
            }
            if (k >= text.n || text.p[k] != '=') {
                return RM_NOT_MINE;
            }
            k++;
            while (k < text.n && (text.p[k] == ' ' || text.p[k] == '\t' || text.p[k] == '\n')) {
                k++;
            }
            if (k >= text.n || (text.p[k] != '"' && text.p[k] != '\'')) {
                return RM_NOT_MINE;
            }
            char quote = text.p[k++];
            Py_ssize_t v0 = k;
            while (k < text.n && text.p[k] != quote) {
                if (text.p[k] == '<' || text.p[k] == '\t' || text.p[k] == '\n') {
                    return RM_NOT_MINE; /* (white space in a value is normalised) */
                }
                k++;
            }
            if (k >= text.n) {
                return RM_NOT_MINE;
            }
            Span value = {text.p + v0, k - v0};
            k++;
            if (!xml_plain(value)) {
                return RM_NOT_MINE;
            }
            for (int q = 0; names != NULL && names[q] != NULL; q++) {
                if (xml_is(attr, names[q])) {
                    item->attr[q] = value;
                    item->has[q] = 1;
                }
            }
        }
        int empty = text.p[k] == '/';
        k += empty ? 2 : 1;
        Span body = {text.p + k, 0};
        while (body.p + body.n < text.p + text.n && body.p[body.n] != '<') {
            body.n++;
        }
        if (empty) {
            body.n = 0;
        }
        if (kind == 'g') {
            Span *slot = which < 4 ? &x->general[which] : which == 4 ? &x->game_gametype : &x->startdate;
            unsigned char *has = which < 4 ? &x->has_general[which] : which == 4 ? &x->has_game_gametype
                                                                               : &x->has_startdate;
            *slot = body;
            *has = 1;
        } else if (item != NULL) {
            item->text = body;
        }
        if (!empty) {
            if (depth == XML_DEPTH) {
                return RM_NOT_MINE;
            }
            stack[depth++] = name;
        } else if (depth == 0) {
            return RM_NOT_MINE;
        }
    }
    return depth == 0 && roots == 1 && x->games == 1 ? 0 : RM_NOT_MINE;
}

/* int() of plain digits (nothing else: signs, blanks, other digits are Python's). */
static int xml_int(Span s, int64_t *out)
{
    int64_t v = 0;
    if (!s.n || s.n > 12) {
        return RM_NOT_MINE;
    }
    for (Py_ssize_t k = 0; k < s.n; k++) {
        if (!rm_digit(s.p[k])) {
            return RM_NOT_MINE;
        }
        v = 10 * v + (s.p[k] - '0');
    }
    *out = v;
    return 0;
}

/* ipoker._amount: the amount of a text with a digit, else 0. */
static int xml_amount(Span s, int has, int64_t *out)
{
    *out = 0;
    for (Py_ssize_t k = 0; has && k < s.n; k++) {
        if (rm_digit(s.p[k])) {
            return rm_amount(s, out);
        }
    }
    return 0;
}

/* ipoker._card of each word of a text into out; 0, or RM_NOT_MINE. */
static int xml_cards(Span s, char *out, int *count)
{
    int n = 0;
    Py_ssize_t k = 0;
    while (k < s.n) {
        while (k < s.n && rm_space(s.p[k])) {
            k++;
        }
        if (k == s.n) {
            break;
        }
        Py_ssize_t a = k;
        while (k < s.n && !rm_space(s.p[k])) {
            k++;
        }
        Span w = {s.p + a, k - a};
        if (n == 8) {
            return RM_NOT_MINE;
        }
        if (w.n == 1 && w.p[0] == 'X') {
            out[2 * n] = out[2 * n + 1] = '?';
        } else {
            char suit = w.p[0] >= 'A' && w.p[0] <= 'Z' ? (char)(w.p[0] + 32) : w.p[0];
            char rank = w.n == 2 ? w.p[1] : w.n == 3 && w.p[1] == '1' && w.p[2] == '0' ? 'T' : 0;
            if (!rank || !strchr("cdhs", suit) || !strchr("23456789TJQKA", rank) || !suit) {
                return RM_NOT_MINE;
            }
            out[2 * n] = rank;
            out[2 * n + 1] = suit;
        }
        n++;
    }
    *count = n;
    return 0;
}

/* The iPoker game type helper's answer: (variant, small, big, currency_of(game type)). */
static int rm_ipoker(Rm *b, Span text, PyObject *game)
{
    Xml *x = PyMem_Malloc(sizeof(Xml));
    if (x == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int status = xml_parse(text, x);
    if (status) {
        PyMem_Free(x);
        return status;
    }
    Py_ssize_t at = rm_find(text, "gamecode=\"");
    if (at >= 0) {
        Span rest = rm_from(text, at + 10);
        Py_ssize_t close = rm_find(rest, "\"");
        if (close >= 0) {
            b->hand.p = rest.p;
            b->hand.n = close;
            b->has_hand = 1;
        }
    }
    /* the game: the session's game type, else the game's (a text that is empty is none) */
    Span gametype = x->has_general[0] && x->general[0].n ? x->general[0]
                  : x->has_game_gametype ? x->game_gametype : (Span){text.p, 0};
    PyObject *typed = rm_name(gametype), *found = NULL;
    if (typed == NULL) {
        goto error;
    }
    found = PyObject_CallFunction(game, "sO", "ipoker", typed);
    Py_DECREF(typed);
    if (found == NULL) {
        goto error;
    }
    if (found == Py_None) {
        status = RM_NOT_MINE;
        goto done;
    }
    PyObject *variant, *small, *big, *currency;
    if (!PyArg_ParseTuple(found, "UOOO", &variant, &small, &big, &currency)) {
        goto error;
    }
    b->variant = Py_NewRef(variant);
    if (small != Py_None) {
        b->small = PyLong_AsLongLong(small);
        b->big = PyLong_AsLongLong(big);
        b->has_small = b->has_big = 1;
    }
    if (x->has_general[1] && x->general[1].n) {
        if (rm_set(b->meta, "_tournament", rm_name(x->general[1])) < 0) {
            goto error;
        }
    } else if (x->has_general[2] && x->general[2].n) {
        if (rm_set(b->meta, "currency", rm_name(x->general[2])) < 0) {
            goto error;
        }
    } else if (currency != Py_None && PyDict_SetItemString(b->meta, "currency", currency) < 0) {
        goto error;
    }
    if (x->has_general[3] && x->general[3].n) {
        Span table = x->general[3];
        Py_ssize_t comma = rm_find(table, ",");
        if (comma >= 0) {
            table.n = comma;
        }
        if (rm_set(b->meta, "table", rm_name(rm_strip(table))) < 0) {
            goto error;
        }
    }
    if (x->has_startdate && x->startdate.n) {
        Span start = rm_strip(x->startdate);
        if (start.n > 19) {
            start.n = 19;
        }
        const char *p = start.p;
        int shape = start.n == 19 && p[4] == '-' && p[7] == '-' && p[10] == ' ' && p[13] == ':' &&
                    p[16] == ':';
        for (int q = 0; q < 19 && shape; q++) {
            shape = q == 4 || q == 7 || q == 10 || q == 13 || q == 16 || rm_digit(p[q]);
        }
        if (!shape && start.n) {
            status = RM_NOT_MINE; /* strptime's other shapes: Python's */
            goto done;
        }
#define D2(i) ((p[i] - '0') * 10 + (p[i + 1] - '0'))
        if (shape && rm_clock(b, D2(0) * 100 + D2(2), D2(5), D2(8), D2(11), D2(14), D2(17),
                              (Span){p, 0}) < 0) {
            goto error;
        }
#undef D2
    }
    for (int q = 0; q < x->n; q++) { /* the players */
        XmlItem *it = &x->item[q];
        if (it->kind != 'p') {
            continue;
        }
        int64_t seat = 0, chips, win;
        Span name = it->has[0] ? it->attr[0] : (Span){text.p, 0};
        if ((it->has[1] && xml_int(it->attr[1], &seat)) || seat >= 1000000 ||
            xml_amount(it->attr[2], it->has[2], &chips) || xml_amount(it->attr[4], it->has[4], &win) ||
            rm_seat(b, (int)seat, name, chips, 1)) {
            status = RM_NOT_MINE;
            goto done;
        }
        if (it->has[3] && xml_is(it->attr[3], "1")) {
            b->button = (int)seat;
        }
        if (win && rm_collect(b, name, win)) {
            status = RM_NOT_MINE;
            goto done;
        }
    }
    for (int q = 0; q < x->n; q++) { /* each round: its cards, then its actions by number */
        if (x->item[q].kind != 'r') {
            continue;
        }
        int end = q + 1;
        while (end < x->n && x->item[end].kind != 'r') {
            end++;
        }
        int order[XML_ITEMS], count = 0;
        int64_t numbers[XML_ITEMS];
        for (int r = q + 1; r < end; r++) {
            XmlItem *it = &x->item[r];
            if (it->kind == 'c') {
                char cards[16];
                int n;
                if (xml_cards(it->text, cards, &n)) {
                    status = RM_NOT_MINE;
                    goto done;
                }
                Span kind = it->has[0] ? it->attr[0] : (Span){text.p, 0};
                if (xml_is(kind, "Pocket")) {
                    int i = rm_index(b, it->has[1] ? it->attr[1] : (Span){text.p, 0});
                    if (i >= 0) {
                        b->pl[i].playing = 1;
                        b->pl[i].has_hole = 1;
                        b->pl[i].nhole = n;
                        memcpy(b->pl[i].hole, cards, (size_t)(2 * n));
                    }
                } else if ((xml_is(kind, "Flop") || xml_is(kind, "Turn") || xml_is(kind, "River")) &&
                           rm_board(b, cards, 2 * n)) {
                    status = RM_NOT_MINE;
                    goto done;
                }
            } else if (it->kind == 'a') {
                int64_t no = 0;
                if (it->has[3] && it->attr[3].n && xml_int(it->attr[3], &no)) {
                    status = RM_NOT_MINE;
                    goto done;
                }
                int z = count++; /* a stable insertion by number */
                while (z > 0 && numbers[z - 1] > no) {
                    order[z] = order[z - 1];
                    numbers[z] = numbers[z - 1];
                    z--;
                }
                order[z] = r;
                numbers[z] = no;
            }
        }
        for (int z = 0; z < count; z++) {
            XmlItem *it = &x->item[order[z]];
            int i = rm_index(b, it->has[0] ? it->attr[0] : (Span){text.p, 0});
            Span type = it->has[1] ? it->attr[1] : (Span){NULL, -1};
            int64_t value;
            if (xml_amount(it->attr[2], it->has[2], &value) || (i < 0 && type.n >= 0 && (
                    xml_is(type, "0") || xml_is(type, "1") || xml_is(type, "2") ||
                    xml_is(type, "15") || xml_is(type, "3") || xml_is(type, "4") ||
                    xml_is(type, "5") || xml_is(type, "23") || xml_is(type, "7")))) {
                status = RM_NOT_MINE;
                goto done;
            }
            if (type.n < 0) {
                continue;
            }
            int failed = xml_is(type, "0") ? rm_act(b, i, 'f', 0)
                       : xml_is(type, "1") || xml_is(type, "2") ? rm_post(b, i, 'b', value, 0)
                       : xml_is(type, "15") ? rm_post(b, i, 'a', value, 0)
                       : xml_is(type, "3") ? rm_act(b, i, 'c', value)
                       : xml_is(type, "4") ? rm_act(b, i, 'k', 0)
                       : xml_is(type, "5") ? rm_act(b, i, 'b', value)
                       : xml_is(type, "23") ? rm_act(b, i, 't', value)
                       : xml_is(type, "7") ? rm_act(b, i, 'p', value) : 0;
            if (failed) {
                status = RM_NOT_MINE;
                goto done;
            }
        }
        q = end - 1;
    }
    for (int i = 0; i < b->np; i++) { /* hole cards all known: shown */
        RmPlayer *p = &b->pl[i];
        int known = p->has_hole;
        for (int c = 0; c < p->nhole && known; c++) {
            known = p->hole[2 * c] != '?';
        }
        if (known) {
            p->has_shown = 1;
            p->nshown = p->nhole;
            memcpy(p->shown, p->hole, (size_t)(2 * p->nhole));
        }
    }
    status = 0;
done:
    Py_XDECREF(found);
    PyMem_Free(x);
    return status;
error:
    Py_XDECREF(found);
    PyMem_Free(x);
    return -1;
}

/* ------------------------------------------------- 888poker and PartyPoker */

/* brackets.cards_in: the cards ((?:10|[2-9TJQKA])[cdhs], "10" as "T") of a line's first
 * [...]; none when it has none. RM_NOT_MINE past ``most``. */
static int rm_cards_in(Span s, char *out, int *count, int most)
{
    Span found[1];
    *count = 0;
    if (!rm_brackets(s, found, 1)) {
        return 0;
    }
    Span in = found[0];
    int n = 0;
    for (Py_ssize_t k = 0; k < in.n;) {
        char rank = 0;
        Py_ssize_t next = k;
        if (in.p[k] == '1' && k + 2 < in.n && in.p[k + 1] == '0' && strchr("cdhs", in.p[k + 2]) && in.p[k + 2]) {
            rank = 'T';
            next = k + 2;
        } else if (in.p[k] && strchr("23456789TJQKA", in.p[k]) && k + 1 < in.n && in.p[k + 1] &&
                   strchr("cdhs", in.p[k + 1])) {
            rank = in.p[k];
            next = k + 1;
        }
        if (!rank) {
            k++;
            continue;
        }
        if (n == most) {
            return RM_NOT_MINE;
        }
        out[2 * n] = rank;
        out[2 * n + 1] = in.p[next];
        n++;
        k = next + 1;
    }
    *count = n;
    return 0;
}

/* brackets.bracket_amount: the amount of a line's first [...]. */
static int rm_bracket_amount(Span s, int64_t *out)
{
    Span found[1];
    return rm_brackets(s, found, 1) ? rm_amount(found[0], out) : RM_NOT_MINE;
}

/* brackets.take_seat's _SEAT: Seat (\d+): (.*) \( ?([^()]*?\d[^()]*?) ?\)(.*)$ */
static int rm_bracket_seat(Span line, int *seat, Span *name, Span *stack)
{
    Py_ssize_t k = 5;
    int number = 0, digits = 0;
    while (k < line.n && rm_digit(line.p[k])) {
        if (++digits > 6) {
            return -1;
        }
        number = 10 * number + (line.p[k++] - '0');
    }
    if (!digits || k + 1 >= line.n || line.p[k] != ':' || line.p[k + 1] != ' ') {
        return 0;
    }
    Py_ssize_t start = k + 2;
    for (Py_ssize_t at = line.n - 2; at >= start; at--) { /* the name is greedy: the last " (" */
        if (line.p[at] != ' ' || line.p[at + 1] != '(') {
            continue;
        }
        Py_ssize_t a = at + 2, z = a;
        while (z < line.n && line.p[z] != '(' && line.p[z] != ')') {
            z++;
        }
        if (z == line.n || line.p[z] != ')') {
            continue;
        }
        Span in = {line.p + a, z - a};
        if (in.n && in.p[0] == ' ') {
            in = rm_from(in, 1);
        }
        Span st = in;
        if (st.n && st.p[st.n - 1] == ' ') {
            st.n--;
        }
        int digit = 0;
        for (Py_ssize_t q = 0; q < st.n; q++) {
            digit |= rm_digit(st.p[q]);
        }
        if (!digit) {
            continue;
        }
        *seat = number;
        name->p = line.p + start;
        name->n = at - start;
        *stack = st;
        return 1;
    }
    return 0;
}

/* brackets.take_seat: the button's seat, or a player seated with their stack. */
static int rm_take_seat(Rm *b, Span line)
{
    if (rm_starts(line, "Seat ")) {
        Py_ssize_t k = 5;
        int button = rm_digits(line, &k, 1, 6);
        if (button >= 0 && rm_starts(rm_from(line, k), " is the button")) {
            b->button = button;
            return 0;
        }
        if (button >= 0 && k < line.n && rm_digit(line.p[k])) {
            return RM_NOT_MINE; /* more digits than read here */
        }
    }
    int seat;
    Span name, stack;
    int found = rm_bracket_seat(line, &seat, &name, &stack);
    if (found <= 0) {
        return found < 0 ? RM_NOT_MINE : 0;
    }
    int64_t chips;
    if (rm_amount(stack, &chips)) {
        return RM_NOT_MINE;
    }
    return rm_seat(b, seat, name, chips, 1);
}

/* brackets.name_and_rest: the seated name (longest first among those of the line's first
 * word, the earlier seated on a tie) a line starts with, followed by a space. */
static int rm_name_and_rest(Rm *b, Span line, Span *rest)
{
    Py_ssize_t sp = rm_find(line, " ");
    Span first = {line.p, sp < 0 ? line.n : sp};
    int tried[RM_SEATS] = {0};
    for (;;) {
        int best = -1;
        for (int i = 0; i < b->np; i++) {
            Span name = b->pl[i].name;
            Py_ssize_t q = rm_find(name, " ");
            Span word = {name.p, q < 0 ? name.n : q};
            if (!tried[i] && rm_eq(word, first) && (best < 0 || name.n > b->pl[best].name.n)) {
                best = i;
            }
        }
        if (best < 0) {
            return -1;
        }
        tried[best] = 1;
        Span name = b->pl[best].name;
        if (line.n > name.n && memcmp(line.p, name.p, (size_t)name.n) == 0 && line.p[name.n] == ' ') {
            *rest = rm_from(line, name.n + 1);
            return best;
        }
    }
}

/* brackets.act: 0 done, 2 not a betting line, RM_NOT_MINE. */
static int rm_bracket_act(Rm *b, int i, Span rest)
{
    Py_ssize_t space = rm_find(rest, " ");
    Span verb = {rest.p, space < 0 ? rest.n : space};
    int64_t value;
    if (rm_eq(verb, (Span){"folds", 5})) {
        return rm_act(b, i, 'f', 0);
    }
    if (rm_eq(verb, (Span){"checks", 6})) {
        return rm_act(b, i, 'k', 0);
    }
    if (rm_eq(verb, (Span){"calls", 5})) {
        return rm_bracket_amount(rest, &value) ? RM_NOT_MINE : rm_act(b, i, 'c', value);
    }
    if (rm_eq(verb, (Span){"bets", 4}) || rm_eq(verb, (Span){"raises", 6}) ||
        rm_starts(rest, "is all-In") || rm_starts(rest, "is all-in")) {
        return rm_bracket_amount(rest, &value) ? RM_NOT_MINE : rm_act(b, i, 'p', value);
    }
    if (!rm_eq(verb, (Span){"posts", 5})) {
        return 2;
    }
    Py_ssize_t open = rm_find(rest, "[");
    Span inside = open < 0 ? rm_from(rest, rest.n) : rm_from(rest, open + 1);
    if (rm_contains(inside, "+")) { /* 888: "[$0.01 + $0.02]", dead + live */
        Py_ssize_t close = rm_find(inside, "]");
        if (close >= 0) {
            inside.n = close;
        }
        Py_ssize_t plus = rm_find(inside, "+");
        int64_t dead, live;
        if (plus < 0 || rm_amount((Span){inside.p, plus}, &dead) || rm_amount(rm_from(inside, plus + 1), &live)) {
            return RM_NOT_MINE;
        }
        return rm_post(b, i, 'b', live, dead);
    }
    if (rm_bracket_amount(rest, &value)) {
        return RM_NOT_MINE;
    }
    if (rm_contains(rest, "ante") || (rm_contains(rest, "dead") && !rm_contains(rest, "big blind"))) {
        return rm_post(b, i, 'a', value, 0);
    }
    if (rm_contains(rest, "small & big") || rm_contains(rest, "small and big") || rm_contains(rest, "+ dead")) {
        int64_t live = b->has_big && b->big < value ? b->big : value;
        return rm_post(b, i, 'b', live, value - live);
    }
    return rm_post(b, i, 'b', value, 0);
}

/* money.currency_of: the first currency sign of a text, else its first currency code. */
static int rm_currency(Rm *b, Span s)
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
            if (xml_is(word, codes[c])) {
                return rm_set(b->meta, "currency", PyUnicode_FromString(codes[c]));
            }
        }
    }
    return 0;
}

/* The variant of a game's name through the Python reader's games.variant_of (cached
 * there): 0, RM_NOT_MINE for a game it refuses, -1. */
static int rm_variant(Rm *b, PyObject *game, const char *room, Span name)
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

/* The lines of a hand (text.strip("\n").split("\n")) one by one. */
typedef struct {
    Span rest;
    int done;
} RmLines;

static RmLines rm_lines(Span text)
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

static int rm_next_line(RmLines *lines, Span *line)
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

static int rm_word_is(Span w, const char *lower)
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

/* A "** Dealing flop ** [ .. ]" line (its second word flop, turn or river). */
static int rm_street_word(Span line)
{
    Span rest = rm_from(line, 3);
    Py_ssize_t a = rm_find(rest, " ");
    if (a < 0) {
        return 0;
    }
    Span second = rm_from(rest, a + 1);
    Py_ssize_t z = rm_find(second, " ");
    if (z >= 0) {
        second.n = z;
    }
    return rm_word_is(second, "flop") || rm_word_is(second, "turn") || rm_word_is(second, "river");
}

/* pacific._GAME: ^(\S+)/(\S+) Blinds (.*?) - \*\*\* (\d{2}) (\d{2}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2}) */
static int rm_888_game(Span line, Span *small, Span *big, Span *game, int *when)
{
    Py_ssize_t sp = 0;
    while (sp < line.n && !rm_space(line.p[sp])) {
        sp++;
    }
    Span token = {line.p, sp};
    Py_ssize_t slash = -1;
    for (Py_ssize_t k = token.n - 1; k > 0 && slash < 0; k--) {
        slash = token.p[k] == '/' && k + 1 < token.n ? k : -1;
    }
    if (slash < 0 || !rm_starts(rm_from(line, sp), " Blinds ")) {
        return 0;
    }
    *small = (Span){token.p, slash};
    *big = rm_from(token, slash + 1);
    Span after = rm_from(line, sp + 8);
    for (Py_ssize_t at = 0; at + 7 <= after.n; at++) {
        if (memcmp(after.p + at, " - *** ", 7)) {
            continue;
        }
        Span date = rm_from(after, at + 7);
        Py_ssize_t k = 0;
        int d = rm_digits(date, &k, 2, 2), mo = -1, y = -1, h = -1, mi = -1, s = -1;
        if (d >= 0 && k < date.n && date.p[k++] == ' ' && (mo = rm_digits(date, &k, 2, 2)) >= 0 &&
            k < date.n && date.p[k++] == ' ' && (y = rm_digits(date, &k, 4, 4)) >= 0 &&
            k < date.n && date.p[k++] == ' ' && (h = rm_digits(date, &k, 1, 2)) >= 0 &&
            k < date.n && date.p[k++] == ':' && (mi = rm_digits(date, &k, 2, 2)) >= 0 &&
            k < date.n && date.p[k++] == ':' && (s = rm_digits(date, &k, 2, 2)) >= 0) {
            *game = (Span){after.p, at};
            when[0] = y, when[1] = mo, when[2] = d, when[3] = h, when[4] = mi, when[5] = s;
            return 1;
        }
    }
    return 0;
}

/* pacific._TABLE: ^(?:Tournament #(\d+) .*?- )?Table #?(.*?) (\d+) Max */
static int rm_888_table(Span line, Span *tournament, Span *table, int *seats)
{
    tournament->n = -1;
    Span at = line;
    if (rm_starts(line, "Tournament #")) {
        Py_ssize_t k = 12, a = 12;
        while (k < line.n && rm_digit(line.p[k])) {
            k++;
        }
        if (k > a && k < line.n && line.p[k] == ' ') {
            for (Py_ssize_t q = k + 1; q + 2 <= line.n; q++) {
                if (line.p[q] == '-' && line.p[q + 1] == ' ') {
                    Span tail = rm_from(line, q + 2);
                    int found = rm_888_table(tail, tournament, table, seats);
                    if (found < 0) {
                        return -1;
                    }
                    if (found && tournament->n < 0) {
                        *tournament = (Span){line.p + a, k - a};
                        return 1;
                    }
                }
            }
        }
    }
    if (!rm_starts(at, "Table ")) {
        return 0;
    }
    Span name = rm_from(at, 6);
    if (rm_starts(name, "#")) {
        name = rm_from(name, 1);
    }
    for (Py_ssize_t q = 0; q < name.n; q++) { /* lazy: the first " N Max" */
        if (name.p[q] != ' ') {
            continue;
        }
        Py_ssize_t k = q + 1;
        int n = rm_number_run(name, &k);
        if (n == -2) {
            return -1;
        }
        if (n >= 0 && rm_starts(rm_from(name, k), " Max")) {
            *table = (Span){name.p, q};
            *seats = n;
            return 1;
        }
    }
    return 0;
}

/* pacific.read_hand */
static int rm_888(Rm *b, Span text, PyObject *game)
{
    /* the hand's number: Game (?:No : )?(\d+) in the first 200 characters */
    Span head = {text.p, text.n < 200 ? text.n : 200};
    for (Py_ssize_t k = 0; k < head.n; k++) {
        if ((unsigned char)head.p[k] >= 0x80) {
            return RM_NOT_MINE;
        }
    }
    for (Py_ssize_t k = 0; k + 5 < head.n && !b->has_hand; k++) {
        if (memcmp(head.p + k, "Game ", 5)) {
            continue;
        }
        Py_ssize_t a = k + 5;
        if (rm_starts(rm_from(head, a), "No : ") && a + 5 < head.n && rm_digit(head.p[a + 5])) {
            a += 5;
        }
        Py_ssize_t z = a;
        while (z < head.n && rm_digit(head.p[z])) {
            z++;
        }
        if (z > a) {
            b->hand = (Span){head.p + a, z - a};
            b->has_hand = 1;
        }
    }
    RmLines lines = rm_lines(text);
    Span line, game_line = {NULL, 0};
    rm_next_line(&lines, &line);
    RmLines body = lines;
    for (int k = 0; k < 3 && rm_next_line(&lines, &line); k++) {
        if (rm_contains(line, " Blinds ")) {
            game_line = line;
            break;
        }
    }
    Span small, big, name;
    int when[6];
    if (game_line.p == NULL || !rm_888_game(game_line, &small, &big, &name, when) ||
        rm_strip(game_line).n != game_line.n) {
        return RM_NOT_MINE;
    }
    int status = rm_variant(b, game, "888", name);
    if (status) {
        return status;
    }
    int64_t blind;
    if (rm_amount(small, &b->small) || rm_amount(big, &blind)) {
        return RM_NOT_MINE;
    }
    b->big = blind;
    b->has_small = b->has_big = 1;
    status = rm_clock(b, when[0], when[1], when[2], when[3], when[4], when[5], (Span){text.p, 0});
    if (status < 0 || !PyDict_GET_SIZE(b->meta)) {
        return status < 0 ? -1 : RM_NOT_MINE; /* a date that does not exist: Python's error */
    }
    const char *variant = PyUnicode_AsUTF8(b->variant);
    if (variant == NULL) {
        return -1;
    }
    int fixed = strcmp(variant, "FT") == 0 || strcmp(variant, "FO/8") == 0;
    int tournament = 0, summary = 0, dealt = 0, boards = 0, has_big_bet = 0;
    int64_t big_bet = 0;
    while (rm_next_line(&body, &line)) {
        int same = line.p == game_line.p;
        line = rm_strip(line);
        if (!line.n || same) {
            continue;
        }
        if (rm_starts(line, "Seat ")) {
            if ((status = rm_take_seat(b, line))) {
                return status;
            }
            continue;
        }
        if (rm_starts(line, "Table ") || rm_starts(line, "Tournament #")) {
            Span t, table;
            int seats;
            int found = rm_888_table(line, &t, &table, &seats);
            if (found < 0) {
                return RM_NOT_MINE;
            }
            if (found) {
                tournament = t.n >= 0;
                if ((tournament && rm_set(b->meta, "_tournament", rm_name(t)) < 0) ||
                    rm_set(b->meta, "table", rm_name(table)) < 0 ||
                    rm_set(b->meta, "seat_count", PyLong_FromLong(seats)) < 0) {
                    return -1;
                }
            }
            continue;
        }
        if (rm_starts(line, "** ")) {
            if (rm_street_word(line)) {
                char cards[16];
                int count;
                if (rm_cards_in(line, cards, &count, 8) || rm_board(b, cards, 2 * count)) {
                    return RM_NOT_MINE;
                }
                boards++;
            } else if (rm_starts(line, "** Summary")) {
                summary = 1;
            } else if (rm_starts(line, "** Dealing down")) {
                dealt = 1;
            }
            continue;
        }
        if (rm_starts(line, "Dealt to ")) {
            Span rest = rm_from(line, 9);
            Py_ssize_t k = rm_find(rest, " [");
            if (k >= 0) {
                rest.n = k;
            }
            int i = rm_index(b, rest);
            if (i >= 0) {
                char cards[16];
                int count;
                if (rm_cards_in(line, cards, &count, 8)) {
                    return RM_NOT_MINE;
                }
                b->pl[i].playing = b->pl[i].has_hole = 1;
                b->pl[i].nhole = count;
                memcpy(b->pl[i].hole, cards, (size_t)(2 * count));
            }
            continue;
        }
        Span rest;
        int i = rm_name_and_rest(b, line, &rest);
        if (i < 0) {
            continue;
        }
        RmPlayer *p = &b->pl[i];
        if (!has_big_bet && rm_starts(rest, "bets") && fixed && boards >= 2) {
            if (rm_bracket_amount(rest, &big_bet)) {
                return RM_NOT_MINE;
            }
            has_big_bet = 1;
        }
        if (!dealt && rm_starts(rest, "folds")) {
            p->out = 1;
            continue;
        }
        if (summary || rm_starts(rest, "shows") || rm_starts(rest, "mucks") ||
            rm_starts(rest, "collected") || rm_starts(rest, "did not")) {
            char cards[16];
            int count;
            if (rm_starts(rest, "shows") || rm_starts(rest, "mucks")) {
                if (rm_cards_in(rest, cards, &count, 8)) {
                    return RM_NOT_MINE;
                }
                if (count || rest.p[0] == 's') {
                    p->has_shown = 1;
                    p->nshown = count;
                    memcpy(p->shown, cards, (size_t)(2 * count));
                } else {
                    p->mucked = 1;
                }
            } else if (rm_starts(rest, "collected")) {
                int64_t value;
                if (rm_bracket_amount(rest, &value) || rm_collect(b, p->name, value)) {
                    return RM_NOT_MINE;
                }
            }
            continue;
        }
        status = rm_bracket_act(b, i, rest);
        if (status == 2) {
            if (rm_starts(rest, "has ") || rm_starts(rest, "is ") || rm_starts(rest, "will ") ||
                rm_starts(rest, "did ")) {
                continue;
            }
            return RM_NOT_MINE;
        }
        if (status) {
            return status;
        }
    }
    if (!summary) {
        return RM_NOT_MINE;
    }
    if (fixed) {
        b->small = blind;
        if (has_big_bet) {
            b->big = big_bet;
        } else {
            b->big = 2 * blind;
        }
    }
    return tournament ? 0 : rm_currency(b, game_line);
}

/* party._CASH: ^(\S+)/(\S+)(?: [A-Z]{3})? (.*?) - \w+, (\w+) (\d{1,2}), (\d{1,2}):(\d{2}):(\d{2})
 * (\w+) (\d{4}); the month as a number (0: not a month's name). */
static int rm_party_game(Span line, Span *small, Span *big, Span *game, int *when, Span *zone)
{
    static const char *const months[12] = {"January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"};
    Py_ssize_t sp = 0;
    while (sp < line.n && !rm_space(line.p[sp])) {
        sp++;
    }
    Span token = {line.p, sp};
    Py_ssize_t slash = -1;
    for (Py_ssize_t k = token.n - 1; k > 0 && slash < 0; k--) {
        slash = token.p[k] == '/' && k + 1 < token.n ? k : -1;
    }
    if (slash < 0 || sp >= line.n || line.p[sp] != ' ') {
        return 0;
    }
    *small = (Span){token.p, slash};
    *big = rm_from(token, slash + 1);
    Span after = rm_from(line, sp + 1);
    if (after.n > 4 && after.p[0] >= 'A' && after.p[0] <= 'Z' && after.p[1] >= 'A' && after.p[1] <= 'Z' &&
        after.p[2] >= 'A' && after.p[2] <= 'Z' && after.p[3] == ' ') {
        after = rm_from(after, 4);
    }
    for (Py_ssize_t at = 0; at + 3 <= after.n; at++) {
        if (memcmp(after.p + at, " - ", 3)) {
            continue;
        }
        Span rest = rm_from(after, at + 3);
        Py_ssize_t k = 0;
        while (k < rest.n && (rm_is_letter(rest.p[k]) || rm_digit(rest.p[k]) || rest.p[k] == '_')) {
            k++;
        }
        if (!k || !rm_starts(rm_from(rest, k), ", ")) {
            continue;
        }
        k += 2;
        Py_ssize_t m0 = k;
        while (k < rest.n && (rm_is_letter(rest.p[k]) || rm_digit(rest.p[k]) || rest.p[k] == '_')) {
            k++;
        }
        Span month = {rest.p + m0, k - m0};
        int d, h, mi, s, y;
        if (!month.n || k >= rest.n || rest.p[k++] != ' ' || (d = rm_digits(rest, &k, 1, 2)) < 0 ||
            !rm_starts(rm_from(rest, k), ", ")) {
            continue;
        }
        k += 2;
        if ((h = rm_digits(rest, &k, 1, 2)) < 0 || k >= rest.n || rest.p[k++] != ':' ||
            (mi = rm_digits(rest, &k, 2, 2)) < 0 || k >= rest.n || rest.p[k++] != ':' ||
            (s = rm_digits(rest, &k, 2, 2)) < 0 || k >= rest.n || rest.p[k++] != ' ') {
            continue;
        }
        Py_ssize_t z0 = k;
        while (k < rest.n && (rm_is_letter(rest.p[k]) || rm_digit(rest.p[k]) || rest.p[k] == '_')) {
            k++;
        }
        /* (\w+) (\d{4}): the zone may end in digits given back to the year? not with a space */
        if (k == z0 || k >= rest.n || rest.p[k] != ' ') {
            continue;
        }
        *zone = (Span){rest.p + z0, k - z0};
        k++;
        if ((y = rm_digits(rest, &k, 4, 4)) < 0) {
            continue;
        }
        *game = (Span){after.p, at};
        int number = 0;
        for (int q = 0; q < 12; q++) {
            number = xml_is(month, months[q]) ? q + 1 : number;
        }
        when[0] = y, when[1] = number, when[2] = d, when[3] = h, when[4] = mi, when[5] = s;
        return 1;
    }
    return 0;
}

/* party.read_hand (cash games; tournaments are Python's) */
static int rm_party(Rm *b, Span text, PyObject *game)
{
    RmLines all = rm_lines(text);
    Span first, line;
    do { /* the lines that are not "#Game No" ones */
        if (!rm_next_line(&all, &first)) {
            return RM_NOT_MINE;
        }
    } while (rm_starts(first, "#Game No"));
    for (Py_ssize_t k = 0; k < first.n; k++) {
        if ((unsigned char)first.p[k] >= 0x80) {
            return RM_NOT_MINE;
        }
    }
    for (Py_ssize_t k = 0; k + 5 < first.n; k++) { /* Game (\w+) */
        Py_ssize_t z = k + 5;
        if (memcmp(first.p + k, "Game ", 5)) {
            continue;
        }
        while (z < first.n && (rm_is_letter(first.p[z]) || rm_digit(first.p[z]) || first.p[z] == '_')) {
            z++;
        }
        if (z > k + 5) {
            b->hand = (Span){first.p + k + 5, z - k - 5};
            b->has_hand = 1;
            break;
        }
    }
    Span head;
    do {
        if (!rm_next_line(&all, &head)) {
            return RM_NOT_MINE;
        }
    } while (rm_starts(head, "#Game No"));
    for (Py_ssize_t k = 0; k < head.n; k++) {
        if ((unsigned char)head.p[k] >= 0x80) {
            return RM_NOT_MINE;
        }
    }
    Span small, big, name, zone;
    int when[6];
    if (!rm_party_game(head, &small, &big, &name, when, &zone)) {
        return RM_NOT_MINE; /* not a cash game line: Python's */
    }
    char stripped[512]; /* game.replace("Texas ", "") */
    Py_ssize_t n = 0;
    for (Py_ssize_t k = 0; k < name.n;) {
        if (n >= 500) {
            return RM_NOT_MINE;
        }
        if (rm_starts(rm_from(name, k), "Texas ")) {
            k += 6;
            continue;
        }
        stripped[n++] = name.p[k++];
    }
    int status = rm_variant(b, game, "partypoker", (Span){stripped, n});
    if (status) {
        return status;
    }
    if (rm_amount(small, &b->small) || rm_amount(big, &b->big)) {
        return RM_NOT_MINE;
    }
    b->has_small = b->has_big = 1;
    Py_ssize_t dash = rm_find(head, " - ");
    if (rm_currency(b, (Span){head.p, dash < 0 ? head.n : dash}) < 0) {
        return -1;
    }
    if (when[1] && rm_clock(b, when[0], when[1], when[2], when[3], when[4], when[5], zone) < 0) {
        return -1;
    }
    while (rm_next_line(&all, &line)) {
        if (rm_starts(line, "#Game No")) {
            continue;
        }
        line = rm_strip(line);
        if (!line.n) {
            continue;
        }
        if (rm_starts(line, "Seat ")) {
            if ((status = rm_take_seat(b, line))) {
                return status;
            }
            continue;
        }
        if (rm_starts(line, "Table ")) {
            Span table = rm_from(line, 6);
            for (Py_ssize_t q = 0; q < table.n; q++) {
                Span at = rm_from(table, q);
                if (rm_starts(at, " (Real Money)") || rm_starts(at, " (Play Money)")) {
                    if (rm_set(b->meta, "table", rm_name((Span){table.p, q})) < 0) {
                        return -1;
                    }
                    break;
                }
            }
            continue;
        }
        if (rm_starts(line, "Blinds")) {
            return RM_NOT_MINE; /* a level's blinds (tournaments): Python's */
        }
        if (rm_starts(line, "** ")) {
            if (rm_street_word(line)) {
                char cards[16];
                int count;
                if (rm_cards_in(line, cards, &count, 8) || rm_board(b, cards, 2 * count)) {
                    return RM_NOT_MINE;
                }
            }
            continue;
        }
        if (rm_starts(line, "Dealt to ")) {
            Span rest = rm_from(line, 9);
            Py_ssize_t k = rm_find(rest, " [");
            if (k >= 0) {
                rest.n = k;
            }
            int i = rm_index(b, rest);
            if (i >= 0) {
                char cards[16];
                int count;
                if (rm_cards_in(line, cards, &count, 8)) {
                    return RM_NOT_MINE;
                }
                b->pl[i].playing = b->pl[i].has_hole = 1;
                b->pl[i].nhole = count;
                memcpy(b->pl[i].hole, cards, (size_t)(2 * count));
            }
            continue;
        }
        Span rest;
        int i = rm_name_and_rest(b, line, &rest);
        if (i < 0) {
            continue;
        }
        RmPlayer *p = &b->pl[i];
        char cards[16];
        int count;
        if (rm_starts(rest, "shows")) {
            if (rm_cards_in(rest, cards, &count, 8)) {
                return RM_NOT_MINE;
            }
            p->has_shown = 1;
            p->nshown = count;
            memcpy(p->shown, cards, (size_t)(2 * count));
        } else if (rm_starts(rest, "doesn't show") || rm_starts(rest, "mucks")) {
            if (rm_cards_in(rest, cards, &count, 8)) {
                return RM_NOT_MINE;
            }
            p->mucked = 1;
            if (count && !p->has_hole) {
                p->has_hole = 1;
                p->nhole = count;
                memcpy(p->hole, cards, (size_t)(2 * count));
            }
        } else if (rm_starts(rest, "wins")) {
            if (rm_starts(rest, "wins ")) { /* _WINS: ^wins ([$€£]?[\d.,]+) */
                Span at = rm_from(rest, 5);
                Py_ssize_t q = rm_starts(at, "$") ? 1 : rm_starts(at, "\xc2\xa3") ? 2
                             : rm_starts(at, "\xe2\x82\xac") ? 3 : 0;
                Py_ssize_t z = q;
                while (z < at.n && (rm_digit(at.p[z]) || at.p[z] == '.' || at.p[z] == ',')) {
                    z++;
                }
                int64_t value;
                if (z > q && (rm_amount((Span){at.p, z}, &value) || rm_collect(b, p->name, value))) {
                    return RM_NOT_MINE;
                }
            }
        } else {
            status = rm_bracket_act(b, i, rest);
            if (status == 2) {
                if (rm_starts(rest, "has ") || rm_starts(rest, "is ") || rm_starts(rest, "will ") ||
                    rm_starts(rest, "did ") || rm_starts(rest, "does ") || rm_starts(rest, "sits") ||
                    rm_starts(rest, "could not")) {
                    continue;
                }
                return RM_NOT_MINE;
            }
            if (status) {
                return status;
            }
        }
    }
    return 0;
}

/*
 * iPoker's XML read as showdown.phh.rooms.ipoker reads it (see rooms.c), through a strict
 * subset parser: elements, attributes and text, nothing ElementTree might refuse or read
 * otherwise (entities, comments, declarations, CDATA, prefixes) but given to Python.
 */
#include "rooms.h"

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

/* Character data as expat takes it without entities: no '&', no "]]>", no control
 * characters but tab and line feed ('\r' was made '\n' when the file was read). */
static int xml_plain(Span s)
{
    /* 1: a character data may not hold here; 2: ']', which may start "]]>" */
    static unsigned char odd[256];
    if (!odd['&']) {
        for (int c = 0; c < 0x20; c++) {
            odd[c] = c != '\t' && c != '\n';
        }
        odd['&'] = odd[0x7f] = 1;
        odd[']'] = 2;
    }
    const unsigned char *p = (const unsigned char *)s.p;
    for (Py_ssize_t k = 0; k < s.n; k++) {
        unsigned char kind = odd[p[k]];
        if (kind == 1 || (kind == 2 && k + 2 < s.n && p[k + 1] == ']' && p[k + 2] == '>')) {
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
            const char *open = memchr(text.p + k, '<', (size_t)(text.n - k));
            k = open == NULL ? text.n : open - text.p;
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
            if (roots++ || !rm_is(name, "session")) {
                return RM_NOT_MINE;
            }
        } else if (depth == 1 && rm_is(name, "game")) {
            x->games++;
        } else if (depth == 2 && rm_is(stack[1], "general")) {
            static const char *const keys[4] = {"gametype", "tournamentcode", "tablecurrency", "tablename"};
            for (int q = 0; q < 4; q++) {
                which = rm_is(name, keys[q]) && !x->has_general[q] ? q : which;
            }
            kind = which >= 0 ? 'g' : 0;
        } else if (depth == 2 && rm_is(stack[1], "game") && rm_is(name, "round")) {
            kind = 'r';
        } else if (depth == 3 && rm_is(stack[1], "game") && rm_is(stack[2], "general")) {
            if (rm_is(name, "gametype") && !x->has_game_gametype) {
                kind = 'g';
                which = 4;
            } else if (rm_is(name, "startdate") && !x->has_startdate) {
                kind = 'g';
                which = 5;
            }
        } else if (depth == 3 && rm_is(stack[1], "game") && rm_is(stack[2], "round")) {
            kind = rm_is(name, "cards") ? 'c' : rm_is(name, "action") ? 'a' : 0;
        } else if (depth == 4 && rm_is(stack[1], "game") && rm_is(stack[2], "general") &&
                   rm_is(stack[3], "players") && rm_is(name, "player")) {
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
                if (rm_is(attr, names[q])) {
                    item->attr[q] = value;
                    item->has[q] = 1;
                }
            }
        }
        int empty = text.p[k] == '/';
        k += empty ? 2 : 1;
        Span body = {text.p + k, 0};
        if (!empty && kind) { /* the element's text: up to its first child or its end */
            const char *open = memchr(body.p, '<', (size_t)(text.n - k));
            body.n = (open == NULL ? text.p + text.n : open) - body.p;
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

/* ipoker_games.amount_of: the amount of a text with a digit, else 0; a point before
 * exactly three digits (an Italian client's thousands, "1.500") is Python's. */
static int xml_amount(Span s, int has, int64_t *out)
{
    *out = 0;
    for (Py_ssize_t k = 0; has && k + 3 < s.n; k++) {
        if (s.p[k] == '.' && rm_digit(s.p[k + 1]) && rm_digit(s.p[k + 2]) && rm_digit(s.p[k + 3]) &&
            (k + 4 == s.n || !rm_digit(s.p[k + 4]))) {
            return RM_NOT_MINE;
        }
    }
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
int rm_ipoker(Rm *b, Span text, PyObject *game)
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
    int has_cards = 0;
    for (int q = 0; q < x->n; q++) {
        has_cards |= x->item[q].kind == 'c';
    }
    if (!has_cards) { /* no cards dealt: ipoker.read_hand names a partial export, or reads it */
        status = RM_NOT_MINE;
        goto done;
    }
    /* ipoker.read_hand: "win" is all a player got back, a part of an all-in nobody matched too */
    b->collects_unmatched = 1;
    int has_button = 0;
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
        if (it->has[3] && rm_is(it->attr[3], "1")) {
            b->button = (int)seat;
            has_button = 1;
        }
        if (win && rm_collect(b, name, win)) {
            status = RM_NOT_MINE;
            goto done;
        }
    }
    if (!has_button) { /* ipoker._dead_button: Python's */
        status = RM_NOT_MINE;
        goto done;
    }
    const char *code = PyUnicode_AsUTF8(b->variant);
    if (code == NULL) {
        goto error;
    }
    int64_t big_lo = -1, big_hi = -1; /* the posts of type 2 */
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
                if (rm_is(kind, "Pocket")) {
                    int i = rm_index(b, it->has[1] ? it->attr[1] : (Span){text.p, 0});
                    if (i >= 0) {
                        b->pl[i].playing = 1;
                        b->pl[i].has_hole = 1;
                        b->pl[i].nhole = n;
                        memcpy(b->pl[i].hole, cards, (size_t)(2 * n));
                    }
                } else if (rm_is(kind, "Flop") || rm_is(kind, "Turn") || rm_is(kind, "River")) {
                    if (rm_board(b, cards, 2 * n)) {
                        status = RM_NOT_MINE;
                        goto done;
                    }
                } else { /* another type (ipoker._BOARD_WORD's, a runout's?): Python's */
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
                    rm_is(type, "0") || rm_is(type, "1") || rm_is(type, "2") ||
                    rm_is(type, "15") || rm_is(type, "3") || rm_is(type, "4") ||
                    rm_is(type, "5") || rm_is(type, "23") || rm_is(type, "6") ||
                    rm_is(type, "7")))) {
                status = RM_NOT_MINE;
                goto done;
            }
            if (type.n < 0) {
                continue;
            }
            if (rm_is(type, "16") || rm_is(type, "8") || rm_is(type, "9") ||
                ((rm_is(type, "6") || rm_is(type, "7")) && !value)) {
                /* stud's bring-in, a sit-out (ipoker._sit_outs_folded), an all-in of no
                 * chips (the room's disconnection protection): Python's */
                status = RM_NOT_MINE;
                goto done;
            }
            if (rm_is(type, "2")) { /* both blinds in one post, a limit game's stakes: Python's */
                big_lo = big_lo < 0 || value < big_lo ? value : big_lo;
                big_hi = value > big_hi ? value : big_hi;
                if (big_lo != big_hi || (rm_fixed(code) && (!b->has_small || value != b->small))) {
                    status = RM_NOT_MINE;
                    goto done;
                }
            }
            int failed = rm_is(type, "0") ? rm_act(b, i, 'f', 0)
                       : rm_is(type, "1") || rm_is(type, "2") ? rm_post(b, i, 'b', value, 0)
                       : rm_is(type, "15") ? rm_post(b, i, 'a', value, 0)
                       : rm_is(type, "3") ? rm_act(b, i, 'c', value)
                       : rm_is(type, "4") ? rm_act(b, i, 'k', 0)
                       : rm_is(type, "5") ? rm_act(b, i, 'b', value)
                       : rm_is(type, "23") ? rm_act(b, i, 't', value)
                       : rm_is(type, "6") || rm_is(type, "7") ? rm_act(b, i, 'p', value) : 0;
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

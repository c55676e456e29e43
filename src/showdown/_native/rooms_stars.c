/*
 * PokerStars and the rooms that write like it (GGPoker, Winamax) read as
 * showdown.phh.rooms.stars reads them (winamax.py's header; see rooms.c): the header,
 * the seats, one line per action, the streets, the summary's fees and winners. (WPN and
 * Full Tilt write like them too; their hands are Python's: see rooms.c.)
 */
#include "rooms.h"

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
    "cashed", "out", "seat", "stands", "takes", "adds", "connected", "disconnected", "denies",
    "wins the tournament", "re-buys", "Table deposit", NULL};

/* stars._CASH_OUTS: a cash-out (PokerStars' All-in Cash Out, GGPoker's EV Cashout), which
 * the Python reader writes in fields this reader does not: Python's. */
static const char *const rm_cash_outs[] = {
    "cashed out the hand", "Chooses to EV Cashout", "Receives Cashout", "Pays Cashout Risk", NULL};

/* Whether a seated player is among those a bounty line says were knocked out (gone: what
 * follows "for eliminating "): stars._action's test, the name alone, at the start of
 * gone before a space, or a word run of it between spaces. */
static int rm_knocked_out(Span gone, Span name)
{
    if (rm_eq(gone, name) || (gone.n > name.n && memcmp(gone.p, name.p, (size_t)name.n) == 0 &&
                              gone.p[name.n] == ' ')) {
        return 1;
    }
    /* f" {name} " in f" {gone} ": name at a start, or after a space, then an end or a space */
    for (Py_ssize_t k = 0; k + name.n <= gone.n; k++) {
        if ((k == 0 || gone.p[k - 1] == ' ') && memcmp(gone.p + k, name.p, (size_t)name.n) == 0 &&
            (k + name.n == gone.n || gone.p[k + name.n] == ' ')) {
            return 1;
        }
    }
    return 0;
}

/* stars._action's bounty: "wins $19.31 for eliminating NAME and ..." (HandBuilder.bounty_won) */
static int rm_bounty_won(Rm *b, int i, Span rest, Py_ssize_t at)
{
    Span gone = rm_from(rest, at + 17); /* after " for eliminating " */
    int64_t value;
    Py_ssize_t k = 0;
    while (k < rest.n && !rm_digit(rest.p[k])) {
        k++;
    }
    if (k == rest.n) {
        return 0; /* no amount: nothing paid, as Python reads it */
    }
    if (rm_first_amount(rest, &value, NULL)) {
        return RM_NOT_MINE;
    }
    RmPlayer *p = &b->pl[i];
    p->won_bounty += value;
    b->anywonbounty = 1;
    if (p->won_bounty >= RM_MOST) {
        return RM_NOT_MINE;
    }
    for (int j = 0; j < b->np; j++) {
        if (j != i && !b->pl[j].eliminated_by && rm_knocked_out(gone, b->pl[j].name)) {
            b->pl[j].eliminated_by = i + 1;
        }
    }
    return 0;
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
    /* dead money (Winamax: a small blind out of position; GGPoker: "posts missed blind") */
    int dead = rm_contains(rest, "dead") || rm_contains(rest, "missed blind") ||
               (rm_contains(rest, "small blind") && rm_contains(rest, "out of position"));
    if (!dead && rm_contains(rest, "and is all-in") && b->has_big) {
        /* HandBuilder.post: a big blind posted all in for less (phh_short_blind) */
        const char *variant = PyUnicode_AsUTF8(b->variant);
        if (variant == NULL) {
            return -1;
        }
        b->completable |= phh_short_blind(rm_fixed(variant), value, b->big, 1);
    }
    if (dead && rm_contains(rest, "out of position")) {
        const char *room = PyUnicode_AsUTF8(b->room);
        if (room == NULL) {
            return -1;
        }
        if (strcmp(room, "winamax") == 0) { /* stars._post: Winamax's "raises to" counts it */
            if (!b->has_small || value > b->small) {
                return RM_NOT_MINE; /* winamax._both_blinds: both blinds in one post */
            }
            b->pl[i].dead_in_raise += value;
        }
    }
    return rm_post(b, i, dead ? 'a' : 'b', value, 0);
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
            /* HandBuilder.show: cards shown as they fold, one or all ("folds [9c]") */
            p->has_shown = 1;
            p->nshown = count;
            memcpy(p->shown, cards, (size_t)(2 * count));
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
        if (!any || (p->dead_in_raise && last <= p->dead_in_raise)) {
            return RM_NOT_MINE; /* HandBuilder.act: no more than the dead chips, an error */
        }
        return rm_act(b, i, 't', last - p->dead_in_raise);
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
    Py_ssize_t eliminating = rm_eq(verb, (Span){"wins", 4}) ? rm_find(rest, " for eliminating ") : -1;
    if (eliminating >= 0) { /* a bounty won */
        return rm_bounty_won(b, i, rest, eliminating);
    }
    if ((rm_eq(verb, (Span){"wins", 4}) || rm_eq(verb, (Span){"ties", 4})) && !rm_contains(rest, "bounty") &&
        !rm_contains(rest, "tournament")) {
        Py_ssize_t at = -1;
        for (Py_ssize_t k = rest.n - 1; k >= 0 && at < 0; k--) {
            at = rest.p[k] == '(' ? k + 1 : -1;
        }
        if (rm_first_amount(at < 0 ? rest : rm_from(rest, at), &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_collect(b, p->name, value);
    }
    for (int k = 0; rm_cash_outs[k] != NULL; k++) {
        if (rm_starts(rest, rm_cash_outs[k])) {
            return RM_NOT_MINE;
        }
    }
    if (rm_eq(verb, (Span){"cashed", 6})) {
        return 0;
    }
    if (rm_eq(verb, (Span){"brings", 6})) { /* "brings in for $0.02": stud's bring-in */
        if (rm_first_amount(rest, &value, NULL)) {
            return RM_NOT_MINE;
        }
        return rm_act(b, i, 'i', value);
    }
    if (rm_eq(verb, (Span){"discards", 8}) || rm_starts(rest, "stands pat")) {
        /* stars._draw_round: a discard while a bet stands, a draw without a title */
        for (int j = 0; j < b->np; j++) {
            if (b->pl[j].bet) {
                rm_street(b);
                break;
            }
        }
    }
    if (rm_eq(verb, (Span){"discards", 8})) { /* "discards 2 cards [Kd 9h]", or no cards */
        int n = rm_brackets(rest, found, 1);
        if (n) {
            if (rm_cards(found[0], cards, &count, 8)) {
                return RM_NOT_MINE;
            }
        } else {
            Span word = rm_from(rest, space + 1);
            Py_ssize_t end = rm_find(word, " ");
            word.n = space < 0 ? 0 : end < 0 ? word.n : end;
            count = 0;
            for (Py_ssize_t k = 0; k < word.n; k++) {
                count = rm_digit(word.p[k]) && count < 100 ? 10 * count + (word.p[k] - '0') : 999;
            }
            if (!word.n || count > 8) {
                return RM_NOT_MINE; /* no count, or more cards than a hand holds: Python's */
            }
            memset(cards, '?', (size_t)(2 * count));
        }
        return rm_deal(b, i, cards, 2 * count, 's');
    }
    if (rm_starts(rest, "stands pat")) {
        return rm_deal(b, i, "", 0, 's');
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
    /* no "' N-max": PokerStars' 2005 tables (stars._TABLE_2005, "Table '7817460 1' Seat #3
     * is the button"), read by Python */
    return rm_find(line, "' Seat #") >= 0 && rm_is(rm_from(line, line.n - 14), " is the button")
               ? RM_NOT_MINE : 0;
}

/* stars._BARE_TABLE, ^(\S.*?) (\d+)-max(?: Seat #(\d+) is the button)?$ (ACR's newer
 * layout: "Crainville 8-max"): the table, its seats and the button in the hand's record;
 * 2 for a line of another shape. */
static int rm_bare_table(Rm *b, Span line)
{
    int button = -1;
    Py_ssize_t at = rm_find(line, "-max Seat #");
    if (at > 0 && line.n >= at + 26 && rm_is(rm_from(line, line.n - 14), " is the button")) {
        Py_ssize_t z = at + 11;
        button = rm_number_run(line, &z);
        if (button == -2) {
            return RM_NOT_MINE;
        }
        if (button < 0 || z != line.n - 14) {
            return 2;
        }
        line.n = at + 4; /* the table and its seats, as before */
    }
    if (line.n < 7 || rm_space(line.p[0]) || !rm_is(rm_from(line, line.n - 4), "-max")) {
        return 2;
    }
    Py_ssize_t k = line.n - 4, digits = 0;
    while (k > 0 && rm_digit(line.p[k - 1])) {
        k--;
        digits++;
    }
    if (!digits || k < 2 || line.p[k - 1] != ' ') {
        return 2;
    }
    if (digits > 9) {
        return RM_NOT_MINE;
    }
    long seats = 0;
    for (Py_ssize_t q = k; q < line.n - 4; q++) {
        seats = 10 * seats + (line.p[q] - '0');
    }
    if (rm_set(b->meta, "table", rm_name((Span){line.p, k - 1})) < 0 ||
        rm_set(b->meta, "seat_count", PyLong_FromLong(seats)) < 0) {
        return -1;
    }
    if (button >= 0) {
        b->button = button;
    }
    return 0;
}

/* stars._summary */
static int rm_stars_summary(Rm *b, Span line, const int *by_seat)
{
    if (rm_starts(line, "Hand was run ")) { /* "Hand was run twice" (its boards say so too) */
        /* words[3] (split at white space) less its final dots: twice, three, thrice */
        Span word = {NULL, 0};
        Py_ssize_t k = 0;
        for (int w = 0; w < 4 && k < line.n; w++) {
            while (k < line.n && rm_space(line.p[k])) {
                k++;
            }
            Py_ssize_t start = k;
            while (k < line.n && !rm_space(line.p[k])) {
                k++;
            }
            word = w == 3 && k > start ? (Span){line.p + start, k - start} : word;
        }
        while (word.n && word.p[word.n - 1] == '.') {
            word.n--;
        }
        int runs = rm_is(word, "three") || rm_is(word, "thrice") ? 3 : 2;
        b->runs = runs > b->runs ? runs : b->runs;
        return 0;
    }
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
                             : key.n == 6 && strncasecmp(key.p, "jp fee", 6) == 0 ? rm_fee_names[1]
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
    if (!b->ncollected) { /* stars._WON: a winner the summary alone writes */
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
        int mucked = rm_contains(line, "mucked");
        if (who < 0 || (!mucked && !rm_contains(line, "showed") && !rm_contains(line, "shows"))) {
            return 0; /* stars._summary: the cards of a show or a muck only */
        }
        /* after "Seat N: NAME" (a name may hold brackets) */
        Py_ssize_t skip = 7 + seat.n + b->pl[who].name.n;
        Span tail = skip < line.n ? rm_from(line, skip) : rm_from(line, line.n);
        if (!rm_contains(tail, "[")) {
            return 0;
        }
        Span found[1];
        char cards[16];
        int count;
        if (rm_brackets(tail, found, 1) == 0 || rm_cards(found[0], cards, &count, 8)) {
            return RM_NOT_MINE;
        }
        RmPlayer *p = &b->pl[who];
        if (mucked) {
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
int rm_stars(Rm *b, Span text, PyObject *game, int colon, int winamax)
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
    /* winamax.read_hand: the part of an all-in nobody matched comes back as a "side pot"
     * the player collects */
    b->collects_unmatched = winamax && rm_contains(text, "and is all-in");
    Py_ssize_t forced = winamax ? rm_find(text, "*** ANTE/BLINDS ***") : -1;
    if (forced >= 0) { /* winamax.read_hand: a raise among the forced bets is Python's error */
        Span section = rm_from(text, forced);
        Py_ssize_t end = rm_find(rm_from(section, 19), "\n***");
        section.n = end < 0 ? section.n : 19 + end;
        if (rm_find(section, " raises ") >= 0) {
            return RM_NOT_MINE;
        }
    }
    const char *variant = PyUnicode_AsUTF8(b->variant);
    if (variant == NULL) {
        return -1;
    }
    if (strncmp(variant, "PCO", 3) == 0) {
        return RM_NOT_MINE; /* Courchevel: its board card before the first round is Python's */
    }
    int steps = rm_steps(variant);
    int stud = steps && variant[0] == 'F' && (variant[1] == '7' || variant[1] == 'R');
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
        if (rm_starts(line, "***") && steps) { /* stud's and draws' streets: no board */
            seating = 0;
            Span title = line;
            while (title.n && (title.p[0] == '*' || title.p[0] == ' ')) {
                title = rm_from(title, 1);
            }
            while (title.n && (title.p[title.n - 1] == '*' || title.p[title.n - 1] == ' ')) {
                title.n--;
            }
            static const char *const streets[] = {"4th STREET", "5th STREET", "6th STREET", "RIVER",
                "7th STREET", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW", NULL};
            for (int k = 0; streets[k] != NULL; k++) {
                if (rm_is(title, streets[k])) {
                    rm_street(b);
                }
            }
            summary |= rm_is(title, "SUMMARY");
            continue;
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
            /* words[1], the title split at white space: "*** SECOND TURN ***" names the
             * street of a runout of a hand run more than once; stars.read_body also takes
             * runs numbered after the street (Full Tilt's "*** RIVER 2 *** [...] [2h]") */
            Py_ssize_t k = street.n;
            while (k < t.n && rm_space(t.p[k])) {
                k++;
            }
            Py_ssize_t start = k;
            while (k < t.n && !rm_space(t.p[k])) {
                k++;
            }
            Span second = {t.p + start, k - start};
            int run = rm_is(street, "FIRST") ? 1 : rm_is(street, "SECOND") ? 2 : rm_is(street, "THIRD") ? 3 : 0;
            int is_street = rm_is(street, "FLOP") || rm_is(street, "TURN") || rm_is(street, "RIVER");
            if (run && (rm_is(second, "FLOP") || rm_is(second, "TURN") || rm_is(second, "RIVER"))) {
                street = second;
            } else if (is_street && second.n == 1 && second.p[0] >= '1' && second.p[0] <= '3') {
                run = second.p[0] - '0';
            } else {
                run = 0;
            }
            if (run) {
                const char *room = PyUnicode_AsUTF8(b->room);
                if (room == NULL || strcmp(room, "winamax") == 0) {
                    return RM_NOT_MINE; /* stars.read_body: Winamax's runs are refused in Python */
                }
            }
            if (rm_eq(street, (Span){"FLOP", 4}) || rm_eq(street, (Span){"TURN", 4}) ||
                rm_eq(street, (Span){"RIVER", 5})) {
                Span found[8];
                char cards[16];
                int n = rm_brackets(line, found, 8), count;
                if (n == 0 || n == 8 || rm_cards(found[n - 1], cards, &count, 8) ||
                    (run > 1 ? rm_runout(b, run, cards, 2 * count) : rm_board(b, cards, 2 * count))) {
                    return RM_NOT_MINE;
                }
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
        if (seating && !b->np && !rm_starts(line, "Table") && (status = rm_bare_table(b, line)) != 2) {
            if (status) { /* ACR's newer layout: "Crainville 8-max" */
                return status;
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
            if (i < 0) { /* a name with brackets ("PC [Mittel]"): the longest name there */
                Span after = rm_from(line, 9);
                for (int j = 0; j < b->np; j++) {
                    Span nm = b->pl[j].name;
                    if (after.n >= nm.n && memcmp(after.p, nm.p, (size_t)nm.n) == 0 &&
                        (i < 0 || nm.n > b->pl[i].name.n)) {
                        i = j;
                    }
                }
            }
            if (i >= 0) { /* the cards after the name */
                n = rm_brackets(rm_from(line, 9 + b->pl[i].name.n), found, 4);
            }
            if (i >= 0 && steps) { /* stars._dealt: the new cards of this street */
                char cards[16];
                int count;
                if (!n) {
                    continue;
                }
                if (n == 4 || rm_cards(found[n - 1], cards, &count, 7)) {
                    return RM_NOT_MINE;
                }
                if (stud && n == 1 && count == 1) { /* the up card alone: two down before it */
                    cards[4] = cards[0];
                    cards[5] = cards[1];
                    memset(cards, '?', 4);
                    count = 3;
                }
                if (rm_deal(b, i, cards, 2 * count, 'd')) {
                    return RM_NOT_MINE;
                }
            } else if (i >= 0) {
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
        if (rm_starts(line, "Cash Drop to Pot")) { /* GGPoker: money the house adds to the pot */
            if (variant[0] == 'P') {
                return RM_NOT_MINE; /* ggpoker.cash_drop: refused in a pot-limit game */
            }
            int64_t value;
            if (rm_first_amount(line, &value, NULL) || rm_fee(b, rm_fee_names[3], value)) {
                return RM_NOT_MINE;
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
        }
    }
    return summary ? 0 : RM_NOT_MINE;
}

/*
 * 888poker and PartyPoker (cash games) read as showdown.phh.rooms.pacific and
 * showdown.phh.rooms.party read them, with brackets.py's shared lines ("NAME verb [amount]",
 * cards as [ Ac, Kd ]); see rooms.c.
 */
#include "rooms.h"

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

/* "Dealt to NAME [cards]" (888 and PartyPoker): the player's hole cards; -1 for cards
 * it cannot read (the hand is then Python's). */
static int rm_dealt_to(Rm *b, Span line)
{
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
            return -1;
        }
        b->pl[i].playing = b->pl[i].has_hole = 1;
        b->pl[i].nhole = count;
        memcpy(b->pl[i].hole, cards, (size_t)(2 * count));
    }
    return 0;
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
    if (rm_word_is(second, "first") || rm_word_is(second, "second") || rm_word_is(second, "third")) {
        return -1; /* brackets.RUN_WORDS: a hand run twice, refused in Python */
    }
    return rm_word_is(second, "flop") || rm_word_is(second, "turn") || rm_word_is(second, "river");
}

/* brackets.RUN_LINES: 888's lines of a runout, refused in Python. */
static int rm_run_line(Span line)
{
    return rm_starts(line, "First runout ") || rm_starts(line, "Second runout ") ||
           rm_starts(line, "Third runout ");
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
int rm_888(Rm *b, Span text, PyObject *game)
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
        if (rm_run_line(line)) {
            return RM_NOT_MINE;
        }
        if (rm_starts(line, "** ")) {
            int word = rm_street_word(line);
            if (word < 0) {
                return RM_NOT_MINE;
            }
            if (word) {
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
            if (rm_dealt_to(b, line)) {
                return RM_NOT_MINE;
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
        } else if (blind >= RM_MOST / 2) {
            return RM_NOT_MINE; /* a big bet past the amounts read here: Python's */
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
            number = rm_is(month, months[q]) ? q + 1 : number;
        }
        when[0] = y, when[1] = number, when[2] = d, when[3] = h, when[4] = mi, when[5] = s;
        return 1;
    }
    return 0;
}

/* party.read_hand (cash games; tournaments are Python's) */
int rm_party(Rm *b, Span text, PyObject *game)
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
            int word = rm_street_word(line);
            if (word < 0) {
                return RM_NOT_MINE;
            }
            if (word) {
                char cards[16];
                int count;
                if (rm_cards_in(line, cards, &count, 8) || rm_board(b, cards, 2 * count)) {
                    return RM_NOT_MINE;
                }
            }
            continue;
        }
        if (rm_starts(line, "Dealt to ")) {
            if (rm_dealt_to(b, line)) {
                return RM_NOT_MINE;
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

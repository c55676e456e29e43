/*
 * 888poker read as showdown.phh.rooms.pacific reads it, with brackets.py's lines
 * ("NAME verb [amount]", cards as [ Ac, Kd ]); see rooms.c.
 */
#include "rooms.h"

/* brackets.cards_in of a bracket that holds English cards only ((?:10|[2-9TJQKA])[cdhs],
 * "10" as "T", white space and commas between): the cards; none when the line has no
 * [...]. RM_NOT_MINE for anything else in the bracket (the cards of 888's clients in
 * other languages, which Python translates or refuses) or past ``most``. */
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
        char c = in.p[k];
        if (rm_space(c) || c == ',') {
            k++;
            continue;
        }
        char rank;
        if (c == '1' && k + 2 < in.n && in.p[k + 1] == '0') {
            rank = 'T';
            k += 2;
        } else if (c && strchr("23456789TJQKA", c)) {
            rank = c;
            k += 1;
        } else {
            return RM_NOT_MINE;
        }
        if (k >= in.n || !in.p[k] || !strchr("cdhs", in.p[k]) || n == most) {
            return RM_NOT_MINE;
        }
        out[2 * n] = rank;
        out[2 * n + 1] = in.p[k++];
        n++;
    }
    *count = n;
    return 0;
}

/* brackets.room_amount: money.amount, a point before exactly three digits being a
 * thousands point (888's European clients: "3.000 $"): such amounts are Python's. */
static int rm_room_amount(Span s, int64_t *out)
{
    for (Py_ssize_t k = 1; k + 3 < s.n; k++) {
        if (s.p[k] == '.' && rm_digit(s.p[k - 1]) && rm_digit(s.p[k + 1]) && rm_digit(s.p[k + 2]) &&
            rm_digit(s.p[k + 3]) && (k + 4 == s.n || !rm_digit(s.p[k + 4]))) {
            return RM_NOT_MINE;
        }
    }
    return rm_amount(s, out);
}

/* brackets.bracket_amount: the amount of a line's first [...]. */
static int rm_bracket_amount(Span s, int64_t *out)
{
    Span found[1];
    return rm_brackets(s, found, 1) ? rm_room_amount(found[0], out) : RM_NOT_MINE;
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
    if (rm_room_amount(stack, &chips) || !chips || rm_strip(name).n == 0 || rm_index(b, name) >= 0) {
        return RM_NOT_MINE; /* Python's: a stack joined unwritten, a name blank or seated twice */
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

/* "Dealt to NAME [cards]": the player's hole cards; -1 for cards it cannot read (the
 * hand is then Python's). */
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

/* brackets._all_in: a blind post that takes all the player has left (Python's: a short
 * big blind all in can be completed). */
static int rm_all_in(Rm *b, int i, int64_t value)
{
    return value >= b->pl[i].stack - b->pl[i].spent;
}

/* brackets.check_stacks: a player who put in more than the stack written (Python's error). */
static int rm_over_stacks(Rm *b)
{
    for (int i = 0; i < b->np; i++) {
        if (b->pl[i].spent > b->pl[i].stack) {
            return 1;
        }
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
        if (plus < 0 || rm_room_amount((Span){inside.p, plus}, &dead) ||
            rm_room_amount(rm_from(inside, plus + 1), &live) || rm_all_in(b, i, live + dead)) {
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
    if (rm_all_in(b, i, value)) {
        return RM_NOT_MINE;
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

/* pacific._GAME with the date: ^(.+?)/(.+?) Blinds (.*?) - \*\*\* (\d{2}) (\d{2}) (\d{4})
 * (\d{1,2}):(\d{2}):(\d{2}), for a first word holding one "/" (the stakes) and a date
 * after the first " - ***" (Python reads a header without one: 888.ro). */
static int rm_888_game(Span line, Span *small, Span *big, Span *game, int *when)
{
    Py_ssize_t sp = 0, slash = -1;
    while (sp < line.n && !rm_space(line.p[sp])) {
        if (line.p[sp] == '/') {
            if (slash >= 0) {
                return 0;
            }
            slash = sp;
        }
        sp++;
    }
    if (slash <= 0 || slash + 1 >= sp || !rm_starts(rm_from(line, sp), " Blinds ")) {
        return 0;
    }
    *small = (Span){line.p, slash};
    *big = (Span){line.p + slash + 1, sp - slash - 1};
    Span after = rm_from(line, sp + 8);
    Py_ssize_t at = rm_find(after, " - ***");
    if (at < 0) {
        return 0;
    }
    Span date = rm_from(after, at + 6);
    Py_ssize_t k = 0;
    int d = -1, mo = -1, y = -1, h = -1, mi = -1, s = -1;
    if (k < date.n && date.p[k++] == ' ' && (d = rm_digits(date, &k, 2, 2)) >= 0 &&
        k < date.n && date.p[k++] == ' ' && (mo = rm_digits(date, &k, 2, 2)) >= 0 &&
        k < date.n && date.p[k++] == ' ' && (y = rm_digits(date, &k, 4, 4)) >= 0 &&
        k < date.n && date.p[k++] == ' ' && (h = rm_digits(date, &k, 1, 2)) >= 0 &&
        k < date.n && date.p[k++] == ':' && (mi = rm_digits(date, &k, 2, 2)) >= 0 &&
        k < date.n && date.p[k++] == ':' && (s = rm_digits(date, &k, 2, 2)) >= 0) {
        *game = (Span){after.p, at};
        when[0] = y, when[1] = mo, when[2] = d, when[3] = h, when[4] = mi, when[5] = s;
        return 1;
    }
    return 0;
}

/* At line[q]: " N Max (" (1, N in *seats), " (" (2), else 0; -1 for more digits than read
 * here. */
static int rm_888_max(Span line, Py_ssize_t q, int *seats)
{
    Span at = rm_from(line, q);
    if (rm_starts(at, " (")) {
        return 2;
    }
    if (!rm_starts(at, " ")) {
        return 0;
    }
    Py_ssize_t k = 1;
    int n = rm_number_run(at, &k);
    if (n == -2) {
        return -1;
    }
    if (n >= 0 && rm_starts(rm_from(at, k), " Max (")) {
        *seats = n;
        return 1;
    }
    return 0;
}

/* pacific._TOURNAMENT, ^Tournament #(\d+) .*?(?: - Table #?(\S+))?(?: (\d+) Max)? \(, and
 * pacific._TABLE, ^Table (.*?)(?: (\d+) Max)? \(: 1 with the tournament's number (n -1:
 * none), the table (n -1: none) and the seats (-1: none); 0 for no match; -1 for
 * Python's. */
static int rm_888_table(Span line, Span *tournament, Span *table, int *seats)
{
    tournament->n = table->n = -1;
    *seats = -1;
    Py_ssize_t start;
    if (rm_starts(line, "Tournament #")) {
        Py_ssize_t k = 12;
        while (k < line.n && rm_digit(line.p[k])) {
            k++;
        }
        if (k == 12 || k >= line.n || line.p[k] != ' ') {
            return 0;
        }
        *tournament = (Span){line.p + 12, k - 12};
        start = k + 1;
        for (Py_ssize_t q = start; q < line.n; q++) {
            if (rm_starts(rm_from(line, q), " - Table ")) {
                Py_ssize_t a = q + 9, e;
                if (a < line.n && line.p[a] == '#' && a + 1 < line.n && !rm_space(line.p[a + 1])) {
                    a++;
                }
                for (e = a; e < line.n && !rm_space(line.p[e]); e++) {
                }
                int found = e > a ? rm_888_max(line, e, seats) : 0;
                if (found < 0) {
                    return -1;
                }
                if (found) {
                    *table = (Span){line.p + a, e - a};
                    return 1;
                }
            }
            int found = rm_888_max(line, q, seats);
            if (found) {
                return found < 0 ? -1 : 1;
            }
        }
        return 0;
    }
    if (!rm_starts(line, "Table ")) {
        return 0;
    }
    for (Py_ssize_t q = 6; q < line.n; q++) {
        int found = rm_888_max(line, q, seats);
        if (found) {
            *table = (Span){line.p + 6, q - 6};
            return found < 0 ? -1 : 1;
        }
    }
    return 0;
}

/* pacific._SPANISH, or more: a rank before a "p" or "t" in a bracket (the Spanish client's
 * suits, with which Python reads the hand's "c" as hearts). */
static int rm_spanish(Span text)
{
    int in = 0;
    for (Py_ssize_t k = 0; k + 1 < text.n; k++) {
        char c = text.p[k];
        in = c == '[' ? 1 : c == ']' || c == '\n' ? 0 : in;
        if (in && c && strchr("234567890TJQKA", c) && (text.p[k + 1] == 'p' || text.p[k + 1] == 't')) {
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
    if (rm_room_amount(small, &b->small) || rm_room_amount(big, &blind) || !blind || rm_spanish(text)) {
        return RM_NOT_MINE; /* BLAST's prize/0 level, the Spanish client's suits: Python's */
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
                tournament |= t.n >= 0;
                if ((t.n >= 0 && rm_set(b->meta, "_tournament", rm_name(t)) < 0) ||
                    (table.n >= 0 && rm_set(b->meta, "table", rm_name(table)) < 0) ||
                    (seats >= 0 && rm_set(b->meta, "seat_count", PyLong_FromLong(seats)) < 0)) {
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
            if (word < 0 || (!word && rm_contains(line, "runout"))) {
                return RM_NOT_MINE;
            }
            if (word) {
                char cards[16];
                int count;
                if (!dealt || rm_cards_in(line, cards, &count, 8) || rm_board(b, cards, 2 * count)) {
                    return RM_NOT_MINE; /* a board before the deal's line: a hand watched */
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
        if (!dealt && !summary) {
            if (rm_starts(rest, "folds")) { /* declined to post: not dealt in */
                p->out = 1;
                continue;
            }
            if (!rm_starts(rest, "posts")) {
                return RM_NOT_MINE; /* a hand watched (no deal's line): Python's */
            }
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
    if (!summary || !dealt || rm_over_stacks(b)) {
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

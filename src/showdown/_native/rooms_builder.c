/*
 * A room's hand built as showdown.phh.rooms.builder.HandBuilder builds it (see rooms.c):
 * its steps (seats, forced bets, actions, boards, what was collected and the fees), then
 * build(): the players in PHH's order, the actions as PHH writes them, the forced bets
 * (live blinds posted out of position placed as forced_bets.py places them) and the
 * fields dict in build()'s order.
 */
#include "rooms.h"

int rm_index(Rm *b, Span name)
{
    for (int i = 0; i < b->np; i++) {
        if (rm_eq(b->pl[i].name, name)) {
            return i;
        }
    }
    return -1;
}

int rm_seat(Rm *b, int seat, Span name, int64_t stack, int playing)
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
int rm_player(Rm *b, Span name)
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

/* The largest blind posted so far (HandBuilder.post: a blind below it is a small blind
 * posted out of position, dead until the player's first action). */
static int64_t rm_top_blind(Rm *b)
{
    int64_t top = 0;
    for (int i = 0; i < b->np; i++) {
        top = b->pl[i].blind > top ? b->pl[i].blind : top;
    }
    return top;
}

/* HandBuilder.post: kind 'a' ante, 'b' blind (dead: the part of it that is dead). Every
 * running total stays below RM_MOST (each amount read is below it, so no sum of two
 * wraps): past it the hand is Python's. The ante and what was spent add up all the
 * posts; the blind too, and a "raises to" below the blind can take it out of spent, so
 * the blind is bounded on its own. */
int rm_post(Rm *b, int i, char kind, int64_t value, int64_t dead)
{
    RmPlayer *p = &b->pl[i];
    p->playing = 1;
    if (kind == 'b' && !dead && value > 0 && value < rm_top_blind(b) && p->spent + value < p->stack) {
        p->late_small += value;
        if (p->late_small >= RM_MOST) {
            return RM_NOT_MINE;
        }
        kind = 'a';
    }
    if (kind == 'a') {
        p->ante += value;
        p->has_ante = 1;
        p->spent += value;
        return p->ante >= RM_MOST || p->spent >= RM_MOST ? RM_NOT_MINE : 0;
    }
    if (dead) {
        p->ante += dead;
        p->has_ante = 1;
    }
    p->blind += value;
    p->has_blind = 1;
    p->bet += value;
    p->spent += value + dead;
    if (p->ante >= RM_MOST || p->blind >= RM_MOST || p->bet >= RM_MOST || p->spent >= RM_MOST) {
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

/* Whether a variant's hole cards come street by street or after draws (builder's
 * DEALT_IN_STEPS: stud, 2-7 triple and single draw, badugi, five-card draw). */
int rm_steps(const char *variant)
{
    static const char *const steps[] = {"F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB", "N5CD", "P5CD",
                                        "F5CD", NULL};
    for (int k = 0; steps[k] != NULL; k++) {
        if (strcmp(variant, steps[k]) == 0) {
            return 1;
        }
    }
    return 0;
}

/* HandBuilder.deal (verb 'd': cards dealt to player i on this street) and .draw (verb
 * 's': the player's discards, none when standing pat). */
int rm_deal(Rm *b, int i, const char *cards, int n, char verb)
{
    b->pl[i].playing = 1;
    return rm_event(b, i, verb, cards, n);
}

/* HandBuilder.street: a new betting round without board cards. */
void rm_street(Rm *b)
{
    for (int i = 0; i < b->np; i++) {
        b->pl[i].bet = 0;
        b->pl[i].dead_in_raise = 0;
    }
}

/* builder.fixed: the fixed-limit games the readers write */
int rm_fixed(const char *variant)
{
    static const char *const fixed[] = {"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB", "F5CD",
                                        NULL};
    for (int k = 0; fixed[k] != NULL; k++) {
        if (strcmp(variant, fixed[k]) == 0) {
            return 1;
        }
    }
    return 0;
}

/* HandBuilder._completes: a call to the full big blind over one posted all in for less
 * (phh_full_blind_owed: before any board card; someone left to answer). */
static int rm_completes(Rm *b, int i, int64_t total)
{
    int64_t top = rm_top(b);
    int streets = 0;
    for (int k = 0; k < b->nev; k++) {
        streets += b->ev[k].verb == 'b';
    }
    return b->has_big && phh_full_blind_owed(b->completable, streets, top, b->big) && top < total &&
           total <= b->big && !rm_nobody_behind(b, i);
}

/* HandBuilder._late_small_counted: a small blind posted out of position turned live by
 * the player's first action, a call that reaches the bet only with it. */
static void rm_late_small_counted(Rm *b, RmPlayer *p, char verb, int64_t value)
{
    int64_t posted = p->late_small, top = rm_top(b);
    p->late_small = 0;
    if (verb == 'c' && value && p->bet + value < top && top - value - p->bet == posted) {
        p->ante -= posted;
        p->blind += posted;
        p->has_blind = 1;
        p->bet += posted;
    }
}

/* HandBuilder.act: verb 'f' fold, 'k' check, 'c' call, 'b' bet, 't' raise_to, 'p' put,
 * 'i' bring_in. */
int rm_act(Rm *b, int i, char verb, int64_t value)
{
    RmPlayer *p = &b->pl[i];
    p->playing = 1;
    if (p->late_small) {
        rm_late_small_counted(b, p, verb, value);
    }
    int64_t before = p->bet;
    if (verb == 'i') {
        b->bring_in = value;
        b->has_bring_in = 1;
        p->bet = before + value;
        p->spent += value;
        return p->bet >= RM_MOST || p->spent >= RM_MOST ? RM_NOT_MINE : rm_event(b, i, 'p', "", 0);
    }
    if (verb == 'f') {
        p->folded = 1;
        return rm_event(b, i, 'f', "", 0);
    }
    if (verb == 'c' && value && b->completable && rm_completes(b, i, before + value)) {
        char text[40];
        p->bet = before + value;
        if (rm_event(b, i, 'r', text, rm_text(p->bet, text))) {
            return RM_NOT_MINE;
        }
    } else if (verb == 'k' || verb == 'c') {
        if (verb == 'c') {
            int64_t top = rm_top(b);
            if (b->completable && value && before + value > top) {
                /* the full big blind called over a short one nobody else matches */
                p->unmatched += before + value - top;
                if (p->unmatched >= RM_MOST) {
                    return RM_NOT_MINE;
                }
            }
            p->bet = value ? before + value : top;
        }
        if (rm_event(b, i, 'c', "", 0)) {
            return RM_NOT_MINE;
        }
    } else {
        int64_t total = verb == 't' ? value : before + value, top = rm_top(b);
        if ((verb == 'p' && total <= top) || rm_nobody_behind(b, i)) {
            if (total > top) { /* the part nobody can match, handed back */
                p->unmatched += total - top;
                if (p->unmatched >= RM_MOST) {
                    return RM_NOT_MINE;
                }
            }
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

int rm_board(Rm *b, const char *cards, int n)
{
    int streets = 0;
    for (int e = 0; e < b->nev; e++) {
        streets += b->ev[e].verb == 'b';
    }
    if (streets >= 3) {
        return RM_NOT_MINE; /* a fourth street: a hand run twice not read (Python's error) */
    }
    for (int i = 0; i < b->np; i++) {
        b->pl[i].bet = 0;
        b->pl[i].dead_in_raise = 0;
    }
    return rm_event(b, -1, 'b', cards, n);
}

/* HandBuilder.runout: board cards of the run-th runout (2, 3) of a hand run more than
 * once, dealt after the first run's (the bets stay); cards all on a board already (a
 * street the runs share, written again) are not dealt twice. */
int rm_runout(Rm *b, int run, const char *cards, int n)
{
    int all = 1;
    for (int c = 0; c + 1 < n && all; c += 2) {
        int found = 0;
        for (int e = 0; e < b->nev && !found; e++) {
            const RmEvent *ev = &b->ev[e];
            for (int q = 0; ev->verb == 'b' && q + 1 < ev->argn && !found; q += 2) {
                found = memcmp(b->args + ev->arg + q, cards + c, 2) == 0;
            }
        }
        all = found;
    }
    if (all) {
        return 0;
    }
    b->runs = run > b->runs ? run : b->runs;
    return rm_event(b, -1, 'b', cards, n);
}

int rm_collect(Rm *b, Span name, int64_t value)
{
    int i = rm_player(b, name);
    if (i < 0) {
        return RM_NOT_MINE;
    }
    b->pl[i].collected += value;
    b->ncollected = 1; /* (whether any: a count of "collected $0" lines could wrap) */
    return b->pl[i].collected >= RM_MOST ? RM_NOT_MINE : 0;
}

/* The fields of the house's fees (stars._summary: rake, jackpot, any other is fees; the
 * money GGPoker's house adds to a pot, stars.read_body's "Cash Drop to Pot"). */
const char *const rm_fee_names[4] = {"_rake", "_jackpot", "_fees", "_cash_drop"};

int rm_fee(Rm *b, const char *key, int64_t value)
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

/* forced_bets.py's posted_out_of_position and forced_bets: the antes and live blinds PHH
 * writes, per place of ``order``. A live blind posted where PHH's opening rule would not
 * open the betting with the player the room shows acting first is taken out (the
 * latest largest first) until the rule names that player; its chips then come in with
 * the player's first action (and are in ``late``, _late_blinds), or are dead money (an
 * ante) when that action is a fold. 1 done (*anylate: a late blind written), 0 for Python
 * (no reading of the blinds fits; a blind taken out and no action). */
static int rm_forced_bets(Rm *b, const int *order, int n, int64_t *antes, int64_t *blinds,
                          int64_t *late, int *anylate)
{
    *anylate = 0;
    int first = -1;
    for (int k = 0; k < b->nev && first < 0; k++) {
        first = b->ev[k].verb == 'd' ? -1 : b->ev[k].who;
    }
    int64_t posted[RM_SEATS];
    int any = 0;
    for (int k = 0; k < n; k++) {
        antes[k] = b->pl[order[k]].ante;
        blinds[k] = posted[k] = b->pl[order[k]].blind;
        late[k] = 0;
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
            if (b->ev[e].verb == 'b' || b->ev[e].verb == 's') {
                break; /* the flop, or a draw: the first round is over */
            }
            verb = b->ev[e].who == order[k] ? b->ev[e].verb : 0;
        }
        if (!verb) {
            return 0; /* posted out of position and no action preflop: Python's error */
        }
        if (verb == 'f') {
            if (antes[k] + blinds[k] >= RM_MOST) {
                return 0; /* a sum past the amounts read here: Python's */
            }
            antes[k] += blinds[k];
        } else {
            late[k] = blinds[k];
            *anylate = 1;
        }
        blinds[k] = 0;
    }
    return 1;
}

/* HandBuilder._won: what the room says the player collected, less the part of a raise
 * nobody could answer when the room counts it as won (Winamax). */
static int64_t rm_won(const Rm *b, const RmPlayer *p)
{
    return b->collects_unmatched && p->collected >= p->unmatched ? p->collected - p->unmatched
                                                                  : p->collected;
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
                  : which == 3 ? rm_won(b, p) : p->bounty;
        PyObject *x = rm_number(v);
        if (x == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, x);
    }
    return list;
}

/* A list of whole numbers (Python ints). */
static PyObject *rm_ints(const int64_t *values, int n)
{
    PyObject *list = PyList_New(n);
    for (int k = 0; k < n && list != NULL; k++) {
        PyObject *x = PyLong_FromLongLong(values[k]);
        if (x == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, x);
    }
    return list;
}

/* The hand's fields as HandBuilder.build writes them, in its order; *fields NULL when the
 * hand is Python's. Returns -1 on a Python error. */
int rm_build(Rm *b, PyObject **fields)
{
    *fields = NULL;
    int order[RM_SEATS], n = rm_order(b, order), pos[RM_SEATS];
    int64_t antes[RM_SEATS], blinds[RM_SEATS], late[RM_SEATS];
    int anylate = 0;
    if (n < 2 || !rm_forced_bets(b, order, n, antes, blinds, late, &anylate)) {
        return 0;
    }
    const char *variant = PyUnicode_AsUTF8(b->variant);
    if (variant == NULL) {
        return -1;
    }
    /* builder.HOLE_CARDS of the board games built here */
    int cards = strcmp(variant, "PO") == 0 || strcmp(variant, "FO/8") == 0 ||
                strcmp(variant, "PO/8") == 0 ? 4
              : strcmp(variant, "P5O") == 0 || strcmp(variant, "P5O/8") == 0 ? 5 : 2;
    int blind_board = strcmp(variant, "NT") == 0 || strcmp(variant, "PO") == 0 ||
                      strcmp(variant, "PT") == 0 || strcmp(variant, "PO/8") == 0 ||
                      strcmp(variant, "P5O") == 0 || strcmp(variant, "P5O/8") == 0;
    int steps = rm_steps(variant);
    int stud = steps && (variant[0] == 'F' && (variant[1] == '7' || variant[1] == 'R'));
    int fixed = rm_fixed(variant);
    if (!blind_board && !fixed && !steps) {
        return 0; /* a variant the readers do not write: Python's */
    }
    if (stud && !b->has_bring_in) {
        return 0; /* "nobody brought in": Python's error */
    }
    for (int i = 0; i < b->np; i++) {
        pos[i] = -1;
    }
    for (int k = 0; k < n; k++) {
        pos[order[k]] = k;
        RmPlayer *p = &b->pl[order[k]];
        int have = p->has_hole && p->nhole ? p->nhole : p->has_shown && p->nshown ? p->nshown : cards;
        /* one card shown (GGPoker), the others unknown: HandBuilder.build pads it */
        int padded = !p->has_hole && p->has_shown && p->nshown && p->nshown < cards;
        if (have != cards && !steps && !padded) {
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
        /* a blind posted all in for less leaves the header's big blind owed */
        if (posted && !found && !b->completable) {
            big = most;
        }
    }
    PyObject *f = PyDict_New(), *actions = PyList_New(0);
    if (f == NULL || actions == NULL) {
        goto error;
    }
    char line[RM_ARG + 32];
    for (int k = 0; k < n && !steps; k++) {
        RmPlayer *p = &b->pl[order[k]];
        memcpy(line, "d dh ", 5);
        int len = 5 + rm_put_player(line + 5, k + 1);
        line[len++] = ' ';
        if (p->has_hole && p->nhole) {
            memcpy(line + len, p->hole, (size_t)(2 * p->nhole));
        } else if (p->has_shown && p->nshown) {
            memcpy(line + len, p->shown, (size_t)(2 * p->nshown));
            memset(line + len + 2 * p->nshown, '?', (size_t)(2 * (cards - p->nshown)));
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
    int sequence[RM_EVENTS], held[RM_EVENTS], nseq = 0, nheld = 0, drawing = 0;
    unsigned drew = 0; /* who discarded in this draw (a bit per player) */
    for (int e = 0; e < b->nev; e++) { /* deals_after_draws: new cards after the discards */
        char verb = b->ev[e].verb;
        int who = b->ev[e].who;
        unsigned bit = who >= 0 && who < RM_SEATS ? 1u << who : 0;
        if (verb == 's') {
            if (drew & bit) { /* the next draw, all in: the last draw's cards first */
                for (int h = 0; h < nheld; h++) {
                    sequence[nseq++] = held[h];
                }
                nheld = 0;
                drew = 0;
            }
            drew |= bit;
            drawing = 1;
        } else if (verb == 'd' && drawing) {
            held[nheld++] = e;
            continue;
        } else {
            drawing = 0;
            drew = 0;
            for (int h = 0; h < nheld; h++) {
                sequence[nseq++] = held[h];
            }
            nheld = 0;
        }
        sequence[nseq++] = e;
    }
    for (int h = 0; h < nheld; h++) {
        sequence[nseq++] = held[h];
    }
    for (int q = 0; q < nseq; q++) {
        RmEvent *ev = &b->ev[sequence[q]];
        int len;
        if (ev->verb == 'b') {
            memcpy(line, "d db ", 5);
            len = 5;
        } else if (ev->verb == 'd') {
            memcpy(line, "d dh ", 5);
            len = 5 + rm_put_player(line + 5, pos[ev->who] + 1);
            line[len++] = ' ';
        } else {
            const char *verb = ev->verb == 'f' ? " f" : ev->verb == 'c' ? " cc" : ev->verb == 'r' ? " cbr"
                             : ev->verb == 's' ? " sd" : " pb";
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
        (stud ? rm_set(f, "bring_in", rm_number(b->bring_in))
              : rm_set(f, "blinds_or_straddles", rm_numbers(b, order, n, 1, n == 2, blinds))) < 0 ||
        (anylate && rm_set(f, "_late_blinds", rm_numbers(b, order, n, 1, 0, late)) < 0)) {
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
    if (b->runs > 1 && rm_set(f, "_runout_count", PyLong_FromLong(b->runs)) < 0) {
        goto error;
    }
    if (b->anybounty && rm_set(f, "_bounties", rm_numbers(b, order, n, 4, 0, NULL)) < 0) {
        goto error;
    }
    if (b->anywonbounty) { /* bounties paid, and who knocked out whom (player numbers) */
        int64_t won[RM_SEATS], by[RM_SEATS];
        for (int k = 0; k < n; k++) {
            RmPlayer *p = &b->pl[order[k]];
            won[k] = p->won_bounty;
            by[k] = p->eliminated_by ? pos[p->eliminated_by - 1] + 1 : 0;
        }
        if (rm_set(f, "_bounties_won", rm_numbers(b, order, n, 0, 0, won)) < 0 ||
            rm_set(f, "_eliminated_by", rm_ints(by, n)) < 0) {
            goto error;
        }
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

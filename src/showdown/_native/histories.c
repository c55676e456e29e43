/*
 * Replay and settle a run of everyday PHH hands in one call. A hand is
 * its fields dict (as read from the file); shapes maps a variant code to
 * (structure 0 no-limit / 1 pot-limit / 2 fixed-limit, hole cards, cap or 0,
 * evaluator, bet kind per street 0 small / 1 big x 5, draws, ladder): the evaluators
 * are 0 seven-card high, 1 Omaha high, 2 five-card draw, 3 Omaha eight-or-better hi-lo,
 * 4 short-deck Hold'em, 5 deuce-to-seven lowball, 6 badugi, 7 seven-card stud, 8 stud
 * eight-or-better hi-lo, 9 razz (see PhhShape in kernel.h). The games: blind-and-board
 * games dealt flop, turn, river from 52 cards (36 in short deck); draw games (hole
 * cards, a round, then one to three draws each followed by a round); stud (antes, a
 * bring-in, five streets of up and down cards, each round opened by the up cards as
 * showdown.phh.upcards opens it). A hand run more than once (_runout_count) deals each
 * run's board in turn and is settled run by run (settlement.c; not hi-lo or stud).
 * Amounts are whole numbers or decimals (0.25, "cbr 3.50"), counted in units
 * of the hand's smallest decimal place as showdown.phh.amounts counts them;
 * an unknown starting stack (inf) is one no bet reaches (PHH_INF). The betting
 * rules are those of showdown.phh.engine and showdown.phh.betting (the same
 * steps, in C); the settlement (settlement.c) those of showdown.pots.resolution.resolve
 * for tables whose seats run clockwise from p1 (unequal antes as dead money, as
 * showdown.phh.settlement._dead_antes counts them). Anything
 * else, an illegal action included, gives None for that hand: Python then
 * replays it and raises the error that names the rule. The tests compare both
 * on random legal and broken hands and on real files. Tables method phh_settle
 * (its docstring is in module.c). This file replays a hand's betting.
 */
#include "kernel.h"

/* Larger amounts (in units) are the Python path's. Every total of a hand stays far from
 * 2**63: ten players, five rounds, each bet, stack, ante and blind below 2**44 (an unknown
 * stack is PHH_INF, 2**60, which no bet reaches), so no sum the replay, the settlement or
 * the rows make can wrap. */
#define PHH_LIMIT ((int64_t)1 << 44)
#define PHH_PLACES 9                 /* more decimal places: the Python path's error */

static const int64_t phh_pow10[PHH_PLACES + 1] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};

enum { PHH_STACKS, PHH_ANTES, PHH_BLINDS, PHH_MIN_BET, PHH_SMALL, PHH_BIG, PHH_ACTIONS,
       PHH_VARIANT, PHH_SEATS, PHH_RUNOUTS, PHH_BRING_IN, PHH_CAP, PHH_LATE, PHH_NKEYS };
static const char *const phh_key_names[PHH_NKEYS] = {
    "starting_stacks", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
    "actions", "variant", "seats", "_runout_count", "bring_in", "_cap", "_late_blinds"};
static PyObject *phh_keys[PHH_NKEYS]; /* interned: the dict lookups compare pointers first */

static int phh_init(void)
{
    if (phh_keys[PHH_NKEYS - 1] != NULL) {
        return 0;
    }
    for (int k = 0; k < PHH_NKEYS; k++) {
        if (phh_keys[k] == NULL && (phh_keys[k] = PyUnicode_InternFromString(phh_key_names[k])) == NULL) {
            return -1;
        }
    }
    return 0;
}

/* A card text to its id (0..51), NCARDS for "??", -1 for anything else. */
static int phh_card(const char *s)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (s[0] == '?' && s[1] == '?') {
        return NCARDS;
    }
    const char *r = s[0] ? strchr(ranks, s[0]) : NULL;
    const char *u = s[1] ? strchr(suits, s[1]) : NULL;
    if (r == NULL || u == NULL) {
        return -1;
    }
    return (int)(r - ranks) * 4 + (int)(u - suits);
}

/* ``count`` card texts at ``text`` into ``out``, each marked in ``used`` ("??" cards
 * unmarked): 1 (the hand is left to the engine) on a bad card or one already dealt. */
static int take_cards(const char *text, int count, uint64_t *used, int *out)
{
    for (int k = 0; k < count; k++) {
        int c = phh_card(text + 2 * k);
        if (c < 0) {
            return 1;
        }
        if (c != NCARDS) {
            if (*used >> c & 1) {
                return 1;
            }
            *used |= (uint64_t)1 << c;
        }
        out[k] = c;
    }
    return 0;
}

/* An exact int in 0..PHH_LIMIT, or -1. */
static int64_t phh_int(PyObject *v)
{
    if (v == NULL || !PyLong_CheckExact(v)) {
        return -1;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || x < 0 || x > PHH_LIMIT) {
        return -1;
    }
    return (int64_t)x;
}

/* A list of n such ints; 0, or 1 when it is not one. */
static int phh_ints(PyObject *v, int n, int64_t *out)
{
    if (v == NULL || !PyList_CheckExact(v) || PyList_GET_SIZE(v) != n) {
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if ((out[i] = phh_int(PyList_GET_ITEM(v, i))) < 0) {
            return 1;
        }
    }
    return 0;
}

/* Decimal digits "123" or "123.45" (at most 15 digits: a double holds them exactly) as
 * 12345 and 2 places; 0, or 1 for any other text. */
static int phh_decimal(const char *s, Py_ssize_t len, int64_t *digits, int *places)
{
    int64_t x = 0;
    int count = 0, dot = -1;
    for (Py_ssize_t k = 0; k < len; k++) {
        if (s[k] == '.' && dot < 0 && k > 0 && k + 1 < len) {
            dot = (int)k;
            continue;
        }
        if (s[k] < '0' || s[k] > '9' || ++count > 15) {
            return 1;
        }
        x = 10 * x + (s[k] - '0');
    }
    if (len == 0) {
        return 1;
    }
    *digits = x;
    *places = dot < 0 ? 0 : (int)(len - 1 - dot);
    return 0;
}

/* An amount of a field as (digits, decimal places), as showdown.phh.amounts reads it: an
 * int, or a float by its shortest repr (0.5 is 5 and 1 place, 2.0 is 2 and 0 places);
 * places -1 for inf where allowed. 0, 1 outside (negative, exponent, too large), -1 error. */
static int phh_amount(PyObject *v, int allow_inf, int64_t *digits, int *places)
{
    if (v == NULL) {
        return 1;
    }
    if (PyLong_CheckExact(v)) {
        *places = 0;
        return (*digits = phh_int(v)) < 0;
    }
    if (!PyFloat_CheckExact(v)) {
        return 1;
    }
    double d = PyFloat_AS_DOUBLE(v);
    if (d > 0 && d - d != 0) { /* +inf */
        *places = -1;
        *digits = 0;
        return !allow_inf;
    }
    if (!(d >= 0)) {
        return 1;
    }
    char *text = PyOS_double_to_string(d, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (text == NULL) {
        return -1;
    }
    Py_ssize_t len = (Py_ssize_t)strlen(text);
    if (len > 2 && text[len - 1] == '0' && text[len - 2] == '.') {
        len -= 2; /* a whole number (repr "2.0"): no decimal places */
    }
    int failed = phh_decimal(text, len, digits, places);
    PyMem_Free(text);
    return failed;
}

/* digits at places in units of 10**-scale places (scale >= places), or -1 past PHH_LIMIT. */
static int64_t phh_units(int64_t digits, int places, int scale)
{
    int64_t factor = phh_pow10[scale - places];
    return digits > PHH_LIMIT / factor ? -1 : digits * factor;
}
/* The players who act in a new round from opener (betting.round_queue). */
static int phh_round_queue(int n, int opener, const int64_t *stacks, const int64_t *bets,
                           const unsigned char *folded, int *queue)
{
    int64_t first = -1, second = -1;
    int top = -1, len = 0;
    for (int i = 0; i < n; i++) {
        if (!folded[i]) {
            int64_t total = stacks[i] + bets[i];
            if (total > first) {
                second = first;
                first = total;
                top = i;
            } else if (total > second) {
                second = total;
            }
        }
    }
    for (int k = 0; k < n; k++) {
        int i = (opener + k) % n;
        if (folded[i] || !stacks[i]) {
            continue;
        }
        if ((i == top ? second : first) <= bets[i]) {
            continue;
        }
        queue[len++] = i;
    }
    return len;
}

/* Split words at single-byte blanks; -1 when the text holds other white space or '#'. */
static int phh_words(const char *s, Py_ssize_t len, const char **word, Py_ssize_t *wlen)
{
    int count = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t j = 0; j < len; j++) {
        unsigned char c = (unsigned char)s[j];
        if (c == '#' || (c < 0x21 && c != ' ') || c == 0x7f) {
            return -1;
        }
    }
    while (k < len) {
        while (k < len && s[k] == ' ') {
            k++;
        }
        if (k == len) {
            break;
        }
        if (count == 4) {
            return -1;
        }
        word[count] = s + k;
        while (k < len && s[k] != ' ') {
            k++;
        }
        wlen[count] = (s + k) - word[count];
        count++;
    }
    return count;
}

static int phh_is(const char *w, Py_ssize_t len, const char *text)
{
    return (size_t)len == strlen(text) && memcmp(w, text, (size_t)len) == 0;
}

/* "p1".."p99" as 0..98, else -1. */
static int phh_player(const char *w, Py_ssize_t len)
{
    if (len < 2 || len > 3 || w[0] != 'p' || w[1] < '1' || w[1] > '9') {
        return -1;
    }
    int k = w[1] - '0';
    if (len == 3) {
        if (w[2] < '0' || w[2] > '9') {
            return -1;
        }
        k = 10 * k + (w[2] - '0');
    }
    return k - 1;
}

/* The per-player amounts of a field: 0, 1 outside, -1 error (see phh_amount). */
static int phh_amounts(PyObject *v, int n, int allow_inf, int64_t *digits, int *places)
{
    if (v == NULL || !PyList_CheckExact(v) || PyList_GET_SIZE(v) != n) {
        return PyErr_Occurred() ? -1 : 1;
    }
    for (int i = 0; i < n; i++) {
        int status = phh_amount(PyList_GET_ITEM(v, i), allow_inf, digits + i, places + i);
        if (status) {
            return status;
        }
    }
    return 0;
}

/* The decimal places of the bets written with a point ("p1 cbr 3.50": 2), as
 * showdown.phh.amounts counts them; -1 for a text the replay would not take anyway. */
static int phh_bet_places(PyObject *actions)
{
    int most = 0;
    Py_ssize_t count = PyList_GET_SIZE(actions);
    for (Py_ssize_t a = 0; a < count; a++) {
        PyObject *item = PyList_GET_ITEM(actions, a);
        if (!PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item)) {
            return -1;
        }
        const char *text = (const char *)PyUnicode_DATA(item);
        Py_ssize_t len = PyUnicode_GET_LENGTH(item);
        const char *dot = memchr(text, '.', (size_t)len);
        if (dot == NULL) {
            continue;
        }
        const char *word[4];
        Py_ssize_t wlen[4];
        int64_t digits;
        int places;
        if (phh_words(text, len, word, wlen) != 3 || !phh_is(word[1], wlen[1], "cbr") ||
            phh_decimal(word[2], wlen[2], &digits, &places)) {
            return -1;
        }
        most = places > most ? places : most;
    }
    return most;
}

/* Python's order of two tuples of ints: -1, 0 or 1. */
static int phh_tuple_order(const int *a, int la, const int *b, int lb)
{
    for (int k = 0; k < la && k < lb; k++) {
        if (a[k] != b[k]) {
            return a[k] < b[k] ? -1 : 1;
        }
    }
    return la < lb ? -1 : la > lb;
}

/* upcards.opener_by_upcards: who opens stud's betting on ``street`` (0: third street, by
 * the last up card: the lowest brings in, aces high, clubs lowest; in razz the highest,
 * aces low, spades highest; later: the best poker hand showing, in razz the best low),
 * ties to the first player; the up cards are the third to sixth, "??" not counted. */
static int phh_upcard_opener(const PhhHand *h, int street, int razz)
{
    int best = 0, found = 0, best_sizes[7] = {0}, best_ranks[7] = {0}, nbs = 0, nbr = 0;
    for (int i = 0; i < h->n; i++) {
        int up[7], nup = 0;
        if (h->folded[i]) {
            continue;
        }
        for (int k = 2; k < h->nhole[i] && k < 6; k++) {
            if (h->hole[i][k] != NCARDS) {
                up[nup++] = h->hole[i][k];
            }
        }
        if (!nup) {
            continue;
        }
        int sizes[7] = {0}, ranks[7] = {0}, ns = 0, nr = 0;
        if (street == 0) {
            int c = up[nup - 1], r = c >> 2, suit = c & 3;
            if (razz) { /* (rank aces low, suit): the highest */
                sizes[0] = r == 12 ? 0 : r + 1;
                sizes[1] = suit;
            } else { /* the lowest, as the highest of the negated key */
                sizes[0] = -r;
                sizes[1] = -suit;
            }
            ns = 2;
        } else {
            int counts[13] = {0};
            for (int k = 0; k < nup; k++) {
                int r = up[k] >> 2;
                counts[razz ? (r == 12 ? 0 : r + 1) : r]++;
            }
            for (int c = 4; c >= 1; c--) { /* groups by size, then rank, both descending */
                for (int r = 12; r >= 0; r--) {
                    if (counts[r] == c) {
                        sizes[ns++] = razz ? -c : c;
                        ranks[nr++] = razz ? -r : r;
                    }
                }
            }
        }
        int order = found ? phh_tuple_order(sizes, ns, best_sizes, nbs) : 1;
        if (order == 0) {
            order = phh_tuple_order(ranks, nr, best_ranks, nbr);
        }
        if (order > 0) {
            found = 1;
            best = i;
            memcpy(best_sizes, sizes, sizeof sizes);
            memcpy(best_ranks, ranks, sizeof ranks);
            nbs = ns;
            nbr = nr;
        }
    }
    return best;
}

/* upcards.open_pair on fourth street: a live player's up cards (the third and fourth)
 * pair, "??" not counted. */
static int phh_open_pair(const PhhHand *h)
{
    for (int i = 0; i < h->n; i++) {
        if (!h->folded[i] && h->nhole[i] >= 4 && h->hole[i][2] != NCARDS &&
            h->hole[i][3] != NCARDS && h->hole[i][2] >> 2 == h->hole[i][3] >> 2) {
            return 1;
        }
    }
    return 0;
}

/* Replay one hand: 0 done, 1 not an everyday hand (Python replays it), -1 error. */
static int phh_replay(PyObject *fields, const PhhShape *shape, PhhHand *h)
{
    PyObject *stacks_obj = PyDict_GetItemWithError(fields, phh_keys[PHH_STACKS]);
    if (stacks_obj == NULL || !PyList_CheckExact(stacks_obj)) {
        return PyErr_Occurred() ? -1 : 1;
    }
    Py_ssize_t size = PyList_GET_SIZE(stacks_obj);
    if (size < 2 || size > PHH_MAX) {
        return 1;
    }
    int n = (int)size;
    h->n = n;
    PyObject *actions = PyDict_GetItemWithError(fields, phh_keys[PHH_ACTIONS]);
    if (actions == NULL || !PyList_CheckExact(actions)) {
        return PyErr_Occurred() ? -1 : 1;
    }
    /* a cap game (_cap): engine._behind_the_cap keeps each player's chips above the cap
     * out of the hand; read here, applied once the stacks are in units */
    int64_t cap = 0;
    int cap_places = 0;
    PyObject *cap_obj = PyDict_GetItemWithError(fields, phh_keys[PHH_CAP]);
    if (cap_obj != NULL) {
        int failed = phh_amount(cap_obj, 0, &cap, &cap_places);
        if (failed) {
            return failed; /* not a plain amount: the engine names the error */
        }
    } else if (PyErr_Occurred()) {
        return -1;
    }
    /* Every amount as (digits, places); then all in units of the most places. */
    int64_t stacks[PHH_MAX], antes[PHH_MAX], blinds[PHH_MAX], sizes[PHH_STREETS], size_of[3];
    int stack_places[PHH_MAX], ante_places[PHH_MAX], blind_places[PHH_MAX], size_places[3];
    /* _late_blinds: live blinds posted out of position, in the pot from the start */
    int64_t late[PHH_MAX] = {0};
    int late_places[PHH_MAX] = {0};
    /* the bet sizes: min_bet, or small_bet and big_bet (and stud's bring_in) */
    int nsizes = shape->structure == 2 ? 2 + (shape->stud != 0) : 1;
    int status = phh_amounts(stacks_obj, n, 1, stacks, stack_places);
    if (!status) {
        status = phh_amounts(PyDict_GetItemWithError(fields, phh_keys[PHH_ANTES]), n, 0,
                             antes, ante_places);
    }
    if (!status && shape->stud) { /* no blinds in stud (the engine reads none) */
        for (int i = 0; i < n; i++) {
            blinds[i] = 0;
            blind_places[i] = 0;
        }
    } else if (!status) {
        status = phh_amounts(PyDict_GetItemWithError(fields, phh_keys[PHH_BLINDS]), n, 0,
                             blinds, blind_places);
    }
    PyObject *late_obj = PyDict_GetItemWithError(fields, phh_keys[PHH_LATE]);
    if (late_obj == NULL && PyErr_Occurred()) {
        return -1;
    }
    if (!status && late_obj != NULL) {
        status = phh_amounts(late_obj, n, 0, late, late_places);
    }
    for (int k = 0; k < nsizes && !status; k++) {
        int key = shape->structure == 2 ? (k == 2 ? PHH_BRING_IN : k ? PHH_BIG : PHH_SMALL)
                                        : PHH_MIN_BET;
        PyObject *v = PyDict_GetItemWithError(fields, phh_keys[key]);
        status = v == NULL && PyErr_Occurred() ? -1
                                               : phh_amount(v, 0, size_of + k, size_places + k);
    }
    if (status) {
        return status;
    }
    int scale = phh_bet_places(actions);
    if (scale < 0) {
        return 1;
    }
    for (int i = 0; i < n; i++) {
        scale = stack_places[i] > scale ? stack_places[i] : scale;
        scale = ante_places[i] > scale ? ante_places[i] : scale;
        scale = blind_places[i] > scale ? blind_places[i] : scale;
        scale = late_places[i] > scale ? late_places[i] : scale;
    }
    for (int k = 0; k < nsizes; k++) {
        scale = size_places[k] > scale ? size_places[k] : scale;
    }
    if (scale > PHH_PLACES) {
        return 1;
    }
    h->places = scale;
    for (int i = 0; i < n; i++) {
        h->unknown_stack[i] = stack_places[i] < 0;
        stacks[i] = h->unknown_stack[i] ? PHH_INF : phh_units(stacks[i], stack_places[i], scale);
        antes[i] = phh_units(antes[i], ante_places[i], scale);
        blinds[i] = phh_units(blinds[i], blind_places[i], scale);
        late[i] = phh_units(late[i], late_places[i], scale);
        if (stacks[i] < 0 || antes[i] < 0 || blinds[i] < 0 || late[i] < 0) {
            return 1;
        }
    }
    for (int k = 0; k < nsizes; k++) {
        size_of[k] = phh_units(size_of[k], size_places[k], scale);
        if (size_of[k] < 0) {
            return 1;
        }
    }
    int64_t bring_in = nsizes == 3 ? size_of[2] : 0;
    for (int s = 0; s < PHH_STREETS; s++) {
        sizes[s] = shape->structure == 2 ? size_of[shape->bet[s]] : size_of[0];
        if (sizes[s] <= 0) {
            return 1;
        }
    }
    PyObject *seats = PyDict_GetItemWithError(fields, phh_keys[PHH_SEATS]);
    h->lowest = 0;
    if (seats != NULL) { /* real seat numbers: clockwise from p1, the button last */
        if (phh_ints(seats, n, h->seat)) {
            return 1;
        }
        int descents = 0;
        for (int i = 0; i < n; i++) {
            int64_t next = h->seat[(i + 1) % n];
            if (h->seat[i] == next) {
                return 1;
            }
            if (h->seat[i] > next) {
                descents++;
                h->lowest = (i + 1) % n;
            }
        }
        if (descents != 1) {
            return 1;
        }
    } else if (PyErr_Occurred()) {
        return -1;
    } else {
        for (int i = 0; i < n; i++) {
            h->seat[i] = i + 1;
        }
    }
    for (int i = 0; i < n; i++) {
        if (!stacks[i]) {
            return 1;
        }
        h->start[i] = stacks[i];
    }
    if (cap_obj != NULL) { /* the chips above the cap stay behind: in start, not in play */
        if (cap_places > scale || cap <= 0) {
            return 1; /* the engine's error: more decimal places than the hand, or no cap */
        }
        cap = phh_units(cap, cap_places, scale);
        for (int i = 0; i < n; i++) {
            if (cap < 0 || h->unknown_stack[i]) {
                return 1; /* past the kernel's amounts, or an unknown stack: the engine */
            }
            stacks[i] = stacks[i] < cap ? stacks[i] : cap;
        }
    }
    if (n == 2) { /* heads-up: the forced bets are reversed */
        int64_t t = antes[0];
        antes[0] = antes[1];
        antes[1] = t;
        t = blinds[0];
        blinds[0] = blinds[1];
        blinds[1] = t;
    }
    int64_t bets[PHH_MAX], acted[PHH_MAX], max_bet = 0;
    unsigned char shown[PHH_MAX];
    uint64_t used = shape->excluded; /* cards outside the deck: as if dealt already */
    for (int i = 0; i < n; i++) {
        int64_t ante = antes[i] < stacks[i] ? antes[i] : stacks[i];
        int64_t behind = stacks[i] - ante;
        int64_t blind = blinds[i] < behind ? blinds[i] : behind;
        /* a live blind posted out of position: in the bet, opening nothing */
        int64_t posted = late[i] < behind - blind ? late[i] : behind - blind;
        h->paid[i] = ante;
        bets[i] = blind + posted;
        stacks[i] = behind - blind - posted;
        h->contrib[i] = ante + blind + posted;
        max_bet = bets[i] > max_bet ? bets[i] : max_bet;
        h->folded[i] = h->mucked[i] = shown[i] = 0;
        h->nhole[i] = 0;
        acted[i] = -1;
    }
    /* engine.HandState.short_blind: every blind posted below the big blind, a player all
     * in from the forced bets: the big blind stays owed (phh_full_blind_owed) */
    int any_blind = 0, all_in = 0;
    for (int i = 0; i < n; i++) {
        any_blind |= blinds[i] != 0;
        all_in |= !stacks[i];
    }
    int short_blind = phh_short_blind(shape->structure == 2, max_bet, sizes[0], any_blind && all_in);
    /* engine._runout_count: how many times the board is run out (anything but a whole
     * number from 1 to 9 is the Python path's error) */
    int runs = 1;
    PyObject *runs_obj = PyDict_GetItemWithError(fields, phh_keys[PHH_RUNOUTS]);
    if (runs_obj != NULL) {
        long count = PyLong_CheckExact(runs_obj) ? PyLong_AsLong(runs_obj) : 0;
        if (count == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 1;
        }
        if (count < 1 || count > PHH_RUNS) {
            return 1;
        }
        runs = (int)count;
    } else if (PyErr_Occurred()) {
        return -1;
    }
    h->nruns = 0;
    int runout_street = -1; /* engine.HandState.runout_street: all in, no betting after */
    enum { DEAL, BET, DRAW, DONE } phase = DEAL;
    /* draw games: hole cards, a round, then per draw a round of discards and one of bets */
    int draw_game = shape->draws > 0, stud = shape->stud;
    int live = n, undealt = n, street = 0, pending = 0;
    int streets = stud ? 5 : draw_game ? 1 + shape->draws : 4;
    static const int board_game[PHH_STREETS] = {0, 3, 1, 1, 0}, no_board[PHH_STREETS] = {0};
    const int *boards = draw_game || stud ? no_board : board_game;
    /* the cards owed: after a draw, and in stud on each street (engine.pending_holes) */
    int owed[PHH_MAX] = {0}, drawing[PHH_MAX], dhead = 0, dlen = 0; /* engine.draws_left */
    for (int i = 0; i < n && stud; i++) {
        owed[i] = 3; /* third street: two down, one up */
    }
    /* stud: the bring-in is due from the first to act on third street, who may complete
     * to the small bet instead; the completion reopens the betting to the bring-in */
    int bring_in_due = 0, completion = 0;
    int queue[PHH_MAX], qhead = 0, qlen = 0;
    int64_t full = 0, level = 0; /* engine.HandState.full and .level */
    int64_t round_size = 0; /* the round's bet when not the street's (an open pair's) */
    int raises = 0, aggressor = -1, round_acted = 0;
    h->last_aggressor = -1;
    h->nboard = 0;
    Py_ssize_t count_actions = PyList_GET_SIZE(actions);
    for (Py_ssize_t a = 0; a < count_actions; a++) {
        PyObject *item = PyList_GET_ITEM(actions, a);
        if (!PyUnicode_CheckExact(item) || !PyUnicode_IS_ASCII(item)) {
            return 1;
        }
        const char *word[4];
        Py_ssize_t wlen[4];
        int count = phh_words((const char *)PyUnicode_DATA(item), PyUnicode_GET_LENGTH(item),
                              word, wlen);
        if (count < 0) {
            return 1;
        }
        int begin = 0, end = 0, redo = 0;
        int dealer = count >= 1 && phh_is(word[0], wlen[0], "d");
        if (count == 2 && !dealer && phase != DONE &&
            (phh_is(word[1], wlen[1], "cc") || phh_is(word[1], wlen[1], "f"))) {
            /* engine.HandState._all_in_action: a check or a fold written for a player all
             * in (no turn to act): the check changes nothing, the fold puts them out of
             * every pot */
            int i = phh_player(word[0], wlen[0]);
            if (i >= 0 && i < n && !h->folded[i] && stacks[i] == 0) {
                if (phh_is(word[1], wlen[1], "cc")) {
                    continue;
                }
                h->folded[i] = 1;
                if (--live > 1) {
                    continue;
                }
                if (phase != BET) {
                    phase = DONE;
                    continue;
                }
                end = 1;
                goto round_over;
            }
        }
        if (phase == BET && ((count == 3 && dealer && phh_is(word[1], wlen[1], "db")) ||
                             (count == 4 && dealer && phh_is(word[1], wlen[1], "dh")) ||
                             ((count == 2 || count == 3) && !dealer &&
                              (phh_is(word[1], wlen[1], "sm") || phh_is(word[1], wlen[1], "sd"))))) {
            /* engine._no_decision_left: before board cards or a show, a round whose
             * players still to act have matched the bet, with no two live players with
             * chips, ends (nobody has a decision left); the action is then read again */
            int asked = 0, with_chips = 0;
            for (int q = qhead; q < qlen; q++) {
                asked |= bets[queue[q]] < max_bet;
            }
            for (int j = 0; j < n; j++) {
                with_chips += !h->folded[j] && stacks[j] > 0;
            }
            redo = end = !asked && with_chips <= 1;
        }
        int owes = 0; /* dealing.CardsInPlay._draw: a draw's cards owed, not dealt */
        for (int i = 0; i < n; i++) {
            owes |= (street == 0 && !stud ? (h->nhole[i] ? 0 : shape->holes) : owed[i]) > 0;
        }
        int all_in = 0; /* dealing.CardsInPlay._show: no two live players with chips */
        if (owes && (count == 2 || count == 3) && !dealer && phh_is(word[1], wlen[1], "sm")) {
            int with_chips = 0;
            for (int j = 0; j < n; j++) {
                with_chips += !h->folded[j] && stacks[j] > 0;
            }
            all_in = with_chips <= 1;
        }
        if (!redo && phase == DEAL && !pending && !dealer && count >= 2 &&
            (phh_is(word[1], wlen[1], "cc") || phh_is(word[1], wlen[1], "f") ||
             phh_is(word[1], wlen[1], "cbr") || phh_is(word[1], wlen[1], "pb") ||
             (owes && phh_is(word[1], wlen[1], "sd")) || all_in)) {
            /* engine._fill_unknown_holes: a bet (or, all in, the next draw or a show)
             * before the hole cards due are dealt: they are unknown ("??"); the round
             * starts and the action is read again */
            for (int i = 0; i < n; i++) {
                int due = street == 0 && !stud ? (h->nhole[i] ? 0 : shape->holes) : owed[i];
                for (int k = 0; k < due; k++) {
                    h->hole[i][h->nhole[i]++] = NCARDS;
                }
                owed[i] = 0;
            }
            undealt = 0;
            begin = redo = 1;
        }
        if (redo) {
            /* the round starts or ends below; the same action is read again after it */
        } else if (count == 2 || (count == 3 && !dealer)) {
            int i = phh_player(word[0], wlen[0]);
            if (i < 0 || i >= n) {
                return 1;
            }
            int cc = phh_is(word[1], wlen[1], "cc"), fold = phh_is(word[1], wlen[1], "f");
            if (phh_is(word[1], wlen[1], "pb")) { /* the bring-in posted */
                if (count != 2 || phase != BET || queue[qhead] != i || !bring_in_due) {
                    return 1;
                }
                bring_in_due = 0;
                int64_t put = bring_in < stacks[i] ? bring_in : stacks[i];
                stacks[i] -= put;
                bets[i] += put;
                h->contrib[i] += put;
                max_bet = bets[i] > max_bet ? bets[i] : max_bet;
                acted[i] = max_bet;
                round_acted = 1;
                qhead++;
                end = qhead == qlen || live == 1;
            } else if (cc || fold) {
                if (count != 2 || phase != BET || queue[qhead] != i || bring_in_due) {
                    return 1;
                }
                if (cc) {
                    int64_t put = max_bet - bets[i];
                    put = put > stacks[i] ? stacks[i] : put;
                    stacks[i] -= put;
                    bets[i] += put;
                    h->contrib[i] += put;
                } else {
                    h->folded[i] = 1;
                    live--;
                }
                acted[i] = max_bet;
                round_acted = 1;
                qhead++;
                end = qhead == qlen || live == 1;
            } else if (phh_is(word[1], wlen[1], "cbr")) {
                if (count != 3 || phase != BET || queue[qhead] != i) {
                    return 1;
                }
                int64_t amount;
                int places;
                if (phh_decimal(word[2], wlen[2], &amount, &places) ||
                    (amount = phh_units(amount, places, h->places)) < 0) {
                    return 1;
                }
                /* betting.raise_bounds: in fixed limit a raise is the street's bet more,
                 * and an all-in of half a bet or more reopens the betting */
                int64_t size_now = round_size ? round_size : sizes[street];
                if (!raises && shape->evaluator == 7 && street == 1 &&
                    amount == max_bet + sizes[4] && amount != max_bet + size_now &&
                    phh_open_pair(h)) {
                    /* seven card stud: an open pair on fourth street lets the first bet
                     * be the big bet, and the raises after it (engine.HandState._raise) */
                    size_now = round_size = sizes[4];
                }
                int fixed = shape->structure == 2;
                int64_t step = fixed || size_now > full ? size_now : full;
                if (shape->cap && raises >= shape->cap) {
                    return 1;
                }
                if (acted[i] >= 0 &&
                    (fixed ? 2 * (max_bet - acted[i]) < size_now : max_bet - acted[i] < step)) {
                    return 1;
                }
                int64_t total = stacks[i] + bets[i];
                if (total <= max_bet) {
                    return 1;
                }
                int caller = 0;
                for (int j = 0; j < n; j++) {
                    if (j != i && !h->folded[j] && stacks[j] + bets[j] > max_bet) {
                        caller = 1;
                        break;
                    }
                }
                if (!caller) {
                    return 1;
                }
                /* the full big blind still owed: a raise counts from it, a bet to it
                 * completes it (engine.HandState.raise_limits and _raise) */
                int owed = phh_full_blind_owed(short_blind, street, max_bet, sizes[0]);
                int64_t base = owed ? sizes[0] : max_bet;
                int64_t target = completion ? size_now : base + step;
                int64_t smallest = target < total ? target : total;
                int64_t largest = total;
                if (shape->structure == 1) {
                    int64_t pot = 0;
                    for (int j = 0; j < n; j++) {
                        pot += h->contrib[j];
                    }
                    int64_t most = 2 * base - bets[i] + pot;
                    most = most > smallest ? most : smallest;
                    largest = most < total ? most : total;
                } else if (shape->structure == 2) {
                    largest = smallest;
                }
                /* betting.limit_alternatives: over an all-in for less in fixed limit, the
                 * bet completed, or over one of half a bet or more a bet more */
                int other = fixed && !completion && max_bet > level && amount <= total &&
                            (amount == level + size_now ||
                             (2 * (max_bet - level) >= size_now && amount == level + 2 * size_now));
                if ((amount < smallest || amount > largest) &&
                    !(owed && amount == sizes[0] && amount <= total) && !other) {
                    return 1;
                }
                if (amount - base >= full) {
                    full = amount - base;
                }
                if (amount >= level + size_now) { /* a full bet or raise */
                    level = amount;
                }
                if (completion) { /* the completion reopens the betting to the bring-in */
                    for (int j = 0; j < n; j++) {
                        acted[j] = -1;
                    }
                    completion = 0;
                }
                bring_in_due = 0;
                int64_t put = amount - bets[i];
                stacks[i] -= put;
                bets[i] = amount;
                h->contrib[i] += put;
                max_bet = amount;
                acted[i] = amount;
                raises++;
                aggressor = i;
                round_acted = 1;
                qhead = qlen = 0; /* betting.after_raise */
                for (int k = 1; k < n; k++) {
                    int j = (i + k) % n;
                    if (!h->folded[j] && stacks[j]) {
                        queue[qlen++] = j;
                    }
                }
                end = qlen == 0;
            } else if (phh_is(word[1], wlen[1], "sm")) {
                /* engine._show: cards are shown when no betting can follow (at the end, or
                 * in an all-in runout); a player may show again ("p1 sm ????" at each card
                 * of a runout, then the cards), not muck after a show or a muck */
                if (phase == BET || h->folded[i] || (shown[i] && (h->mucked[i] || count == 2))) {
                    return 1;
                }
                if (phase == DEAL || phase == DRAW) {
                    int with_chips = 0;
                    for (int j = 0; j < n; j++) {
                        with_chips += !h->folded[j] && stacks[j] > 0;
                    }
                    if (with_chips > 1) {
                        return 1;
                    }
                }
                shown[i] = 1;
                if (count == 2) {
                    h->mucked[i] = 1;
                    continue;
                }
                if (wlen[2] != 2 * h->nhole[i]) {
                    return 1;
                }
                /* engine._show: a card dealt unknown ("??") is the first unknown one */
                for (int k = 0; k < h->nhole[i]; k++) {
                    int c = phh_card(word[2] + 2 * k), slot = -1, found = 0;
                    if (c < 0) {
                        return 1;
                    }
                    for (int m = 0; m < h->nhole[i] && !found; m++) {
                        found = h->hole[i][m] == c;
                        slot = slot < 0 && h->hole[i][m] == NCARDS ? m : slot;
                    }
                    if (found || c == NCARDS) {
                        continue;
                    }
                    if (slot < 0 || (used >> c & 1)) {
                        return 1;
                    }
                    used |= (uint64_t)1 << c;
                    h->hole[i][slot] = c;
                }
                continue;
            } else if (phh_is(word[1], wlen[1], "sd")) {
                /* engine._draw: in turn, each discard leaves the hand (its card back in
                 * the deck; a "??" held goes for a card it does not hold); as many cards
                 * are owed */
                if (phase != DRAW || drawing[dhead] != i || (count == 3 && wlen[2] % 2)) {
                    return 1;
                }
                int discards = count == 3 ? (int)(wlen[2] / 2) : 0;
                if (count == 3 && !discards) {
                    return 1;
                }
                for (int k = 0; k < discards; k++) {
                    int c = phh_card(word[2] + 2 * k), at = -1;
                    if (c < 0) {
                        return 1;
                    }
                    for (int m = 0; m < h->nhole[i] && at < 0; m++) {
                        at = h->hole[i][m] == c ? m : -1;
                    }
                    for (int m = 0; m < h->nhole[i] && at < 0; m++) {
                        at = h->hole[i][m] == NCARDS ? m : -1;
                    }
                    if (at < 0) {
                        return 1;
                    }
                    if (h->hole[i][at] == c && c != NCARDS) {
                        used &= ~((uint64_t)1 << c);
                    }
                    for (int m = at + 1; m < h->nhole[i]; m++) {
                        h->hole[i][m - 1] = h->hole[i][m];
                    }
                    h->nhole[i]--;
                }
                owed[i] = discards;
                if (++dhead == dlen) {
                    phase = DEAL;
                    begin = 1;
                    for (int j = 0; j < n; j++) {
                        begin &= !owed[j];
                    }
                }
            } else {
                return 1;
            }
        } else if (count == 4 && dealer && phh_is(word[1], wlen[1], "dh") &&
                   ((draw_game && street >= 1) || stud)) {
            /* the cards owed after the draw or on a stud street, all at once (else the
             * Python path) */
            int i = phh_player(word[2], wlen[2]);
            if (phase != DEAL || i < 0 || i >= n || !owed[i] || wlen[3] != 2 * owed[i]) {
                return 1;
            }
            if (take_cards(word[3], owed[i], &used, &h->hole[i][h->nhole[i]])) {
                return 1;
            }
            h->nhole[i] += owed[i];
            owed[i] = 0;
            begin = 1;
            for (int j = 0; j < n; j++) {
                begin &= !owed[j];
            }
        } else if (count == 4 && dealer && phh_is(word[1], wlen[1], "dh")) {
            int i = phh_player(word[2], wlen[2]);
            if (phase != DEAL || street || i < 0 || i >= n || h->nhole[i]) {
                return 1;
            }
            if (wlen[3] != 2 * shape->holes) {
                return 1;
            }
            if (take_cards(word[3], shape->holes, &used, h->hole[i])) {
                return 1;
            }
            h->nhole[i] = shape->holes;
            undealt--;
            begin = !undealt;
        } else if (count == 3 && phh_is(word[1], wlen[1], "db")) {
            if (phase != DEAL || !pending || wlen[2] != 2 * pending) {
                return 1;
            }
            for (int k = 0; k < pending; k++) {
                int c = phh_card(word[2] + 2 * k);
                if (c < 0 || c == NCARDS || (used >> c & 1)) {
                    return 1;
                }
                used |= (uint64_t)1 << c;
                h->board[h->nboard++] = c;
            }
            pending = 0;
            begin = 1;
        } else {
            return 1;
        }
        if (begin) { /* the street's cards are out: its betting round starts */
            full = 0;
            level = max_bet;
            round_size = 0;
            raises = 0;
            aggressor = -1;
            round_acted = 0;
            for (int i = 0; i < n; i++) {
                acted[i] = -1;
            }
            int opener = 0;
            if (stud) { /* upcards.opener_by_upcards; the bring-in on third street */
                opener = phh_upcard_opener(h, street, shape->evaluator == 9);
                bring_in_due = completion = street == 0 && bring_in > 0;
            } else if (street == 0) { /* betting.blind_opener */
                int any = 0, top = 0;
                int64_t best = -1;
                for (int i = 0; i < n; i++) {
                    any |= blinds[i] != 0;
                    int64_t v = blinds[i] ? bets[i] : 0;
                    if (v >= best) {
                        best = v;
                        top = i;
                    }
                }
                opener = any ? (top + 1) % n : 0;
            }
            qhead = 0;
            qlen = phh_round_queue(n, opener, stacks, bets, h->folded, queue);
            phase = BET;
            end = qlen == 0 || (qlen == 1 && bets[queue[0]] >= max_bet);
        }
    round_over:
        if (end) {
            if (round_acted) {
                h->last_aggressor = aggressor;
            }
            qhead = qlen = 0;
            for (int i = 0; i < n; i++) {
                bets[i] = 0;
            }
            max_bet = 0;
            street++;
            int with_chips = 0;
            for (int j = 0; j < n; j++) {
                with_chips += !h->folded[j] && stacks[j] > 0;
            }
            if (runout_street < 0 && with_chips <= 1) {
                runout_street = street; /* all in: the rest is dealt without betting */
            }
            if (live > 1 && street == streets && h->nruns + 1 < runs) {
                /* engine._next_run: the streets from the all-in dealt again, new cards
                 * from the same deck; only a hand all in before the last board card is
                 * run again (else the Python path's error) */
                if (runout_street < 0 || runout_street >= streets || !boards[runout_street]) {
                    return 1;
                }
                memcpy(h->run_board[h->nruns++], h->board, sizeof h->board);
                int shared = 0;
                for (int s = 0; s < runout_street; s++) {
                    shared += boards[s];
                }
                h->nboard = shared;
                street = runout_street;
                phase = DEAL;
                pending = boards[street];
            } else if (live == 1 || street == streets) {
                phase = DONE;
            } else if (stud) { /* engine._start_street: a card to each live player */
                phase = DEAL;
                for (int j = 0; j < n; j++) {
                    owed[j] = h->folded[j] ? 0 : 1;
                }
            } else if (draw_game) { /* engine._start_street: every live player discards */
                phase = DRAW;
                dhead = dlen = 0;
                for (int j = 0; j < n; j++) {
                    if (!h->folded[j]) {
                        drawing[dlen++] = j;
                    }
                }
            } else {
                phase = DEAL;
                pending = boards[street];
            }
        }
        if (redo) {
            a--;
        }
    }
    /* actions that stop before the hand is over: replayed as far as written, what comes
     * next said as engine.HandState.pending says it (the hand is not settled) */
    if (phase == BET) {
        snprintf(h->partial, sizeof h->partial, "p%d to act", queue[qhead] + 1);
    } else if (phase == DRAW) {
        snprintf(h->partial, sizeof h->partial, "p%d to discard", drawing[dhead] + 1);
    } else if (phase == DEAL && pending) {
        snprintf(h->partial, sizeof h->partial, "%d board card(s) to deal", pending);
    } else if (phase == DEAL) {
        snprintf(h->partial, sizeof h->partial, "hole cards to deal");
    } else {
        h->partial[0] = 0;
    }
    if (h->nruns) { /* run more than once: settled per run (a partial one: Python's) */
        if (h->partial[0]) {
            return 1;
        }
        memcpy(h->run_board[h->nruns++], h->board, sizeof h->board);
        memcpy(h->board, h->run_board[0], sizeof h->board);
    }
    return 0;
}

/* Check a shape read from shapes and fill in what its evaluator needs: 0, or -1 with an
 * error set. ``ladder``: the Tables of evaluators 4, 5 and 9 (of the same type as
 * ``self``), the badugi table of evaluator 6 (uint16, 1820 x 24, held in ``badugi``
 * until the call ends), else None. */
static int phh_shape_ok(Tables *self, PhhShape *shape, PyObject *ladder, Py_buffer *badugi)
{
    static const int holes_of[10] = {2, 0, 5, 0, 2, 5, 4, 7, 7, 7}; /* 0: four or five */
    int e = shape->evaluator, draw = e == 2 || e == 5 || e == 6;
    shape->stud = e >= 7 && e <= 9;
    int ok = e >= 0 && e <= 9 && shape->draws >= (draw ? 1 : 0) &&
             shape->draws <= (draw ? 3 : 0) &&
             (holes_of[e] ? shape->holes == holes_of[e]
                          : shape->holes == 4 || shape->holes == 5);
    shape->ladder = self;
    shape->badugi = NULL;
    shape->excluded = e == 4 ? ((uint64_t)1 << 16) - 1 : 0; /* short deck: no 2 to 5 */
    if (ok && (e == 4 || e == 5 || e == 9)) {
        ok = Py_TYPE(ladder) == Py_TYPE(self);
        shape->ladder = (const Tables *)ladder;
    } else if (ok && e == 6) {
        if (badugi->obj == NULL) {
            if (PyObject_GetBuffer(ladder, badugi, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
                return -1;
            }
        } else if (badugi->obj != ladder) {
            ok = 0; /* one badugi table per call */
        }
        ok = ok && badugi->itemsize == 2 && badugi->len == 1820 * 24 * 2 &&
             sd_int_format(badugi) == 'H';
        shape->badugi = badugi->buf;
    } else if (ok) {
        ok = ladder == Py_None;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "phh_settle: a bad shape");
        return -1;
    }
    return 0;
}

/* phh_settle(hands, shapes, infinite). hands: the fields dicts; shapes: variant code ->
 * (structure 0/1/2, hole cards, cap or 0, evaluator 0 seven-card high / 1 Omaha high /
 * 2 five-card draw, bet kind per street x 4); infinite: the units of an unknown (inf) stack
 * (showdown.phh.amounts.INFINITE). Per hand None (the Python path), or the replay
 * (contributed, folded, mucked, last_aggressor, holes, board, antes paid, starting
 * stacks, scale: amounts in units of 1/scale; the board is the first run's) followed
 * by (finishing, won, pots, returned, showdown order, shown, ranks) when settled
 * (and, for a hand run more than once, [every run's board] last: the pots are then
 * every run's parts, run by run), by ([index of each player whose
 * needed hand is unknown],) when it cannot be, by (what comes next,) as a text for a
 * hand whose actions stop before its end (replayed as far as written, not settled): pots as (amount, eligible seats, winner
 * seats, shares), returned as ((seat, chips),) or (), ranks as ((seat, value), ...) in
 * seat order. */
PyObject *sd_Tables_phh_settle(Tables *self, PyObject *args)
{
    PyObject *hands, *shapes, *infinite;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyList_Type, &hands, &PyDict_Type, &shapes,
                          &PyLong_Type, &infinite) ||
        phh_init() < 0) {
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(hands);
    PyObject *out = PyList_New(count), *last_spec = NULL;
    PhhShape last_shape;
    if (out == NULL) {
        return NULL;
    }
    Py_buffer badugi = {0}; /* a badugi table of shapes, held for the whole call */
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *fields = PyList_GET_ITEM(hands, k), *result = Py_None;
        PhhShape shape;
        PhhHand hand;
        int status = 1;
        PyObject *variant = PyDict_Check(fields)
            ? PyDict_GetItemWithError(fields, phh_keys[PHH_VARIANT]) : NULL;
        PyObject *spec = variant != NULL ? PyDict_GetItemWithError(shapes, variant) : NULL;
        if (PyErr_Occurred()) {
            goto fail;
        }
        if (spec != NULL && spec != last_spec) {
            PyObject *ladder = Py_None;
            shape.draws = 0;
            if (!PyArg_ParseTuple(spec, "iiii(iiiii)|iO", &shape.structure, &shape.holes,
                                  &shape.cap, &shape.evaluator, &shape.bet[0], &shape.bet[1],
                                  &shape.bet[2], &shape.bet[3], &shape.bet[4], &shape.draws,
                                  &ladder) ||
                phh_shape_ok(self, &shape, ladder, &badugi) < 0) {
                goto fail;
            }
            last_spec = spec; /* alive in shapes for the whole call */
            last_shape = shape;
        }
        if (spec != NULL) {
            shape = last_shape;
            status = phh_replay(fields, &shape, &hand);
            if (status == 0) {
                status = sd_phh_settle(self, &shape, &hand, infinite, &result);
            }
        }
        if (status < 0) {
            goto fail;
        }
        if (status != 0) {
            result = Py_NewRef(Py_None);
        }
        PyList_SET_ITEM(out, k, result);
    }
    if (badugi.obj != NULL) {
        PyBuffer_Release(&badugi);
    }
    return out;
fail:
    if (badugi.obj != NULL) {
        PyBuffer_Release(&badugi);
    }
    Py_DECREF(out);
    return NULL;
}

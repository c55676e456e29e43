/*
 * The settlement of a hand replayed by histories.c, as showdown.pots.resolution.resolve settles
 * it (an uncalled bet returned, the pots cut at each live level, the values of the
 * hands shown, the winners' shares with the odd chips from the first seat left of the
 * button, the showdown order), and the Python tuple phh_settle returns for it; a hand
 * whose showdown needs an unknown hand is left unsettled, as
 * showdown.phh.settlement.settle_replay leaves it. Amounts stay in the replay's units.
 * In the hi-lo games each pot is halved between the best high and the best qualifying
 * eight-or-better low (the odd chip to the high half; no low: the high scoops) and its
 * halves are returned too; in stud (no button) the odd chips go by the cards held, as
 * showdown.pots.resolution.split_by_cards gives them, and the showdown starts from the
 * lowest seat when nobody bet on the last street.
 */
#include "kernel.h"

/* What the settlement gives, per player and per pot. */
typedef struct {
    int64_t finishing[PHH_MAX], won[PHH_MAX], returned;
    int returned_to, npots, norder;
    int64_t pot_amount[PHH_MAX + 1];
    int pot_from[PHH_MAX + 1]; /* eligible: live[pot_from..] */
    uint32_t pot_winners[PHH_MAX + 1]; /* bit mask of player indices */
    int64_t pot_share[PHH_MAX + 1][PHH_MAX];
    int live[PHH_MAX], nlive, order[PHH_MAX];
    int value[PHH_MAX]; /* -1: shows nothing */
    /* hi-lo games (shape->evaluator 3): each player's low (-1: none that qualifies) and
     * per pot the low half's winners (0: no qualifying low, the high scoops), each
     * half's shares and the pot's winners in resolve's order (the high half's first) */
    int low[PHH_MAX];
    uint32_t pot_low_winners[PHH_MAX + 1];
    int64_t half_share[PHH_MAX + 1][2][PHH_MAX];
    int pot_total_order[PHH_MAX + 1][PHH_MAX], pot_nwinners[PHH_MAX + 1];
    /* each half's winners in their odd-chip order (stud: by the cards held) */
    int half_order[PHH_MAX + 1][2][PHH_MAX], half_count[PHH_MAX + 1][2];
} PhhSettled;

/* The eight-or-better low of seven stud cards as phh_omaha_low gives it: the mask of the
 * five lowest ranks of eight or below held (pairs count once), or -1 with fewer. */
static int phh_stud_low(const int *cards, int count)
{
    unsigned held = 0;
    for (int k = 0; k < count; k++) {
        int r = cards[k] >> 2;
        held |= r == 12 ? 2u : r <= 6 ? 1u << (r + 2) : 0u;
    }
    unsigned five = 0;
    int taken = 0;
    for (int b = 1; b <= 8 && taken < 5; b++) {
        if (held >> b & 1) {
            five |= 1u << b;
            taken++;
        }
    }
    return taken == 5 ? (int)five : -1;
}

/* The players of ``mask`` in the order odd chips go to them: clockwise from the first seat
 * left of the button (index 0); in stud (``by_cards``) as resolution.split_by_cards orders
 * them: the highest card held first (by id: rank, then suit clubs to spades), or for a low
 * half the lowest card (aces lowest). Returns how many. */
static int phh_odd_chip_order(const PhhHand *h, uint32_t mask, int by_cards, int low, int *out)
{
    int m = 0, key[PHH_MAX];
    for (int i = 0; i < h->n; i++) {
        if (!(mask >> i & 1)) {
            continue;
        }
        int k = 0;
        for (int c = 0; c < h->nhole[i] && by_cards; c++) {
            int card = h->hole[i][c], r = card >> 2;
            int v = low ? -(((r == 12 ? -1 : r) + 1) * 4 + (card & 3)) : card; /* larger first */
            k = c == 0 || v > k ? v : k;
        }
        int j = m++;
        while (by_cards && j > 0 && key[j - 1] < k) { /* stable: ties keep their order */
            key[j] = key[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        key[j] = k;
        out[j] = i;
    }
    return m;
}

/* The Omaha eight-or-better low of exactly two of ``h`` hole and three of five board
 * cards, as a mask of its five ranks (ace bit 1, deuce bit 2 ... eight bit 8), or -1 when
 * no five qualify. For sets of five ranks, comparing the masks as numbers compares the
 * ranks from the highest down, as the low ladder does: the smaller mask is the better
 * low (only who wins a half comes out of it, never the number itself). */
static int phh_omaha_low(const int *hole, int h, const int *board)
{
    unsigned hm[5] = {0}, bm[5] = {0};
    for (int k = 0; k < h; k++) { /* the card's low rank bit, 0 above eight */
        int r = hole[k] >> 2;
        hm[k] = r == 12 ? 2u : r <= 6 ? 1u << (r + 2) : 0u;
    }
    for (int k = 0; k < 5; k++) {
        int r = board[k] >> 2;
        bm[k] = r == 12 ? 2u : r <= 6 ? 1u << (r + 2) : 0u;
    }
    int best = -1;
    for (int i = 0; i < h; i++) {
        for (int j = i + 1; j < h; j++) {
            unsigned two = hm[i] | hm[j];
            if (!hm[i] || !hm[j] || hm[i] == hm[j]) {
                continue;
            }
            for (int x = 0; x < 5; x++) {
                for (int y = x + 1; y < 5; y++) {
                    for (int z = y + 1; z < 5; z++) {
                        unsigned three = bm[x] | bm[y] | bm[z], m = two | three;
                        /* five ranks, none twice: each bit set once, none shared */
                        if (!bm[x] || !bm[y] || !bm[z] || bm[x] == bm[y] || bm[x] == bm[z] ||
                            bm[y] == bm[z] || (two & three)) {
                            continue;
                        }
                        best = best < 0 || (int)m < best ? (int)m : best;
                    }
                }
            }
        }
    }
    return best;
}

/* Where four badugi cards' value lies in the badugi table (as ladders.c indexes it: the
 * cards sorted by id, their ranks' multiset r0 <= r1 <= r2 <= r3 as a colex index, then
 * for each card the first card of its suit, f1 + 2 f2 + 6 f3). */
static Py_ssize_t phh_badugi_index(unsigned *c)
{
    for (int i = 1; i < 4; i++) { /* insertion sort by id */
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            unsigned x = c[j];
            c[j] = c[j - 1];
            c[j - 1] = x;
        }
    }
    unsigned s0 = c[0] & 3, s1 = c[1] & 3, s2 = c[2] & 3, s3 = c[3] & 3;
    unsigned f1 = s1 != s0;
    unsigned f2 = s2 == s0 ? 0 : s2 == s1 ? 1 : 2;
    unsigned f3 = s3 == s0 ? 0 : s3 == s1 ? 1 : s3 == s2 ? 2 : 3;
    int64_t ranks = (int64_t)(c[0] >> 2) + binom((int)(c[1] >> 2) + 1, 2) +
                    binom((int)(c[2] >> 2) + 2, 3) + binom((int)(c[3] >> 2) + 3, 4);
    return (Py_ssize_t)(ranks * 24 + f1 + 2 * f2 + 6 * f3);
}

/* resolve's share of ``amount`` among the players of ``winners`` (a mask): equal parts,
 * the odd chips one each from the first seat left of the button (index 0). */
static void phh_split(int64_t amount, uint32_t winners, int n, int64_t *share)
{
    int count = 0, k = 0;
    for (int i = 0; i < n; i++) {
        count += (winners >> i) & 1;
    }
    for (int i = 0; i < n; i++) {
        share[i] = winners >> i & 1 ? amount / count + (k++ < amount % count ? 1 : 0) : 0;
    }
}

/* A live player who did not muck holds an unknown card (settlement.settle_replay). */
static int phh_unknown(const PhhHand *h, int i)
{
    if (h->folded[i] || h->mucked[i]) {
        return 0;
    }
    for (int k = 0; k < h->nhole[i]; k++) {
        if (h->hole[i][k] == NCARDS) {
            return 1;
        }
    }
    return h->nhole[i] == 0;
}

/* pots.resolve for the table of a replayed hand: 0 done, 1 the Python path, 2 a hand
 * needed at the showdown is unknown (nothing to settle, as settlement.settle_replay). */
/* settlement._dead_antes: unequal antes (a dead blind, a short ante) are dead money in
 * the main pot. The players' chips exclude their antes and the antes are held by up to
 * DEAD_PLACES folded placeholders after the players, each no larger than the smallest
 * live bet (unless there are too few places), so every ante chip lands in the main pot;
 * when a live player put in nothing beyond the ante the chips stay as they are. Returns
 * the count of players and placeholders in chips[]. */
#define DEAD_PLACES 9
static int phh_dead_antes(const PhhHand *h, int64_t *chips)
{
    int n = h->n, equal = 1;
    int64_t total = 0, smallest = -1;
    for (int i = 0; i < n; i++) {
        chips[i] = h->contrib[i];
        equal &= h->paid[i] == h->paid[0];
        total += h->paid[i];
    }
    if (equal || !total) {
        return n;
    }
    for (int i = 0; i < n; i++) {
        int64_t bet = h->contrib[i] - h->paid[i];
        if (!h->folded[i] && (smallest < 0 || bet < smallest)) {
            smallest = bet;
        }
    }
    if (smallest <= 0) {
        return n;
    }
    int64_t places = (total + smallest - 1) / smallest;
    places = places < DEAD_PLACES ? places : DEAD_PLACES;
    int64_t share = total / places, odd = total % places;
    for (int i = 0; i < n; i++) {
        chips[i] = h->contrib[i] - h->paid[i];
    }
    for (int k = 0; k < places; k++) {
        chips[n + k] = share + (k < odd);
    }
    return n + (int)places;
}

static int phh_settle(const Tables *t, const PhhShape *shape, const PhhHand *h, PhhSettled *s)
{
    int n = h->n;
    int64_t chips[PHH_MAX + DEAD_PLACES] = {0};
    int nlive = 0;
    for (int i = 0; i < n; i++) {
        nlive += !h->folded[i];
    }
    if (nlive > 1) {
        for (int i = 0; i < n; i++) {
            if (phh_unknown(h, i)) {
                return 2;
            }
        }
    }
    int all = phh_dead_antes(h, chips); /* the players, then any placeholders */
    int hilo = shape->evaluator == 3 || shape->evaluator == 8, stud = shape->stud;
    int ordered = hilo || stud; /* winners listed half by half (resolve's totals) */
    for (int i = 0; i < n; i++) {
        s->won[i] = 0;
        s->value[i] = -1;
        s->low[i] = -1;
    }
    /* 1. Uncalled bet. */
    int top = 0;
    for (int i = 1; i < all; i++) {
        if (chips[i] > chips[top]) {
            top = i;
        }
    }
    int64_t second = -1;
    for (int i = 0; i < all; i++) {
        if (i != top && chips[i] > second) {
            second = chips[i];
        }
    }
    s->returned_to = -1;
    s->returned = 0;
    if (chips[top] > second && top >= n) {
        return 1; /* a placeholder's chips handed back: the Python path */
    }
    if (chips[top] > second) {
        s->returned_to = top;
        s->returned = chips[top] - second;
        chips[top] = second;
    }
    /* 2. Layers cut at each live level (stable order by chips). */
    int *live = s->live;
    nlive = 0;
    for (int i = 0; i < n; i++) {
        if (h->folded[i]) {
            continue;
        }
        int k = nlive++;
        while (k > 0 && chips[live[k - 1]] > chips[i]) {
            live[k] = live[k - 1];
            k--;
        }
        live[k] = i;
    }
    s->nlive = nlive;
    int64_t below = 0, total = 0, level = -1;
    int j = 0, npots = 0;
    for (int i = 0; i < all; i++) {
        total += chips[i];
    }
    for (int k = 0; k < nlive; k++) {
        if (chips[live[k]] == level) {
            continue;
        }
        level = chips[live[k]];
        int64_t upto = 0;
        for (int i = 0; i < all; i++) {
            upto += chips[i] < level ? chips[i] : level;
        }
        while (chips[live[j]] < level) {
            j++;
        }
        if (upto > below) {
            s->pot_amount[npots] = upto - below;
            s->pot_from[npots++] = j;
        }
        below = upto;
    }
    if (total > below) {
        if (npots && s->pot_from[npots - 1] == j) {
            s->pot_amount[npots - 1] += total - below;
        } else {
            s->pot_amount[npots] = total - below;
            s->pot_from[npots++] = j;
        }
    }
    s->npots = npots;
    /* Values of the contenders who show. */
    int first = npots && nlive - s->pot_from[0] > 1 ? s->pot_from[0] : nlive;
    s->norder = 0;
    if (first < nlive) {
        /* draw games (five-card, deuce-to-seven, badugi): the hand alone */
        int e = shape->evaluator, five_card = e == 2 || e == 5;
        int no_board = five_card || e == 6 || stud;
        const Tables *ladder = e == 5 || e == 4 || e == 9 ? shape->ladder : t;
        if (h->nboard != (no_board ? 0 : 5)) {
            return 1;
        }
        unsigned board[5];
        for (int k = 0; k < h->nboard; k++) {
            board[k] = (unsigned)h->board[k];
        }
        for (int k = first; k < nlive; k++) {
            int i = live[k];
            if (h->mucked[i]) {
                continue;
            }
            unsigned hole[7];
            if (h->nhole[i] != shape->holes) {
                return 1;
            }
            for (int m = 0; m < h->nhole[i]; m++) {
                hole[m] = (unsigned)h->hole[i][m];
            }
            if (five_card) {
                uint32_t key = 0;
                for (int m = 0; m < 5; m++) {
                    key += ladder->keys[hole[m]];
                }
                s->value[i] = rank_of(ladder, 5, hole, key);
            } else if (e == 6) {
                s->value[i] = shape->badugi[phh_badugi_index(hole)];
            } else if (stud) { /* best five of the seven: high, or razz's ace-to-five */
                uint32_t key = 0;
                for (int m = 0; m < 7; m++) {
                    key += ladder->keys[hole[m]];
                }
                s->value[i] = rank_of(ladder, 7, hole, key);
                if (hilo) {
                    s->low[i] = phh_stud_low(h->hole[i], 7);
                }
            } else if (shape->evaluator == 1 || shape->evaluator == 3) {
                s->value[i] = omaha_best(t, hole, h->nhole[i], board, 5);
                if (hilo) {
                    s->low[i] = phh_omaha_low(h->hole[i], h->nhole[i], h->board);
                }
            } else {
                unsigned idx[7];
                uint32_t key = 0;
                for (int m = 0; m < 2; m++) {
                    idx[m] = hole[m];
                }
                for (int m = 0; m < 5; m++) {
                    idx[2 + m] = board[m];
                }
                for (int m = 0; m < 7; m++) {
                    key += ladder->keys[idx[m]];
                }
                s->value[i] = rank_of(ladder, 7, idx, key);
            }
        }
        /* 4. Showdown order: the index runs clockwise from the first seat after the
         * button; from the last aggressor, else from that first seat. */
        int in_hand[PHH_MAX], m = 0, base = stud ? h->lowest : 0;
        for (int c = 0; c < n; c++) {
            int i = (base + c) % n;
            for (int k = first; k < nlive; k++) {
                if (live[k] == i) {
                    in_hand[m++] = i;
                }
            }
        }
        int start = m;
        if (stud) { /* no button: from the lowest seat, or the first from the aggressor's */
            start = 0;
            while (h->last_aggressor >= 0 && start < m &&
                   h->seat[in_hand[start]] < h->seat[h->last_aggressor]) {
                start++;
            }
        } else if (h->last_aggressor >= 0) {
            start = 0;
            while (start < m && in_hand[start] < h->last_aggressor) {
                start++;
            }
        }
        for (int k = 0; k < m; k++) {
            s->order[k] = in_hand[(start + k) % m];
        }
        s->norder = m;
    }
    /* 3. Winners and shares, odd chips from the first seat left of the button (index 0). */
    for (int p = 0; p < npots; p++) {
        int best = -1;
        uint32_t winners = 0;
        if (nlive - s->pot_from[p] == 1) {
            winners = 1u << live[s->pot_from[p]];
        } else {
            for (int k = s->pot_from[p]; k < nlive; k++) {
                int v = s->value[live[k]];
                if (v >= 0 && (best < 0 || v < best)) {
                    best = v;
                }
            }
            if (best < 0) {
                return 1; /* everyone in the pot mucked: the Python path raises */
            }
            for (int k = s->pot_from[p]; k < nlive; k++) {
                if (s->value[live[k]] == best) {
                    winners |= 1u << live[k];
                }
            }
        }
        s->pot_winners[p] = winners;
        if (ordered) {
            /* resolve: the best qualifying low among those who show takes the low half
             * (the odd chip to the high half); none, and the high scoops */
            uint32_t lows = 0;
            int lowest = -1;
            for (int k = s->pot_from[p]; hilo && k < nlive && nlive - s->pot_from[p] > 1; k++) {
                int v = s->low[live[k]];
                if (v >= 0 && !h->mucked[live[k]] && (lowest < 0 || v < lowest)) {
                    lowest = v;
                }
            }
            for (int k = s->pot_from[p]; k < nlive && lowest >= 0; k++) {
                if (s->low[live[k]] == lowest && !h->mucked[live[k]]) {
                    lows |= 1u << live[k];
                }
            }
            s->pot_low_winners[p] = lows;
            int64_t amount = s->pot_amount[p], high = lows ? amount - amount / 2 : amount;
            int m = 0; /* the pot's winners: the high half's, then the low half's new ones */
            for (int half = 0; half < 2; half++) {
                uint32_t mask = half ? lows : winners;
                int64_t part = half ? amount - high : high;
                /* razz's single ladder is a low one: its odd chips go by the lowest card */
                int low_rule = half || shape->evaluator == 9;
                int *order = s->half_order[p][half];
                int count = phh_odd_chip_order(h, mask, stud, low_rule, order);
                s->half_count[p][half] = count;
                for (int i = 0; i < n; i++) {
                    s->half_share[p][half][i] = 0;
                }
                for (int k = 0; k < count; k++) {
                    s->half_share[p][half][order[k]] = part / count + (k < part % count);
                    if (!(half && (winners >> order[k] & 1))) {
                        s->pot_total_order[p][m++] = order[k];
                    }
                }
            }
            s->pot_nwinners[p] = m;
            for (int i = 0; i < n; i++) {
                s->pot_share[p][i] = s->half_share[p][0][i] + s->half_share[p][1][i];
                s->won[i] += s->pot_share[p][i];
            }
            continue;
        }
        int64_t share[PHH_MAX];
        phh_split(s->pot_amount[p], winners, n, share);
        for (int i = 0; i < n; i++) {
            s->pot_share[p][i] = share[i];
            s->won[i] += share[i];
        }
    }
    for (int i = 0; i < n; i++) {
        s->finishing[i] = h->start[i] - h->contrib[i] + s->won[i] +
                          (i == s->returned_to ? s->returned : 0);
    }
    return 0;
}

/* The n numbers as a list, or as a tuple. */
static PyObject *phh_numbers(const int64_t *v, int n, int tuple)
{
    PyObject *seq = tuple ? PyTuple_New(n) : PyList_New(n);
    if (seq == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLongLong(v[i]);
        if (x == NULL) {
            Py_DECREF(seq);
            return NULL;
        }
        if (tuple) {
            PyTuple_SET_ITEM(seq, i, x);
        } else {
            PyList_SET_ITEM(seq, i, x);
        }
    }
    return seq;
}

static PyObject *phh_list(const int64_t *v, int n)
{
    return phh_numbers(v, n, 0);
}

static PyObject *phh_tuple(const int64_t *v, int n)
{
    return phh_numbers(v, n, 1);
}

/* A tuple of its items (stolen references); NULL, with every item released, if one is NULL. */
static PyObject *phh_pack(int n, PyObject **items)
{
    PyObject *t = NULL;
    for (int k = 0; k < n; k++) {
        if (items[k] == NULL) {
            goto fail;
        }
    }
    t = PyTuple_New(n);
    if (t == NULL) {
        goto fail;
    }
    for (int k = 0; k < n; k++) {
        PyTuple_SET_ITEM(t, k, items[k]);
    }
    return t;
fail:
    for (int k = 0; k < n; k++) {
        Py_XDECREF(items[k]);
    }
    return NULL;
}

static PyObject *phh_flags(const unsigned char *v, int n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = v[i] ? Py_True : Py_False;
        Py_INCREF(x);
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

static PyObject *phh_card_text[NCARDS + 1]; /* "2c".."As", then "??" */

static int phh_card_text_init(void)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (phh_card_text[NCARDS] != NULL) {
        return 0;
    }
    for (int c = 0; c < NCARDS; c++) {
        char text[2] = {ranks[c >> 2], suits[c & 3]};
        if (phh_card_text[c] == NULL &&
            (phh_card_text[c] = PyUnicode_FromStringAndSize(text, 2)) == NULL) {
            return -1;
        }
    }
    phh_card_text[NCARDS] = PyUnicode_FromString("??");
    return phh_card_text[NCARDS] == NULL ? -1 : 0;
}

/* The texts of ``count`` card ids (NCARDS: "??") as a list; phh_card_text_init() first. */
static PyObject *phh_cards(const int *cards, int count)
{
    PyObject *list = PyList_New(count);
    if (list == NULL) {
        return NULL;
    }
    for (int k = 0; k < count; k++) {
        PyObject *x = phh_card_text[cards[k]];
        Py_INCREF(x);
        PyList_SET_ITEM(list, k, x);
    }
    return list;
}

/* The units of a stack: an unknown one (held as PHH_INF) as amounts.INFINITE plus its
 * change, as the Python path counts it. */
static PyObject *phh_stack(const PhhHand *h, int i, int64_t units, PyObject *infinite)
{
    if (!h->unknown_stack[i]) {
        return PyLong_FromLongLong(units);
    }
    PyObject *change = PyLong_FromLongLong(units - PHH_INF);
    PyObject *out = change != NULL ? PyNumber_Add(infinite, change) : NULL;
    Py_XDECREF(change);
    return out;
}

static PyObject *phh_stacks(const PhhHand *h, const int64_t *units, PyObject *infinite)
{
    PyObject *list = PyList_New(h->n);
    for (int i = 0; list != NULL && i < h->n; i++) {
        PyObject *x = phh_stack(h, i, units[i], infinite);
        if (x == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

/* The replay's part of a result: contributed, folded, mucked, last aggressor, holes,
 * board, antes paid, starting stacks, scale (9 new references in items); -1 on failure. */
static int phh_replayed(const PhhHand *h, PyObject *infinite, PyObject **items)
{
    int n = h->n;
    PyObject *holes = PyList_New(n);
    for (int i = 0; holes != NULL && i < n; i++) {
        PyObject *cards = phh_cards(h->hole[i], h->nhole[i]);
        if (cards == NULL) {
            Py_CLEAR(holes);
            break;
        }
        PyList_SET_ITEM(holes, i, cards);
    }
    items[0] = phh_list(h->contrib, n);
    items[1] = phh_flags(h->folded, n);
    items[2] = phh_flags(h->mucked, n);
    items[3] = h->last_aggressor < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(h->last_aggressor);
    items[4] = holes;
    items[5] = phh_cards(h->board, h->nboard);
    items[6] = phh_list(h->paid, n);
    items[7] = phh_stacks(h, h->start, infinite);
    long long scale = 1;
    for (int k = 0; k < h->places; k++) {
        scale *= 10;
    }
    items[8] = PyLong_FromLongLong(scale);
    for (int k = 0; k < 9; k++) {
        if (items[k] == NULL) {
            for (int j = 0; j < 9; j++) {
                Py_CLEAR(items[j]);
            }
            return -1;
        }
    }
    return 0;
}

/* The result of a hand whose showdown needs an unknown hand: the replay's part, then
 * the indices of the players whose cards are unknown. */
static PyObject *phh_unknown_result(const PhhHand *h, PyObject *infinite)
{
    PyObject *items[10] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        return NULL;
    }
    items[9] = PyList_New(0);
    for (int i = 0; items[9] != NULL && i < h->n; i++) {
        if (phh_unknown(h, i)) {
            PyObject *x = PyLong_FromLong(i);
            if (x == NULL || PyList_Append(items[9], x) < 0) {
                Py_XDECREF(x);
                Py_CLEAR(items[9]);
                break;
            }
            Py_DECREF(x);
        }
    }
    return phh_pack(10, items);
}

/* The result tuple of one settled hand (see sd_Tables_phh_settle in histories.c). Seats listed "in seat
 * order" ascend: from the lowest seat, which need not be p1's. */
/* A hi-lo pot's halves: ((high winners, their shares), (low winners, their shares) or
 * None), each in its odd-chip order (resolve's Award). */
static PyObject *phh_halves(const PhhHand *h, const PhhSettled *s, int p)
{
    PyObject *half[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        if (!s->half_count[p][k]) {
            half[k] = Py_NewRef(Py_None);
            continue;
        }
        int64_t seats[PHH_MAX], shares[PHH_MAX];
        int m = 0;
        for (; m < s->half_count[p][k]; m++) {
            int i = s->half_order[p][k][m];
            seats[m] = h->seat[i];
            shares[m] = s->half_share[p][k][i];
        }
        PyObject *items[2] = {phh_tuple(seats, m), phh_tuple(shares, m)};
        half[k] = phh_pack(2, items);
    }
    return phh_pack(2, half);
}

static PyObject *phh_result(const PhhHand *h, const PhhSettled *run, int runs, int ordered,
                            int hilo, PyObject *infinite)
{
    int n = h->n;
    const PhhSettled *s = run; /* the first run: order, shown, ranks, returned */
    int64_t won[PHH_MAX] = {0}, finishing[PHH_MAX];
    PyObject *pots = PyTuple_New((Py_ssize_t)s->npots * runs);
    PyObject *order = PyTuple_New(s->norder), *ranks = NULL, *shown = NULL;
    if (pots == NULL || order == NULL) {
        goto fail;
    }
    /* runouts.combine_runs: run by run, each pot's part (runouts.run_parts: the odd
     * chips to the earlier runs) shared among that run's winners as resolve shares it */
    for (int r = 0; r < runs; r++) {
        for (int p = 0; p < s->npots; p++) {
            const PhhSettled *sr = run + r;
            int from = sr->pot_from[p], m = 0;
            int64_t eligible[PHH_MAX], winners[PHH_MAX], shares[PHH_MAX];
            for (int c = 0; c < n; c++) { /* eligible in seat order */
                int i = (h->lowest + c) % n;
                for (int k = from; k < sr->nlive; k++) {
                    if (sr->live[k] == i) {
                        eligible[m++] = h->seat[i];
                    }
                }
            }
            int64_t amount = s->pot_amount[p] / runs + (r < s->pot_amount[p] % runs);
            int count = 0;
            for (int i = 0; i < n; i++) {
                count += sr->pot_winners[p] >> i & 1;
            }
            int w = 0; /* winners clockwise from the button: the odd chips first */
            if (ordered) { /* run once: the pot's winners in resolve's order, both halves */
                for (; w < sr->pot_nwinners[p]; w++) {
                    int i = sr->pot_total_order[p][w];
                    winners[w] = h->seat[i];
                    shares[w] = sr->pot_share[p][i];
                    won[i] += shares[w];
                }
            }
            for (int i = 0; i < n && !ordered; i++) {
                if (sr->pot_winners[p] >> i & 1) {
                    winners[w] = h->seat[i];
                    shares[w] = amount / count + (w < amount % count);
                    won[i] += shares[w++];
                }
            }
            PyObject *items[4] = {PyLong_FromLongLong(amount), phh_tuple(eligible, m),
                                  phh_tuple(winners, w), phh_tuple(shares, w)};
            PyObject *pot = phh_pack(4, items);
            if (pot == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(pots, (Py_ssize_t)r * s->npots + p, pot);
        }
    }
    for (int i = 0; i < n; i++) {
        finishing[i] = h->start[i] - h->contrib[i] + won[i] +
                       (i == s->returned_to ? s->returned : 0);
    }
    int nshown = 0;
    for (int k = 0; k < s->norder; k++) {
        PyObject *x = PyLong_FromLongLong(h->seat[s->order[k]]);
        if (x == NULL) {
            goto fail;
        }
        PyTuple_SET_ITEM(order, k, x);
        nshown += !h->mucked[s->order[k]];
    }
    shown = PyTuple_New(nshown);
    ranks = PyTuple_New(nshown);
    if (shown == NULL || ranks == NULL) {
        goto fail;
    }
    for (int k = 0, m = 0; k < s->norder; k++) {
        int i = s->order[k];
        if (!h->mucked[i]) {
            PyObject *x = PyLong_FromLongLong(h->seat[i]);
            if (x == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(shown, m++, x);
        }
    }
    for (int c = 0, m = 0; c < n; c++) { /* (seat, value) in seat order */
        int i = (h->lowest + c) % n;
        if (s->value[i] >= 0) {
            PyObject *pair[2] = {PyLong_FromLongLong(h->seat[i]), PyLong_FromLong(s->value[i])};
            PyObject *x = phh_pack(2, pair);
            if (x == NULL) {
                goto fail;
            }
            PyTuple_SET_ITEM(ranks, m++, x);
        }
    }
    PyObject *returned;
    if (s->returned_to < 0) {
        returned = PyTuple_New(0);
    } else {
        PyObject *pair[2] = {PyLong_FromLongLong(h->seat[s->returned_to]),
                             PyLong_FromLongLong(s->returned)};
        PyObject *one[1] = {phh_pack(2, pair)};
        returned = phh_pack(1, one);
    }
    PyObject *items[18] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        Py_XDECREF(returned);
        goto fail;
    }
    items[9] = phh_stacks(h, finishing, infinite);
    items[10] = phh_list(won, n);
    items[11] = pots;
    items[12] = returned;
    items[13] = order;
    items[14] = shown;
    items[15] = ranks;
    if (hilo) { /* run once: no boards, then each pot's halves */
        items[16] = Py_NewRef(Py_None);
        items[17] = PyTuple_New(s->npots);
        for (int p = 0; items[17] != NULL && p < s->npots; p++) {
            PyObject *halves = phh_halves(h, s, p);
            if (halves == NULL) {
                Py_CLEAR(items[17]);
                break;
            }
            PyTuple_SET_ITEM(items[17], p, halves);
        }
        return phh_pack(18, items);
    }
    if (!h->nruns) {
        return phh_pack(16, items); /* releases every item if one is missing */
    }
    items[16] = PyList_New(h->nruns); /* a hand run more than once: every run's board */
    for (int r = 0; items[16] != NULL && r < h->nruns; r++) {
        PyObject *cards = phh_cards(h->run_board[r], 5);
        if (cards == NULL) {
            Py_CLEAR(items[16]);
            break;
        }
        PyList_SET_ITEM(items[16], r, cards);
    }
    return phh_pack(17, items);
fail:
    Py_XDECREF(pots);
    Py_XDECREF(order);
    Py_XDECREF(shown);
    Py_XDECREF(ranks);
    return NULL;
}

/* The result of a hand whose actions stop before its end: the replay's part, then what
 * comes next (engine.HandState.pending's text). */
static PyObject *phh_partial_result(const PhhHand *h, PyObject *infinite)
{
    PyObject *items[10] = {NULL};
    if (phh_replayed(h, infinite, items) < 0) {
        return NULL;
    }
    items[9] = PyUnicode_FromString(h->partial);
    return phh_pack(10, items);
}

int sd_phh_settle(const Tables *t, const PhhShape *shape, const PhhHand *h,
                  PyObject *infinite, PyObject **result)
{
    if (h->partial[0]) { /* replayed as far as written: not settled */
        if (phh_card_text_init() < 0) {
            return -1;
        }
        *result = phh_partial_result(h, infinite);
        return *result == NULL ? -1 : 0;
    }
    int hilo = shape->evaluator == 3 || shape->evaluator == 8, ordered = hilo || shape->stud;
    if (ordered && h->nruns) {
        return 1; /* a hi-lo or stud hand run more than once: the Python path */
    }
    PhhSettled settled[PHH_RUNS];
    int status = phh_settle(t, shape, h, settled), runs = h->nruns ? h->nruns : 1;
    if (status == 0 && runs > 1) { /* each run settled on its board (runouts.combine_runs) */
        PhhHand one = *h;
        for (int r = 1; r < runs && status == 0; r++) {
            memcpy(one.board, h->run_board[r], sizeof one.board);
            status = phh_settle(t, shape, &one, settled + r);
        }
    }
    if (status == 2 && runs > 1) {
        status = 1; /* unknown hands in a hand run more than once: the Python path */
    }
    if (status == 1 || phh_card_text_init() < 0) {
        return status == 1 ? 1 : -1;
    }
    *result = status == 0 ? phh_result(h, settled, runs, ordered, hilo, infinite)
                          : phh_unknown_result(h, infinite);
    return *result == NULL ? -1 : 0;
}

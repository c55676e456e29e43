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
 * lowest seat when nobody bet on the last street. The Python tuple of the result is
 * made in settled_tuples.c.
 */
#include "kernel.h"

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

/* pots.resolve for the table of a replayed hand: 0 done, 1 the Python path, 2 a hand
 * needed at the showdown is unknown (nothing to settle, as settlement.settle_replay). */
/* settlement._dead_antes: unequal antes (a dead blind, a short ante) are dead money in
 * the main pot. The players' chips exclude their antes and the antes are held by up to
 * DEAD_PLACES folded placeholders after the players, each no larger than the smallest
 * live bet (unless there are too few places), so every ante chip lands in the main pot,
 * nor than the second largest bet, so the uncalled bet is measured against bets only;
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
    int64_t first = -1, second = -1; /* the two largest bets */
    for (int i = 0; i < n; i++) {
        int64_t bet = h->contrib[i] - h->paid[i];
        if (bet > first) {
            second = first;
            first = bet;
        } else if (bet > second) {
            second = bet;
        }
    }
    if (0 < second && second < smallest) {
        smallest = second;
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
            if (sd_phh_unknown(h, i)) {
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

int sd_phh_settle(const Tables *t, const PhhShape *shape, const PhhHand *h,
                  PyObject *infinite, PyObject **result)
{
    if (h->partial[0]) { /* replayed as far as written: not settled */
        if (sd_phh_card_texts() < 0) {
            return -1;
        }
        *result = sd_phh_partial_tuple(h, infinite);
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
    if (status == 1 || sd_phh_card_texts() < 0) {
        return status == 1 ? 1 : -1;
    }
    *result = status == 0 ? sd_phh_settled_tuple(h, settled, runs, ordered, hilo, infinite)
                          : sd_phh_unknown_tuple(h, infinite);
    return *result == NULL ? -1 : 0;
}

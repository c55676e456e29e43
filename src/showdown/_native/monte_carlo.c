/*
 * Monte Carlo equity with the boards drawn here, Hold'em and Omaha: per trial a board
 * completing the known cards, drawn uniformly from the live cards with xoshiro256**
 * (one seed gives the same counts on every machine), and one combo per player picked
 * by Python (or a fixed hand); in Omaha a player may instead be dealt a random hand
 * from the deck each trial, with the board.
 */
#include "kernel.h"
#include "draws.h"
#include "omaha_eval.h"

/* --------------------------------------------------------- Hold'em boards */

/* Every ``size``-subset of ``deck[0..m)`` (size 1, 2 or 3); NULL when out of memory. */
static Part *make_parts(const Tables *t, const unsigned *deck, int m, int size, uint32_t *count)
{
    uint32_t n = (uint32_t)binom(m, size);
    Part *parts = malloc(sizeof(Part) * (n > 0 ? n : 1));
    if (parts == NULL) {
        return NULL;
    }
    uint32_t at = 0;
    int pick[3] = {0, 1, 2};
    while (at < n) {
        Part q = {0, 0, 0, (uint32_t)pick[0] | (size > 1 ? (uint32_t)pick[1] << 8 : 0)};
        for (int j = 0; j < size; j++) {
            unsigned c = deck[pick[j]];
            q.bits |= (uint64_t)1 << c;
            q.lanes |= (uint64_t)1 << (13 * (c & 3) + (c >> 2));
            q.key += t->keys[c];
        }
        parts[at++] = q;
        if (!next_subset(pick, size, m)) {
            break;
        }
    }
    *count = n;
    return parts;
}

/* Every ``size``-subset of the positions 0..m-1 (size 2 or 3), each packed in one
 * uint32 (a byte per position, ascending); NULL when out of memory. */
static uint32_t *make_positions(int m, int size, uint32_t *count)
{
    uint32_t n = (uint32_t)binom(m, size);
    uint32_t *out = malloc(sizeof(uint32_t) * (n > 0 ? n : 1));
    if (out == NULL) {
        return NULL;
    }
    int pick[3] = {0, 1, 2};
    for (uint32_t at = 0; at < n; at++) {
        uint32_t packed = 0;
        for (int j = 0; j < size; j++) {
            packed |= (uint32_t)pick[j] << (8 * j);
        }
        out[at] = packed;
        next_subset(pick, size, m);
    }
    *count = n;
    return out;
}

/* ----------------------------------------------------------- Hold'em draws */

/* holdem_draw(board, live, players, trials, seed, counts, ranks=None): see its docstring
 * in module.c. */
HOT_LOOPS PyObject *sd_Tables_holdem_draw(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *counts_obj, *ranks_obj = Py_None;
    Py_ssize_t trials;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOnKO|O:holdem_draw", &board_obj, &live_obj, &players_obj,
                          &trials, &seed, &counts_obj, &ranks_obj)) {
        return NULL;
    }
    Deal deal;
    Py_buffer counts_view, ranks_view;
    int64_t *counts = NULL;
    uint16_t *ranks_out = NULL;
    Hole *combos[MAX_PLAYERS] = {NULL};
    Part *parts_a = NULL;
    uint32_t *second_at = NULL;
    int64_t *by_winners = NULL; /* showdowns per set of winners (see winners_mask) */
    if (sd_read_deal(&deal, board_obj, live_obj, players_obj, 2, trials, "holdem_draw", 0) < 0) {
        goto done;
    }
    by_winners = calloc((size_t)1 << deal.players, sizeof(int64_t));
    if (by_winners == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    const unsigned *known = deal.known, *deck = deal.deck;
    const int64_t *const *picks = deal.picks;
    uint32_t size = deal.size;
    int n_picks = deal.n_picks;
    counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    if (counts == NULL) {
        goto done;
    }
    if (ranks_obj != Py_None) {
        ranks_out = sd_get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
        if (ranks_out == NULL) {
            goto done;
        }
    }
    /* Each combo's hand data, its non-flush ranks indexed by the board's own 5-card rank. */
    if (sd_deal_holes(self, &deal, combos) < 0) {
        goto done;
    }
    int k = 5 - (int)nk;
    /* The missing cards come as one or two parts: 5 = 2 + 3, 4 = 2 + 2, else one part.
     * The first is a uniform pair of the deck, the second a uniform subset of the
     * cards the pair leaves (positions among them, mapped past the pair's two): every
     * k-subset then has the same chance (each is split the same number of ways), and
     * the parts never collide, so only a trial's hole cards can send it back. */
    int first = k == 5 || k == 4 ? 2 : k, second = k == 5 ? 3 : k == 4 ? 2 : 0;
    uint32_t n_first = 1, n_second = 1;
    if (first > 0) {
        parts_a = make_parts(self, deck, (int)size, first, &n_first);
        if (second > 0) {
            second_at = make_positions((int)size - first, second, &n_second);
        }
        if (parts_a == NULL || (second > 0 && second_at == NULL)) {
            PyErr_NoMemory();
            goto done;
        }
    }
    {
        uint32_t base_key = 0;
        uint64_t base_lanes = 0;
        for (Py_ssize_t i = 0; i < nk; i++) {
            base_key += self->keys[known[i]];
            base_lanes |= (uint64_t)1 << (13 * (known[i] & 3) + (known[i] >> 2));
        }
        Draw draw = {parts_a, second_at, n_first, n_second, base_key, base_lanes, {0}, {0}, {0}};
        for (uint32_t i = 0; i < size; i++) {
            draw.card_bits[i] = (uint64_t)1 << deck[i];
            draw.card_lanes[i] = (uint64_t)1 << (13 * (deck[i] & 3) + (deck[i] >> 2));
            draw.card_keys[i] = self->keys[deck[i]];
        }
        const int8_t *fs = self->flush_suit[7];
        const uint16_t *nf5 = self->nonflush[5], *flush = self->flush;
        const uint32_t *row_start5 = self->row_start[5];
        int all_fixed = n_picks == 0;
        /* three or more ranged hands: the board card by card (see draw_cards) */
        int card_by_card = n_picks >= 3 && k > 0;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        uint16_t r[MAX_PLAYERS];
        const Hole *h[MAX_PLAYERS];
        for (Py_ssize_t p = 0; p < players; p++) {
            h[p] = &combos[p][0];
        }
        int64_t w0 = 0, w1 = 0, ties = 0;
        const uint32_t key0 = h[0]->key, key1 = h[1]->key;
        const uint64_t major0 = h[0]->major, major1 = h[1]->major;
        const uint16_t *pair0 = h[0]->pair, *pair1 = h[1]->pair;
        uint32_t keys_of[BLOCK];
        uint64_t lanes_of[BLOCK];
        /* Blocks of trials in two passes: draw every board of the block, then play the
         * showdowns (the second pass's table loads do not wait on the generator). */
        for (Py_ssize_t start = 0; start < trials; start += BLOCK) {
            int stop = trials - start < BLOCK ? (int)(trials - start) : BLOCK;
            if (all_fixed && first == 2 && second == 3) { /* the common case, preflop */
                for (int b = 0; b < stop; b++) {
                    draw_board(&rng, &draw, 3, 0, &keys_of[b], &lanes_of[b]);
                }
            } else {
                for (int b = 0; b < stop; b++) {
                    uint64_t used = 0;
                    if (!all_fixed) {
                        for (Py_ssize_t p = 0; p < players; p++) {
                            if (picks[p] != NULL) {
                                used |= combos[p][picks[p][start + b]].bits;
                            }
                        }
                    }
                    if (card_by_card) {
                        draw_cards(&rng, &draw, size, k, used, &keys_of[b], &lanes_of[b]);
                    } else {
                        draw_board(&rng, &draw, second, used, &keys_of[b], &lanes_of[b]);
                    }
                }
            }
            if (all_fixed && players == 2 && ranks_out == NULL) { /* both holes in locals */
                for (int b = 0; b < stop; b++) {
                    uint32_t key = keys_of[b];
                    uint64_t lanes = lanes_of[b];
                    uint32_t board_sum = key >> SUIT_BITS;
                    unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                    int s0 = fs[(key + key0) & 255], s1 = fs[(key + key1) & 255];
                    unsigned r0 = pair0[b5], r1 = pair1[b5];
                    if (s0 >= 0) {
                        r0 = flush[((lanes | major0) >> (13 * s0)) & 8191];
                    }
                    if (s1 >= 0) {
                        r1 = flush[((lanes | major1) >> (13 * s1)) & 8191];
                    }
                    w0 += r0 < r1;
                    w1 += r1 < r0;
                    ties += r0 == r1;
                }
                continue;
            }
            for (int b = 0; b < stop; b++) {
                uint32_t key = keys_of[b];
                uint64_t lanes = lanes_of[b];
                if (!all_fixed) {
                    for (Py_ssize_t p = 0; p < players; p++) {
                        if (picks[p] != NULL) {
                            h[p] = &combos[p][picks[p][start + b]];
                        }
                    }
                }
                uint32_t board_sum = key >> SUIT_BITS; /* the board's own 5-card rank: */
                unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                for (Py_ssize_t p = 0; p < players; p++) {
                    int suit = fs[(key + h[p]->key) & 255];
                    r[p] = suit < 0 ? h[p]->pair[b5]
                                    : flush[((lanes | h[p]->major) >> (13 * suit)) & 8191];
                }
                if (ranks_out != NULL) {
                    for (Py_ssize_t p = 0; p < players; p++) {
                        ranks_out[p * trials + start + b] = r[p];
                    }
                } else if (players == 2) {
                    w0 += r[0] < r[1];
                    w1 += r[1] < r[0];
                    ties += r[0] == r[1];
                } else {
                    by_winners[winners_mask(r, players)]++;
                }
            }
        }
        counts[1] += w0;
        counts[TALLY + 1] += w1;
        counts[2] += ties;
        counts[TALLY + 2] += ties;
        sd_add_by_winners(by_winners, players, counts);
        Py_END_ALLOW_THREADS
    }
done:
    free(by_winners);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(combos[p]);
    }
    free(second_at);
    free(parts_a);
    sd_release_deal(&deal);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (ranks_out != NULL) {
        PyBuffer_Release(&ranks_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* --------------------------------------------------------------- Omaha draws */

/* The ``n`` cards a trial deals (dealt players' holes, then the board's missing cards) by a
 * partial Fisher-Yates shuffle of ``deck[0..size)``, a card of ``used`` (the trial's
 * picked hands) drawn again: each step uniform over the cards not yet dealt and not
 * used, so every way to deal them is equally likely, and no trial is thrown back whole. */
static inline void deal_cards(Rng *rng, unsigned *deck, uint32_t size, int n, uint64_t used,
                              unsigned *out)
{
    uint64_t x = 0;
    int half = 0;
    for (int j = 0; j < n;) {
        uint32_t at = (uint32_t)j + below(rng, rng_half(rng, &x, &half), size - (uint32_t)j);
        unsigned card = deck[at];
        if ((used >> card) & 1) {
            continue;
        }
        deck[at] = deck[j];
        deck[j] = card;
        out[j++] = card;
    }
}

/* omaha_draw(board, live, hole, players, trials, seed, ranks, cards=None, counts=None): see
 * its docstring in module.c. */
PyObject *sd_Tables_omaha_draw(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *ranks_obj, *cards_obj = Py_None;
    PyObject *counts_obj = Py_None;
    int hole;
    Py_ssize_t trials;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOiOnKO|OO:omaha_draw", &board_obj, &live_obj, &hole,
                          &players_obj, &trials, &seed, &ranks_obj, &cards_obj, &counts_obj)) {
        return NULL;
    }
    if (hole < 4 || hole > 6) {
        PyErr_SetString(PyExc_ValueError, "omaha_draw: hole is 4 to 6 cards");
        return NULL;
    }
    Deal deal;
    Py_buffer ranks_view, cards_view, counts_view;
    uint16_t *ranks = NULL;
    uint8_t *cards_out = NULL;
    int64_t *counts = NULL;
    if (sd_read_deal(&deal, board_obj, live_obj, players_obj, hole, trials, "omaha_draw",
                     DEAL_FROM_DECK) < 0) {
        goto done;
    }
    if (deal.nk == 1 || deal.nk == 2) {
        PyErr_SetString(PyExc_ValueError, "an Omaha board has 0, 3, 4 or 5 known cards");
        goto done;
    }
    Py_ssize_t players = deal.players, nk = deal.nk;
    if (ranks_obj != Py_None) {
        ranks = sd_get_out(ranks_obj, &ranks_view, players * trials, 2, "ranks");
        if (ranks == NULL) {
            goto done;
        }
    }
    if (counts_obj != Py_None) {
        counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
        if (counts == NULL) {
            goto done;
        }
    }
    int k = 5 - (int)nk, n_deal = deal.n_dealt * hole + k;
    if (cards_obj != Py_None) {
        cards_out = sd_get_out(cards_obj, &cards_view, trials * n_deal, 1, "cards");
        if (cards_out == NULL) {
            goto done;
        }
    }
    uint32_t size = deal.size;
    unsigned *deck = deal.deck, *const *combos = deal.ids;
    uint64_t *const *combo_bits = deal.bits;
    const int64_t *const *picks = deal.picks;
    const unsigned char *dealt = deal.dealt;
    const int any_dealt = deal.n_dealt > 0;
    const uint16_t *parts = sd_omaha_parts(self);
    if (parts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    Rng rng;
    rng_seed(&rng, (uint64_t)seed);
    unsigned board[5], drawn[MAX_PLAYERS * 6 + 5];
    OmahaBoard ob;
    uint16_t r[MAX_PLAYERS] = {0};
    for (Py_ssize_t i = 0; i < nk; i++) {
        board[i] = deal.known[i];
    }
    for (Py_ssize_t t = 0; t < trials; t++) {
        uint64_t used = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            if (picks[p] != NULL) {
                used |= combo_bits[p][picks[p][t]];
            }
        }
        if (any_dealt) { /* random hands: dealt with the board's cards, after them */
            deal_cards(&rng, deck, size, n_deal, used, drawn);
            for (int j = 0; j < k; j++) {
                board[nk + j] = drawn[n_deal - k + j];
            }
            if (cards_out != NULL) {
                for (int j = 0; j < n_deal; j++) {
                    cards_out[t * n_deal + j] = (uint8_t)drawn[j];
                }
            }
        } else {
            for (;;) { /* k cards by a partial Fisher-Yates shuffle; again if a hole holds one */
                uint64_t got = 0;
                for (int j = 0; j < k; j++) {
                    uint32_t at = (uint32_t)j + below(&rng, (uint32_t)(rng_next(&rng) >> 32),
                                                      size - (uint32_t)j);
                    unsigned card = deck[at];
                    deck[at] = deck[j];
                    deck[j] = card;
                    board[nk + j] = card;
                    got |= (uint64_t)1 << card;
                }
                if ((got & used) == 0) {
                    break;
                }
            }
            if (cards_out != NULL) {
                for (int j = 0; j < k; j++) {
                    cards_out[t * n_deal + j] = (uint8_t)board[nk + j];
                }
            }
        }
        omaha_board(parts, board, &ob);
        const unsigned *next_hole = drawn;
        for (Py_ssize_t p = 0; p < players; p++) {
            const unsigned *h;
            if (dealt[p]) {
                h = next_hole;
                next_hole += hole;
            } else {
                h = combos[p] + (picks[p] != NULL ? picks[p][t] : 0) * hole;
            }
            r[p] = omaha_rank(self, &ob, h, hole);
        }
        if (ranks != NULL) {
            for (Py_ssize_t p = 0; p < players; p++) {
                ranks[p * trials + t] = r[p];
            }
        }
        if (counts != NULL) {
            tally_one(r, (int)players, counts);
        }
    }
    Py_END_ALLOW_THREADS
done:
    sd_release_deal(&deal);
    if (ranks != NULL) {
        PyBuffer_Release(&ranks_view);
    }
    if (cards_out != NULL) {
        PyBuffer_Release(&cards_view);
    }
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

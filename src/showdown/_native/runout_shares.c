/*
 * All-in runouts: every board the deck can complete is listed once, every live hand
 * ranked on it, and every pot settled on it among its own contenders. The result is an
 * integer per player and pot: the parts of the pot won over all boards in units of
 * 1 / RUNOUT_SPLITS of it (a split k ways adds RUNOUT_SPLITS / k; in Omaha hi-lo a half adds
 * RUNOUT_SPLITS / 2 / k), so that Python turns it into an exact fraction of a chip.
 *
 * The board loops:
 *   holdem_merged   five cards to come (Hold'em, short deck), the suits merged: the rank
 *                   multisets weighted, then the flush boards corrected one by one;
 *   holdem_preflop  the same boards one by one (merge=False): the nested loops of the
 *                   exact equity, each hand's rank read from its pair table by the
 *                   board's rank multiset, the flush table for a flush; heads-up, two
 *                   counters and no per-board settlement;
 *   holdem_known    some board known: the key sums of the seven cards;
 *   omaha_boards    Omaha high or hi-lo, any board known: both halves of each hole pair
 *                   and board triple from one read of the rank-multiset table (as
 *                   omaha_hilo in ladders.c), each player's pairs indexed once per call;
 *   omaha_merged    Omaha, five cards to come, the suits merged as in holdem_merged
 *                   (merge=False: omaha_boards, board by board);
 *   omaha_merged_known  Omaha, some board known (flop, turn), the suits merged the same
 *                   way: the ranks to come weighted, the flush boards corrected
 *                   (merge=False: omaha_boards).
 */
#include "runouts.h"
#include "boards.h"

/* The coded boards given their parts, per pot (a prefix of the order). */
static void add_coded(Pots *s)
{
    int64_t codes = 1;
    for (int j = 1; j < s->ordered; j++) {
        codes *= 3;
    }
    int digit[MAX_PLAYERS];
    for (int64_t code = 0; code < codes; code++) {
        if (s->coded[code] == 0) {
            continue;
        }
        int64_t rest = code;
        for (int j = s->ordered - 1; j >= 1; j--) {
            digit[j] = (int)(rest % 3);
            rest /= 3;
        }
        digit[0] = 2;
        for (int k = 0; k < s->pots; k++) {
            int first = 0; /* the last strictly better player within the prefix */
            for (int j = 1; j < s->prefix[k]; j++) {
                first = digit[j] == 2 ? j : first;
            }
            int ways = 1;
            for (int j = first + 1; j < s->prefix[k]; j++) {
                ways += digit[j] == 1;
            }
            int64_t add = s->coded[code] * s->whole[ways];
            s->parts[s->order[first] * s->pots + k] += add;
            for (int j = first + 1; j < s->prefix[k]; j++) {
                if (digit[j] == 1) {
                    s->parts[s->order[j] * s->pots + k] += add;
                }
            }
        }
    }
}

/* Whether the pots nest; if so the order of their players (see Pots) and the codes' counts
 * (-1 when memory runs out). */
static int nest(Pots *s, const int64_t *masks)
{
    int by_size[MAX_POTS];
    for (int k = 0; k < s->pots; k++) {
        by_size[k] = k;
    }
    for (int i = 1; i < s->pots; i++) { /* widest first */
        for (int j = i; j > 0 && s->size[by_size[j]] > s->size[by_size[j - 1]]; j--) {
            int x = by_size[j];
            by_size[j] = by_size[j - 1];
            by_size[j - 1] = x;
        }
    }
    for (int i = 1; i < s->pots; i++) {
        if (masks[by_size[i]] & ~masks[by_size[i - 1]]) {
            return 0;
        }
    }
    int64_t placed = 0;
    s->ordered = 0;
    for (int i = s->pots - 1; i >= 0; i--) { /* deepest first */
        int k = by_size[i];
        for (int p = 0; p < s->players; p++) {
            if ((masks[k] >> p & 1) && !(placed >> p & 1)) {
                s->order[s->ordered++] = p;
                placed |= (int64_t)1 << p;
            }
        }
        s->prefix[k] = s->ordered;
    }
    int64_t codes = 1;
    for (int j = 1; j < s->ordered; j++) {
        codes *= 3;
    }
    s->coded = calloc((size_t)codes, sizeof(int64_t));
    if (s->coded == NULL) {
        return -1;
    }
    s->nested = 1;
    return 1;
}

/* The counted sets of winners given their parts: each of w winners RUNOUT_SPLITS / w. */
static void add_counted(Pots *s)
{
    for (int k = 0; k < s->pots; k++) {
        const int64_t *count = s->counted + ((size_t)k << s->players);
        for (unsigned set = 1; set < 1u << s->players; set++) {
            if (count[set] == 0) {
                continue;
            }
            int ways = 0;
            for (int p = 0; p < s->players; p++) {
                ways += set >> p & 1;
            }
            for (int p = 0; p < s->players; p++) {
                if (set >> p & 1) {
                    s->parts[p * s->pots + k] += count[set] * s->whole[ways];
                }
            }
        }
    }
}

/* Five cards to come from ``deck`` (ascending ids), two-card hands. */
static void holdem_preflop(const Tables *t, const unsigned *deck, int m, const Hole *holes,
                           Pots *s)
{
    int32_t mk[5][NCARDS];
    uint32_t sk[NCARDS];
    uint64_t lane[NCARDS];
    sd_board_keys(t, deck, m, mk, sk, lane);
    const int players = s->players;
    uint32_t hs[MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hs[p] = holes[p].key & 255;
    }
    const int8_t *fs = t->flush_suit[7];
    uint16_t r[MAX_PLAYERS];
    int64_t w0 = 0, w1 = 0, boards = 0;
    for (int a = 0; a < m - 4; a++) {
        for (int b = a + 1; b < m - 3; b++) {
            int32_t m2 = mk[0][a] + mk[1][b];
            uint32_t s2 = sk[a] + sk[b];
            uint64_t l2 = lane[a] | lane[b];
            for (int c = b + 1; c < m - 2; c++) {
                int32_t m3 = m2 + mk[2][c];
                uint32_t s3 = s2 + sk[c];
                uint64_t l3 = l2 | lane[c];
                for (int d = c + 1; d < m - 1; d++) {
                    int32_t m4 = m3 + mk[3][d];
                    uint32_t s4 = s3 + sk[d];
                    uint64_t l4 = l3 | lane[d];
                    if (players == 2) { /* one pot, the two of them */
                        sd_headsup_last(t, holes, d + 1, m, mk[4], sk, lane, m4, s4, l4, &w0, &w1);
                        boards += m - d - 1;
                        continue;
                    }
                    for (int e = d + 1; e < m; e++) {
                        int32_t mid = m4 + mk[4][e];
                        uint32_t ss = s4 + sk[e];
                        for (int p = 0; p < players; p++) {
                            int suit = fs[ss + hs[p]];
                            if (suit < 0) {
                                r[p] = holes[p].pair[mid];
                            } else {
                                uint64_t bm = l4 | lane[e] | holes[p].lanes;
                                r[p] = t->flush[(bm >> (16 * suit)) & 8191];
                            }
                        }
                        if (s->nested) {
                            settle_nested(s, r, 1);
                        } else {
                            settle_high(s, r, 1);
                        }
                    }
                }
            }
        }
    }
    if (players == 2) {
        int64_t ties = (boards - w0 - w1) * s->half[1];
        s->parts[0] += w0 * s->whole[1] + ties;
        s->parts[s->pots] += w1 * s->whole[1] + ties;
    }
}

/* Settle one board's ranks, ``weight`` times, as the pots are laid out. */
static inline void settle_weighted(Pots *s, const uint16_t *r, int64_t weight)
{
    if (s->nested) {
        settle_nested(s, r, weight);
    } else {
        settle_high(s, r, weight);
    }
}

/* Five cards to come from ``deck``, two-card hands, with the suits merged: a board's
 * showdown depends on its suits only through a flush, so
 *   1. every multiset of five ranks the deck can deal is settled once, weighted by the
 *      boards that have it (the product over ranks of C(live cards of the rank, times
 *      it is dealt)), each hand's rank from its pair table as if no flush could be;
 *   2. every board on which a hand holds a flush is settled with its true ranks and
 *      taken away once with the flushless ones part 1 counted for it.
 * A flush in suit s takes at least 5 - (most hole cards of s in one hand) >= 3 board
 * cards of s, so a board holds no flush in two suits, and its other cards (two at most)
 * are walked as ranks again. The settled counts are those of every board, one by one
 * (holdem_preflop; the tests compare the two). */
static void holdem_merged(const Tables *t, const unsigned *deck, int m, const Hole *holes,
                          Pots *s)
{
    const int players = s->players;
    int live[13], suited_live[4][13];
    unsigned hole_suited[MAX_PLAYERS][4];
    int hole_count[MAX_PLAYERS][4];
    count_live(deck, m, live, suited_live);
    uint32_t hole_key[MAX_PLAYERS]; /* the hole cards' rank-key sum */
    for (int p = 0; p < players; p++) {
        hole_key[p] = 0;
        for (int q = 0; q < 4; q++) {
            hole_suited[p][q] = (unsigned)(holes[p].lanes >> (16 * q)) & 8191;
            for (int rank = 0; rank < 13; rank++) {
                hole_key[p] += hole_suited[p][q] >> rank & 1 ? t->rank_keys[rank] : 0;
            }
            unsigned b = hole_suited[p][q];
            hole_count[p][q] = (int)((b != 0) + ((b & (b - 1)) != 0));
        }
    }
    uint16_t r[MAX_PLAYERS], plain[MAX_PLAYERS];
    /* 1. The rank multisets, no flush. */
    int rk[5] = {0, 0, 0, 0, 0};
    do {
        const int64_t weight = multiset_boards(rk, live);
        if (weight != 0) {
            const int32_t mid = multiset_id(rk);
            for (int p = 0; p < players; p++) {
                r[p] = holes[p].pair[mid];
            }
            settle_weighted(s, r, weight);
        }
    } while (next_rank_multiset(rk));
    /* 2. The boards with a flush, suit by suit. */
    for (int q = 0; q < 4; q++) {
        int most = 0;
        for (int p = 0; p < players; p++) {
            most = hole_count[p][q] > most ? hole_count[p][q] : most;
        }
        int suited[13], others[13];
        const int ns = split_by_suit(suited_live[q], live, suited, others);
        for (int j = 5 - most; j <= 5 && j <= ns; j++) {
            int pick[5] = {0, 1, 2, 3, 4};
            const int rest = 5 - j; /* ranks (0 to 2) of the other suits' live cards */
            do {
                unsigned bits = 0;
                uint32_t key = 0; /* the board's rank-key sum */
                for (int i = 0; i < j; i++) {
                    bits |= 1u << suited[pick[i]];
                    key += t->rank_keys[suited[pick[i]]];
                }
                int flushes[MAX_PLAYERS];
                uint16_t flush_rank[MAX_PLAYERS];
                for (int p = 0; p < players; p++) { /* the same whatever the rest */
                    flushes[p] = hole_count[p][q] + j >= 5;
                    flush_rank[p] = t->flush[(hole_suited[p][q] | bits) & 8191];
                }
                for (int x = 0; x < (rest ? 13 : 1); x++) {
                    for (int y = rest == 2 ? x : 12; y < 13; y++) {
                        const int64_t weight = rest_boards(rest, others, x, y);
                        if (weight == 0) {
                            continue;
                        }
                        uint32_t all = key + (rest >= 1 ? t->rank_keys[x] : 0) +
                                       (rest == 2 ? t->rank_keys[y] : 0);
                        int differs = 0;
                        for (int p = 0; p < players; p++) {
                            plain[p] = nonflush_rank(t, 7, all + hole_key[p]);
                            r[p] = flushes[p] ? flush_rank[p] : plain[p];
                            differs |= r[p] != plain[p];
                        }
                        if (differs) {
                            settle_weighted(s, r, weight);
                            settle_weighted(s, plain, -weight);
                        }
                    }
                }
            } while (next_subset(pick, j, ns));
        }
    }
}

/* ``known`` board cards (1 to 4), the rest from ``deck``; two-card hands. */
static void holdem_known(const Tables *t, const unsigned *known, int nk, const unsigned *deck,
                         int m, const Hole *holes, Pots *s)
{
    uint32_t base = 0;
    uint64_t lanes = 0;
    for (int i = 0; i < nk; i++) {
        base += t->keys[known[i]];
        lanes |= (uint64_t)1 << (16 * (known[i] & 3) + (known[i] >> 2));
    }
    int k = 5 - nk, pick[5] = {0, 1, 2, 3, 4};
    uint16_t r[MAX_PLAYERS];
    do {
        uint32_t key = base;
        uint64_t bm = lanes;
        for (int j = 0; j < k; j++) {
            unsigned c = deck[pick[j]];
            key += t->keys[c];
            bm |= (uint64_t)1 << (16 * (c & 3) + (c >> 2));
        }
        for (int p = 0; p < s->players; p++) {
            uint32_t all = key + holes[p].key;
            int suit = t->flush_suit[7][all & 255];
            r[p] = suit < 0 ? nonflush_rank(t, 7, all >> SUIT_BITS)
                            : t->flush[((bm | holes[p].lanes) >> (16 * suit)) & 8191];
        }
        if (s->nested) {
            settle_nested(s, r, 1);
        } else {
            settle_high(s, r, 1);
        }
    } while (next_subset(pick, k, m));
}

/* runout_shares(deck, board, holes, hole_len, pots, out, omaha, no_low): see module.c. */
PyObject *sd_Tables_runout_shares(Tables *self, PyObject *args)
{
    PyObject *deck_obj, *board_obj, *holes_obj, *pots_obj, *out_obj, *omaha_obj;
    Py_ssize_t hole_len;
    int no_low, merge = 1;
    if (!PyArg_ParseTuple(args, "OOOnOOOi|p:runout_shares", &deck_obj, &board_obj, &holes_obj,
                          &hole_len, &pots_obj, &out_obj, &omaha_obj, &no_low, &merge)) {
        return NULL;
    }
    unsigned deck[NCARDS], known[5];
    Py_ssize_t m, nk, n_flat = 0, n_pots = 0;
    if (sd_ids_of(deck_obj, deck, NCARDS, &m, "deck") < 0 ||
        sd_ids_of(board_obj, known, 4, &nk, "board") < 0) {
        return NULL;
    }
    int omaha = omaha_obj != Py_None;
    if (omaha ? hole_len < 4 || hole_len > 6 : hole_len != 2) {
        PyErr_SetString(PyExc_ValueError, "hole_len must be 2 (Hold'em) or 4 to 6 (Omaha)");
        return NULL;
    }
    if (no_low && !omaha) {
        PyErr_SetString(PyExc_ValueError, "hi-lo (no_low) is for Omaha only");
        return NULL;
    }
    Py_buffer views[4];
    int held = 0;
    int64_t *flat = NULL, *masks = NULL;
    Pots s;
    memset(&s, 0, sizeof(s));
    Hole holes[MAX_PLAYERS];
    OmahaHole *omaha_holes = NULL;
    const uint16_t *pair = NULL;
    const uint32_t *ranks = NULL;
    uint16_t triple[2197];
    unsigned cards[MAX_PLAYERS][6];
    flat = sd_read_array(holes_obj, &n_flat, "holes (flattened)");
    if (flat == NULL || (masks = sd_read_array(pots_obj, &n_pots, "pots")) == NULL) {
        goto done;
    }
    s.players = (int)(n_flat / hole_len);
    s.pots = (int)n_pots;
    if (n_flat % hole_len || s.players < 2 || s.players > MAX_PLAYERS || s.pots < 1 ||
        s.pots > MAX_POTS) {
        PyErr_SetString(PyExc_ValueError, "runout_shares takes 2 to 10 hands and 1 to 10 pots");
        goto done;
    }
    /* Every card once: the deck, the board and the hands. */
    uint64_t used = 0;
    int repeated = add_cards(&used, deck, m);
    repeated |= add_cards(&used, known, nk);
    for (Py_ssize_t i = 0; i < n_flat; i++) {
        if (flat[i] < 0 || flat[i] >= NCARDS) {
            PyErr_SetString(PyExc_ValueError, "a hand holds a card id outside 0..51");
            goto done;
        }
        cards[i / hole_len][i % hole_len] = (unsigned)flat[i];
        repeated |= add_cards(&used, &cards[i / hole_len][i % hole_len], 1);
    }
    for (Py_ssize_t i = 1; i < m; i++) {
        repeated |= deck[i] <= deck[i - 1]; /* the deck ascending */
    }
    if (repeated) {
        PyErr_SetString(PyExc_ValueError, "a card is given twice (or the deck is not ascending)");
        goto done;
    }
    if (m < 5 - nk) {
        PyErr_SetString(PyExc_ValueError, "the deck cannot complete the board");
        goto done;
    }
    for (int k = 0; k < s.pots; k++) {
        int64_t mask = masks[k];
        if (mask <= 0 || mask >> s.players) {
            PyErr_SetString(PyExc_ValueError, "a pot names no player, or one not given");
            goto done;
        }
        for (int p = 0; p < s.players; p++) {
            if (mask >> p & 1) {
                s.who[k][s.size[k]++] = p;
            }
        }
        if (s.size[k] < 2) {
            PyErr_SetString(PyExc_ValueError, "a pot needs two contenders or more");
            goto done;
        }
    }
    for (int w = 1; w <= MAX_PLAYERS; w++) {
        s.whole[w] = RUNOUT_SPLITS / w;
        s.half[w] = RUNOUT_SPLITS / 2 / w;
    }
    s.hilo = no_low != 0;
    if (!s.hilo && nest(&s, masks) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (!s.hilo && !s.nested) { /* pots that do not nest: each its sets of winners */
        s.counted = calloc((size_t)s.pots << s.players, sizeof(int64_t));
        if (s.counted == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    s.no_low = (uint16_t)no_low;
    if ((s.parts = sd_get_out(out_obj, &views[3], (Py_ssize_t)s.players * s.pots, 8,
                              "out (int64, players x pots)")) == NULL) {
        goto done;
    }
    held = 0;
    if (omaha) {
        if (sd_omaha_tables(omaha_obj, views, &held, &pair, &ranks, triple) < 0) {
            goto release_out;
        }
        omaha_holes = malloc(sizeof(OmahaHole) * (size_t)s.players);
        if (omaha_holes == NULL) {
            PyErr_NoMemory();
            goto release_out;
        }
        for (int p = 0; p < s.players; p++) {
            sd_omaha_hole(pair, ranks, cards[p], (int)hole_len, &omaha_holes[p]);
        }
    } else {
        for (int p = 0; p < s.players; p++) { /* pair tables built now, under the GIL */
            if (sd_make_hole(self, cards[p][0], cards[p][1], &holes[p]) < 0) {
                goto release_out;
            }
        }
    }
    /* Two hands of Hold'em share one pot: the heads-up loop needs it to be the only one. */
    int single = s.players > 2 || s.pots == 1;
    Py_BEGIN_ALLOW_THREADS
    if (omaha && nk == 0 && merge) {
        sd_omaha_merged(self, triple, deck, (int)m, omaha_holes, &s);
    } else if (omaha && merge) {
        sd_omaha_merged_known(self, triple, known, (int)nk, deck, (int)m, omaha_holes, &s);
    } else if (omaha) {
        sd_omaha_boards(self, triple, known, (int)nk, deck, (int)m, omaha_holes, &s);
    } else if (nk == 0 && merge) {
        holdem_merged(self, deck, (int)m, holes, &s);
    } else if (nk == 0 && single) {
        holdem_preflop(self, deck, (int)m, holes, &s);
    } else {
        holdem_known(self, known, (int)nk, deck, (int)m, holes, &s);
    }
    if (s.nested) {
        add_coded(&s);
    } else if (s.counted != NULL) {
        add_counted(&s);
    }
    Py_END_ALLOW_THREADS
release_out:
    for (int k = 0; k < held; k++) {
        PyBuffer_Release(&views[k]);
    }
    PyBuffer_Release(&views[3]);
done:
    free(flat);
    free(masks);
    free(s.counted);
    free(omaha_holes);
    free(s.coded);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

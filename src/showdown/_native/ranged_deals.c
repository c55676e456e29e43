/*
 * Range against range with every deal drawn here (holdem_deals), and weighted picks of
 * ranged players' combos for Python's draws (deal_picks): Walker's alias tables, joint
 * combos of a group of players, no card twice.
 */
#include "kernel.h"
#include "draws.h"

#include <math.h>

/* --------------------------------------------------------- deals of ranges */

/* Walker's alias table of m weights (Vose's construction): index i is kept with
 * chance keep[i], else alias[i] is taken, so a weighted draw is one uniform index and one
 * comparison (no search). ``work``: 2 * m scratch indexes. */
static void alias_table(const double *cum, uint32_t m, double *keep, uint32_t *alias,
                        uint32_t *work)
{
    double total = cum[m - 1];
    uint32_t *small = work, *large = work + m, ns = 0, nl = 0;
    for (uint32_t i = 0; i < m; i++) {
        double w = cum[i] - (i ? cum[i - 1] : 0.0);
        keep[i] = total > 0 ? w * m / total : 1.0;
        alias[i] = i;
        if (keep[i] < 1.0) {
            small[ns++] = i;
        } else {
            large[nl++] = i;
        }
    }
    while (ns > 0 && nl > 0) {
        uint32_t s = small[--ns], l = large[nl - 1];
        alias[s] = l;
        keep[l] -= 1.0 - keep[s];
        if (keep[l] < 1.0) {
            nl--;
            small[ns++] = l;
        }
    }
    while (nl > 0) {
        keep[large[--nl]] = 1.0;
    }
    while (ns > 0) { /* left by rounding: as good as whole */
        keep[small[--ns]] = 1.0;
    }
}

/* deal_picks(masks, cumulative, picks, seed, most): see its docstring in module.c. */
PyObject *sd_Tables_deal_picks(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *masks_obj, *cum_obj, *picks_obj;
    unsigned long long seed;
    long long most;
    if (!PyArg_ParseTuple(args, "OOOKL:deal_picks", &masks_obj, &cum_obj, &picks_obj, &seed,
                          &most)) {
        return NULL;
    }
    PyObject *masks_seq = PySequence_Fast(masks_obj, "masks must be a sequence of arrays");
    PyObject *cum_seq = masks_seq ? PySequence_Fast(cum_obj, "cumulative must be a sequence")
                                  : NULL;
    Py_buffer mviews[MAX_PLAYERS], cviews[MAX_PLAYERS], pview;
    Py_ssize_t got = 0, players = 0;
    int have_picks = 0;
    long long attempts = 0;
    if (cum_seq == NULL) {
        goto done;
    }
    players = PySequence_Fast_GET_SIZE(masks_seq);
    if (players < 1 || players > MAX_PLAYERS || PySequence_Fast_GET_SIZE(cum_seq) != players) {
        PyErr_SetString(PyExc_ValueError, "deal_picks takes 1 to 10 players' masks and weights");
        goto done;
    }
    const uint64_t *masks[MAX_PLAYERS];
    const double *cum[MAX_PLAYERS];
    uint32_t sizes[MAX_PLAYERS];
    for (; got < players; got++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(masks_seq, got), &mviews[got],
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            break;
        }
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(cum_seq, got), &cviews[got],
                               PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyBuffer_Release(&mviews[got]);
            break;
        }
        Py_ssize_t m = mviews[got].len / 8;
        if (mviews[got].itemsize != 8 || cviews[got].itemsize != 8 ||
            cviews[got].format == NULL || strcmp(cviews[got].format, "d") != 0 ||
            cviews[got].len / 8 != m || m < 1 || m > UINT32_MAX) {
            PyErr_SetString(PyExc_ValueError,
                            "each player needs as many uint64 masks as float64 weights (1+)");
            got++;
            break;
        }
        masks[got] = mviews[got].buf;
        cum[got] = cviews[got].buf;
        sizes[got] = (uint32_t)m;
    }
    if (PyErr_Occurred()) {
        goto done;
    }
    if (PyObject_GetBuffer(picks_obj, &pview, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        goto done;
    }
    have_picks = 1;
    if (pview.itemsize != 8 || pview.len % (8 * players) != 0) {
        PyErr_SetString(PyExc_ValueError, "picks must be a writable int64 array (players, N)");
        goto done;
    }
    {
        int64_t *picks = pview.buf;
        Py_ssize_t trials = pview.len / 8 / players;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        size_t room = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            room += sizes[p];
        }
        double *keep[MAX_PLAYERS];
        uint32_t *alias[MAX_PLAYERS];
        double *keep_all = malloc(sizeof(double) * room);
        uint32_t *alias_all = malloc(sizeof(uint32_t) * room * 3);
        if (keep_all == NULL || alias_all == NULL) {
            attempts = -2;
            trials = 0;
        } else {
            size_t at = 0;
            for (Py_ssize_t p = 0; p < players; p++) {
                keep[p] = keep_all + at;
                alias[p] = alias_all + at;
                alias_table(cum[p], sizes[p], keep[p], alias[p], alias_all + room + 2 * at);
                at += sizes[p];
            }
        }
        /* A whole deal is drawn again when two combos share a card: the deals kept then
         * have exactly the chance the product of their weights gives (what listing them
         * does), so every trial weighs the same. ``most`` attempts at most: a job whose
         * deals rarely fit is left to the caller's sampler (-1). */
        for (Py_ssize_t i = 0; i < trials && attempts >= 0; i++) {
            for (;;) {
                if (++attempts > most) {
                    attempts = -1;
                    break;
                }
                uint64_t taken = 0;
                Py_ssize_t p = 0;
                for (; p < players; p++) {
                    uint64_t x = rng_next(&rng); /* high half: the index; low half: keep it? */
                    uint32_t c = (uint32_t)(((x >> 32) * sizes[p]) >> 32);
                    if ((double)(uint32_t)x * (1.0 / 4294967296.0) >= keep[p][c]) {
                        c = alias[p][c];
                    }
                    if (masks[p][c] & taken) {
                        break;
                    }
                    taken |= masks[p][c];
                    picks[p * trials + i] = c;
                }
                if (p == players) {
                    break;
                }
            }
        }
        free(keep_all);
        free(alias_all);
        Py_END_ALLOW_THREADS
        if (attempts == -2) {
            PyErr_NoMemory();
        }
    }
done:
    for (Py_ssize_t p = 0; p < got; p++) {
        PyBuffer_Release(&mviews[p]);
        PyBuffer_Release(&cviews[p]);
    }
    if (have_picks) {
        PyBuffer_Release(&pview);
    }
    Py_XDECREF(masks_seq);
    Py_XDECREF(cum_seq);
    if (PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLongLong(attempts);
}

/* ------------------------------------------- range against range, all in here */

/* One group of ranged players for holdem_deals: its joint combos (one combo per member,
 * no card twice), drawn by weight through an alias table, each with its cards' mask and
 * its members' hands. */
/* What the showdowns read of a hand: its non-flush ranks by board rank, its rank bits in
 * 13-bit suit lanes and its key (a Hole's, packed: one cache line holds two). */
typedef struct {
    const uint16_t *pair;
    uint64_t major;
    uint32_t key;
} Hand;

static inline Hand hand_of(const Hole *h)
{
    Hand x = {h->pair, h->major, h->key};
    return x;
}

/* One index of a group's alias table as draw_joint reads it, in one load: the index's
 * cards and its alias's (so the chosen cards do not wait on the choice), the alias, and
 * the keep chance as an integer threshold: the alias is taken when 32 random bits u have
 * u >= threshold, which is u / 2**32 >= keep exactly (threshold = ceil(keep * 2**32)),
 * so the draws are the ones of a double compare, without the conversion. An index always
 * kept has itself as its alias. */
typedef struct {
    uint64_t mask, alias_mask;
    uint32_t threshold, alias;
} Slot;

typedef struct {
    Py_ssize_t size, members[MAX_PLAYERS];
    int n_members;
    uint64_t *mask; /* per joint combo: its cards (1 << id) */
    Hand *hands;    /* per joint combo: n_members hands, in member order */
    Slot *slots;    /* per uniform index: its alias draw, see Slot */
    int even; /* every joint combo weighs the same: every index is kept, no alias */
    /* Whole weights (after scaling by a power of two): each joint combo listed as many
     * times as its weight, so a uniform index into this list is the weighted draw,
     * exactly, with no alias; NULL when the weights are not so (see whole_weights). */
    uint32_t *listed, n_listed;
} Group;

static void release_groups(Group *g, int n)
{
    for (int i = 0; i < n; i++) {
        free(g[i].mask);
        free(g[i].hands);
        free(g[i].slots);
        free(g[i].listed);
    }
}

/* Most weights people give are whole numbers of halves, quarters, eighths... (0.5,
 * 0.75, 2): scaled by a power of two their products, the joint weights, are whole
 * numbers too. Then each joint combo is listed as often as its scaled weight and a
 * uniform pick in the list is the weighted draw (exact: no rounding anywhere), one load
 * and no compare, as cheap as even weights. Only for lists of at most LIST_EACH entries
 * per joint combo on average; else (or for weights such as 0.3) the alias slots serve.
 * -1 on no memory (the error set). */
#define LIST_EACH 16

static int list_whole_weights(Group *g, const double *cum)
{
    size_t most = (size_t)g->size * LIST_EACH;
    if (most > ((size_t)1 << 24)) {
        return 0;
    }
    for (double scale = 1.0 / 1024; scale <= 1024; scale *= 2) {
        double total = cum[g->size - 1] * scale;
        if (!(total <= (double)most)) {
            return 0; /* more scale only lists more */
        }
        int whole = 1;
        for (Py_ssize_t d = 0; d < g->size && whole; d++) {
            double w = (cum[d] - (d ? cum[d - 1] : 0.0)) * scale;
            whole = w == floor(w);
        }
        if (!whole) {
            continue;
        }
        g->listed = malloc(sizeof(uint32_t) * (size_t)total);
        if (g->listed == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        uint32_t at = 0;
        for (Py_ssize_t d = 0; d < g->size; d++) {
            double w = (cum[d] - (d ? cum[d - 1] : 0.0)) * scale;
            for (uint32_t i = 0; i < (uint32_t)w; i++) {
                g->listed[at++] = (uint32_t)d;
            }
        }
        g->n_listed = at;
        return 0;
    }
    return 0;
}

/* Group ``gi`` of holdem_deals from ``item``, a (members, columns, cumulative) tuple. */
static int read_group(Group *g, PyObject *item, const Deal *deal, Hole *const *combos,
                      int *owner, int gi)
{
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
        PyErr_SetString(PyExc_TypeError, "each group is a (members, columns, cumulative) tuple");
        return -1;
    }
    Py_ssize_t nm, ncol, ncum;
    int64_t *members = sd_read_array(PyTuple_GET_ITEM(item, 0), &nm, "members");
    int64_t *columns = members ? sd_read_array(PyTuple_GET_ITEM(item, 1), &ncol, "columns")
                               : NULL;
    double *cum = NULL;
    Py_buffer cview;
    int have_cum = 0, ok = 0;
    if (columns == NULL) {
        goto done;
    }
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(item, 2), &cview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        goto done;
    }
    have_cum = 1;
    ncum = cview.len / 8;
    if (nm < 1 || nm > deal->players || cview.itemsize != 8 || cview.format == NULL ||
        strcmp(cview.format, "d") != 0 || ncum < 1 || ncum > UINT32_MAX || ncol != ncum * nm) {
        PyErr_SetString(PyExc_ValueError, "a group needs 1+ members, (D, members) int64 columns "
                                          "and D float64 cumulative weights");
        goto done;
    }
    cum = cview.buf;
    g->size = ncum;
    g->n_members = (int)nm;
    for (Py_ssize_t k = 0; k < nm; k++) {
        int64_t p = members[k];
        if (p < 0 || p >= deal->players || owner[p] >= 0 || deal->sizes[p] < 2) {
            PyErr_SetString(PyExc_ValueError,
                            "a group member is no ranged player, or in two groups");
            goto done;
        }
        owner[p] = gi;
        g->members[k] = (Py_ssize_t)p;
    }
    for (Py_ssize_t d = 1; d < ncum; d++) {
        if (!(cum[d] >= cum[d - 1])) {
            PyErr_SetString(PyExc_ValueError, "cumulative weights must not decrease");
            goto done;
        }
    }
    if (!(cum[0] >= 0) || !(cum[ncum - 1] > 0)) {
        PyErr_SetString(PyExc_ValueError, "a group's weights must be >= 0 with a positive sum");
        goto done;
    }
    g->mask = malloc(sizeof(uint64_t) * (size_t)ncum);
    g->hands = malloc(sizeof(Hand) * (size_t)(ncum * nm));
    g->slots = malloc(sizeof(Slot) * (size_t)ncum);
    double *keep = malloc(sizeof(double) * (size_t)ncum);
    uint32_t *alias = malloc(sizeof(uint32_t) * 3 * (size_t)ncum); /* and 2 * D scratch */
    if (g->mask == NULL || g->hands == NULL || g->slots == NULL || keep == NULL ||
        alias == NULL) {
        free(keep);
        free(alias);
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t d = 0; d < ncum; d++) {
        uint64_t mask = 0;
        for (Py_ssize_t k = 0; k < nm; k++) {
            Py_ssize_t p = g->members[k];
            int64_t c = columns[d * nm + k];
            if (c < 0 || c >= deal->sizes[p] || (mask & combos[p][c].bits)) {
                free(keep);
                free(alias);
                PyErr_SetString(PyExc_ValueError,
                                "a joint combo names no combo of its player, or a card twice");
                goto done;
            }
            mask |= combos[p][c].bits;
            g->hands[d * nm + k] = hand_of(&combos[p][c]);
        }
        g->mask[d] = mask;
    }
    alias_table(cum, (uint32_t)ncum, keep, alias, alias + ncum);
    g->even = 1;
    for (Py_ssize_t d = 0; d < ncum; d++) {
        /* keep * 2**32 is exact (a power of two), and so is its ceiling; 2**32 and over:
         * no 32 bits reach it, the index is always kept */
        double scaled = ceil(keep[d] * 4294967296.0);
        int kept = scaled >= 4294967296.0;
        uint32_t to = kept ? (uint32_t)d : alias[d];
        Slot slot = {g->mask[d], g->mask[to], kept ? UINT32_MAX : (uint32_t)scaled, to};
        g->slots[d] = slot;
        g->even &= kept;
    }
    free(keep);
    free(alias);
    if (!g->even && list_whole_weights(g, cum) < 0) {
        goto done;
    }
    ok = 1;
done:
    free(members);
    free(columns);
    if (have_cum) {
        PyBuffer_Release(&cview);
    }
    return ok ? 0 : -1;
}

/* One joint combo of group ``g`` by weight, and its cards' mask: a uniform index
 * (exact, see below), kept unless 32 random bits reach its threshold, else its alias.
 * With uneven weights the choice is a mask, not a branch: it goes either way at random,
 * and a branch there was mispredicted on most draws. The slot is one load, and both
 * masks are in it, so the cards are known as soon as the choice is (no load after it).
 * Even weights keep every index (one branch per group, predicted). Either way the 32
 * random bits are spent, so seeded results are those of the double compare before. */
static inline uint32_t draw_joint(Rng *rng, const Group *g, uint64_t *mask)
{
    uint64_t x = rng_next(rng);
    if (g->listed != NULL) {
        uint32_t d = g->listed[below(rng, (uint32_t)(x >> 32), g->n_listed)];
        *mask = g->mask[d];
        return d;
    }
    uint32_t c = below(rng, (uint32_t)(x >> 32), (uint32_t)g->size);
    if (g->even) {
        *mask = g->mask[c]; /* the smaller array: fewer cache lines than the slots */
        return c;
    }
    const Slot *s = &g->slots[c];
    uint32_t take = 0u - (uint32_t)((uint32_t)x >= s->threshold);
    uint64_t take64 = 0 - (uint64_t)(take & 1u);
    *mask = (s->mask & ~take64) | (s->alias_mask & take64);
    return (c & ~take) | (s->alias & take);
}

/* Lists of the cards each joint combo leaves (one group, no fast PDEP) up to this size. */
#define LISTS_MOST ((size_t)1 << 22)

/* When every group draws a uniform index (even weights, or whole weights listed), a
 * deal's indexes all come from 32 random bits, as the digits of a board (Picks): index i
 * of group g uniform in 0..bound[g]-1, exact once the 32 bits whose rest is below
 * ``reject`` (2**32 mod the bounds' product) are drawn again; two attempts at a deal
 * from one 64-bit number, where each group's own draw spent one. ``reject`` is
 * UINT32_MAX when some group draws through its alias slots or the product of the
 * bounds passes 2**32 (the groups are drawn one by one then, by draw_joint). */
typedef struct {
    uint32_t bound[MAX_PLAYERS];
    const uint32_t *listed[MAX_PLAYERS]; /* the group's list, or NULL: the index itself */
    uint32_t reject;
} Uniform;

static Uniform uniform_of(const Group *groups, int ng)
{
    Uniform x;
    uint64_t product = 1;
    x.reject = UINT32_MAX;
    for (int gi = 0; gi < ng; gi++) {
        const Group *g = &groups[gi];
        if (g->listed == NULL && !g->even) {
            return x;
        }
        x.bound[gi] = g->listed != NULL ? g->n_listed : (uint32_t)g->size;
        x.listed[gi] = g->listed;
        product *= x.bound[gi]; /* at most 2**32 times below 2**32: no overflow */
        if (product > ((uint64_t)1 << 32)) {
            return x;
        }
    }
    x.reject = (uint32_t)((((uint64_t)1 << 32)) % product);
    return x;
}

/* A block's ``stop`` deals (see Uniform), each attempt kept when no two groups share
 * a card; the attempts so far, or -1 past ``most``. A function of its own, called once
 * a block, so that the loop of several groups is compiled as it was without it. */
HOT_LOOPS static long long uniform_deals(Rng *rng_out, const Group *groups, int ng, const Uniform *un,
                               int stop, uint32_t (*joint_of)[MAX_PLAYERS],
                               uint64_t *taken_of, long long attempts, long long most)
{
    Rng local = *rng_out, *rng = &local; /* in registers: the stores could alias it */
    uint64_t x = 0;
    int half = 0;
    for (int b = 0; b < stop;) {
        uint32_t u = rng_half(rng, &x, &half);
        uint32_t at[MAX_PLAYERS];
        for (int gi = 0; gi < ng; gi++) {
            uint64_t y = (uint64_t)u * un->bound[gi];
            at[gi] = (uint32_t)(y >> 32);
            u = (uint32_t)y;
        }
        if (u < un->reject) {
            continue; /* rare: below product / 2**32 of the time (0.02 for six ranges) */
        }
        if (++attempts > most) {
            *rng_out = local;
            return -1;
        }
        uint64_t taken = 0, clash = 0;
        for (int gi = 0; gi < ng; gi++) {
            uint32_t d = un->listed[gi] != NULL ? un->listed[gi][at[gi]] : at[gi];
            uint64_t mask = groups[gi].mask[d];
            clash |= mask & taken;
            taken |= mask;
            joint_of[b][gi] = d;
        }
        taken_of[b] = taken;
        b += clash == 0;
    }
    *rng_out = local;
    return attempts;
}

/* holdem_deals(board, live, players, groups, trials, seed, counts, most): see its
 * docstring in module.c. */
HOT_LOOPS PyObject *sd_Tables_holdem_deals(Tables *self, PyObject *args)
{
    PyObject *board_obj, *live_obj, *players_obj, *groups_obj, *counts_obj;
    Py_ssize_t trials;
    unsigned long long seed;
    long long most;
    if (!PyArg_ParseTuple(args, "OOOOnKOL:holdem_deals", &board_obj, &live_obj, &players_obj,
                          &groups_obj, &trials, &seed, &counts_obj, &most)) {
        return NULL;
    }
    Deal deal;
    Py_buffer counts_view;
    int64_t *counts = NULL;
    Hole *combos[MAX_PLAYERS] = {NULL};
    Group groups[MAX_PLAYERS];
    int n_groups = 0;
    long long attempts = 0;
    PyObject *gseq = NULL;
    int64_t *by_winners = NULL; /* showdowns per set of winners (a mask of players) */
    memset(groups, 0, sizeof(groups));
    if (sd_read_deal(&deal, board_obj, live_obj, players_obj, 2, trials, "holdem_deals", 1) < 0) {
        goto done;
    }
    Py_ssize_t players = deal.players;
    counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    if (counts == NULL) {
        goto done;
    }
    by_winners = calloc((size_t)1 << players, sizeof(int64_t));
    if (by_winners == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (sd_deal_holes(self, &deal, combos) < 0) {
        goto done;
    }
    gseq = PySequence_Fast(groups_obj, "groups must be a sequence");
    if (gseq == NULL) {
        goto done;
    }
    int owner[MAX_PLAYERS];
    int ranged = 0, drawn_cards = 0;
    for (Py_ssize_t p = 0; p < players; p++) {
        owner[p] = -1;
    }
    if (PySequence_Fast_GET_SIZE(gseq) > players) {
        PyErr_SetString(PyExc_ValueError, "more groups than players");
        goto done;
    }
    for (; n_groups < PySequence_Fast_GET_SIZE(gseq); n_groups++) {
        if (read_group(&groups[n_groups], PySequence_Fast_GET_ITEM(gseq, n_groups), &deal, combos,
                       owner, n_groups) < 0) {
            n_groups++; /* released below */
            goto done;
        }
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        if (deal.sizes[p] > 1 && owner[p] < 0) {
            PyErr_SetString(PyExc_ValueError, "a ranged player is in no group");
            goto done;
        }
        ranged += owner[p] >= 0;
    }
    /* sd_read_deal took every player as fixed: put the ranged players' cards back in the deck
     * (the board cards and the fixed hands stay out) */
    {
        uint64_t out_of_deck = 0;
        for (Py_ssize_t i = 0; i < deal.nk; i++) {
            out_of_deck |= (uint64_t)1 << deal.known[i];
        }
        for (Py_ssize_t p = 0; p < players; p++) {
            if (owner[p] < 0) {
                out_of_deck |= combos[p][0].bits;
            }
        }
        Py_ssize_t m;
        unsigned live[NCARDS];
        if (sd_ids_of(live_obj, live, NCARDS, &m, "live") < 0) {
            goto done;
        }
        deal.size = 0;
        for (Py_ssize_t i = 0; i < m; i++) {
            if (!((out_of_deck >> live[i]) & 1)) {
                deal.deck[deal.size++] = live[i];
            }
        }
        drawn_cards = 5 - (int)deal.nk;
        if ((uint32_t)(drawn_cards + 2 * ranged) > deal.size) {
            PyErr_SetString(PyExc_ValueError, "too few live cards to complete the board");
            goto done;
        }
    }
    {
        const int k = drawn_cards;
        const uint32_t size = deal.size;
        Draw draw = {NULL, NULL, 0, 0, 0, 0, {0}, {0}, {0}};
        for (Py_ssize_t i = 0; i < deal.nk; i++) {
            draw.base_key += self->keys[deal.known[i]];
            draw.base_lanes |= (uint64_t)1 << (13 * (deal.known[i] & 3) + (deal.known[i] >> 2));
        }
        for (uint32_t i = 0; i < size; i++) {
            draw.card_bits[i] = (uint64_t)1 << deal.deck[i];
            draw.card_lanes[i] = (uint64_t)1 << (13 * (deal.deck[i] & 3) + (deal.deck[i] >> 2));
            draw.card_keys[i] = self->keys[deal.deck[i]];
        }
        const int8_t *fs = self->flush_suit[7];
        const uint16_t *nf5 = self->nonflush[5], *flush = self->flush;
        const uint32_t *row_start5 = self->row_start[5];
        const int ng = n_groups;
        const Uniform uniform = uniform_of(groups, ng);
        /* Every deal's cards in the deck: the boards by index among the cards it leaves
         * (see Picks), for any number of groups */
        uint64_t deck_mask = 0;
        for (uint32_t i = 0; i < size; i++) {
            deck_mask |= draw.card_bits[i];
        }
        int by_index = k > 0;
        for (int gi = 0; gi < ng && by_index; gi++) {
            for (Py_ssize_t d = 0; d < groups[gi].size; d++) {
                by_index &= (groups[gi].mask[d] & ~deck_mask) == 0;
            }
        }
        Picks picks;
        uint8_t *id_lists = NULL; /* one group: per joint combo, the ids of the cards left */
        if (by_index) {
            sd_picks_of(self, &picks, deck_mask, size - 2 * (uint32_t)ranged, k, deal.known,
                        deal.nk);
            if (ng == 1 && !sd_fast_pdep() && (size_t)groups[0].size * picks.m <= LISTS_MOST) {
                id_lists = malloc((size_t)groups[0].size * picks.m);
            }
            for (Py_ssize_t d = 0; id_lists != NULL && d < groups[0].size; d++) {
                uint8_t *list = id_lists + (size_t)d * picks.m;
                uint64_t left = deck_mask & ~groups[0].mask[d];
                for (unsigned c = 0; c < NCARDS; c++) {
                    if ((left >> c) & 1) {
                        *list++ = (uint8_t)c;
                    }
                }
            }
        }
        /* Heads-up, both players in the one group: the showdowns read their hands from
         * the joint combo directly (``first``: the member listed first is player 0?) */
        const int heads_up_group = ng == 1 && players == 2 && groups[0].n_members == 2;
        const int first = heads_up_group && groups[0].members[0] == 1;
        Py_BEGIN_ALLOW_THREADS
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        Hand fixed[MAX_PLAYERS];
        const Hand *h[MAX_PLAYERS];
        for (Py_ssize_t p = 0; p < players; p++) {
            fixed[p] = hand_of(&combos[p][0]);
            h[p] = &fixed[p]; /* the fixed hands stay */
        }
        uint32_t keys_of[BLOCK];
        uint64_t lanes_of[BLOCK];
        uint32_t joint_of[BLOCK][MAX_PLAYERS];
        uint64_t taken_of[BLOCK];
        uint16_t r[MAX_PLAYERS];
        int64_t w0 = 0, w1 = 0, ties = 0;
        /* Blocks of trials in two passes, as holdem_draw: draw every deal and board of the
         * block, then play the showdowns. A deal is one joint combo per group, drawn again
         * whole while two share a card (the deals kept then have exactly the chance the
         * product of their weights gives); the board's missing cards are drawn by index
         * among the cards the deal leaves (see Picks), or where some combo holds a card
         * out of the deck one at a time, again while taken (draw_cards_flat). */
        for (Py_ssize_t start = 0; start < trials && attempts >= 0; start += BLOCK) {
            int stop = trials - start < BLOCK ? (int)(trials - start) : BLOCK;
            /* The block's deals first: an attempt draws every group's joint combo and
             * is kept (the slot moves on) when no two share a card, so no branch
             * depends on the draws (a clash, about every other attempt with six
             * ranges, was a mispredicted branch); then each kept deal's board. One
             * group too (it never clashes): its deals, apart from the boards, do not
             * wait on each other, so their loads overlap (measured: weighted heads-up
             * ranges about 4% faster than a deal and its board drawn together). */
            if (uniform.reject != UINT32_MAX) {
                attempts = uniform_deals(&rng, groups, ng, &uniform, stop, joint_of, taken_of,
                                         attempts, most);
            }
            for (int b = uniform.reject != UINT32_MAX ? stop : 0; b < stop;) {
                if (++attempts > most) {
                    attempts = -1;
                    break;
                }
                uint64_t taken = 0, clash = 0;
                for (int gi = 0; gi < ng; gi++) {
                    uint64_t mask;
                    uint32_t d = draw_joint(&rng, &groups[gi], &mask);
                    clash |= mask & taken;
                    taken |= mask;
                    joint_of[b][gi] = d;
                }
                taken_of[b] = taken;
                b += clash == 0;
            }
            if (attempts < 0) {
                break;
            }
            if (id_lists != NULL) {
                sd_listed_boards(&rng, stop, (const uint32_t(*)[MAX_PLAYERS])joint_of, id_lists,
                                 &picks, k, keys_of, lanes_of);
            } else if (by_index) {
                sd_index_boards(&rng, stop, taken_of, &picks, k, keys_of, lanes_of);
            } else {
                for (int b = 0; b < stop; b++) {
                    if (k > 0) {
                        draw_cards_flat(&rng, &draw, size, k, taken_of[b], &keys_of[b],
                                        &lanes_of[b]);
                    } else {
                        keys_of[b] = draw.base_key;
                        lanes_of[b] = draw.base_lanes;
                    }
                }
            }
            if (heads_up_group) { /* both hands from the one joint combo, in locals */
                const Hand *pairs = groups[0].hands;
                for (int b = 0; b < stop; b++) {
                    uint32_t key = keys_of[b];
                    uint64_t lanes = lanes_of[b];
                    const Hand *h0 = pairs + 2 * (size_t)joint_of[b][0] + first;
                    const Hand *h1 = pairs + 2 * (size_t)joint_of[b][0] + (1 - first);
                    uint32_t board_sum = key >> SUIT_BITS;
                    unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                    int s0 = fs[(key + h0->key) & 255], s1 = fs[(key + h1->key) & 255];
                    unsigned r0 = h0->pair[b5], r1 = h1->pair[b5];
                    /* both ranks, and the flush's chosen by the suit with no branch: a
                     * flush comes at random, and its branch was mispredicted then */
                    unsigned f0 = flush[((lanes | h0->major) >> (13 * (s0 & 3))) & 8191];
                    unsigned f1 = flush[((lanes | h1->major) >> (13 * (s1 & 3))) & 8191];
                    r0 = s0 >= 0 ? f0 : r0;
                    r1 = s1 >= 0 ? f1 : r1;
                    w0 += r0 < r1;
                    w1 += r1 < r0;
                    ties += r0 == r1;
                }
                continue;
            }
            for (int b = 0; b < stop; b++) {
                uint32_t key = keys_of[b];
                uint64_t lanes = lanes_of[b];
                for (int gi = 0; gi < ng; gi++) {
                    const Group *g = &groups[gi];
                    const Hand *hands = g->hands + (size_t)joint_of[b][gi] * g->n_members;
                    for (int q = 0; q < g->n_members; q++) {
                        h[g->members[q]] = &hands[q];
                    }
                }
                uint32_t board_sum = key >> SUIT_BITS; /* the board's own 5-card rank: */
                unsigned b5 = nf5[row_start5[board_sum >> ROW_BITS] + (board_sum & ROW_MASK)];
                for (Py_ssize_t p = 0; p < players; p++) {
                    int suit = fs[(key + h[p]->key) & 255];
                    r[p] = suit < 0 ? h[p]->pair[b5]
                                    : flush[((lanes | h[p]->major) >> (13 * suit)) & 8191];
                }
                if (players == 2) {
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
        free(id_lists);
    }
done:
    free(by_winners);
    Py_XDECREF(gseq);
    release_groups(groups, n_groups);
    for (Py_ssize_t p = 0; p < MAX_PLAYERS; p++) {
        free(combos[p]);
    }
    sd_release_deal(&deal);
    if (counts != NULL) {
        PyBuffer_Release(&counts_view);
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLongLong(attempts);
}

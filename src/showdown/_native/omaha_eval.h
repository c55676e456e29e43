/*
 * Omaha high for the Monte Carlo draws (monte_carlo.c): a board's ten three-card
 * subsets read once per trial (OmahaBoard), then each hand's best of its two-card
 * subsets with each of them (omaha_rank). Exactly two hole cards and three board cards,
 * as omaha_best in kernel.h, which it agrees with rank for rank. What it saves: the
 * board's triples are read once for every player; a non-flush five is one load from
 * Tables.omaha_parts (by the triple's and the pair's rank multisets) where a rank-key sum
 * takes two; and a board with no three cards of a suit (no flush possible, about three
 * boards in five) is ranked by rank multisets alone, each once (a paired board or a
 * paired hand repeats some). Included after kernel.h.
 */
#ifndef SHOWDOWN_OMAHA_EVAL_H
#define SHOWDOWN_OMAHA_EVAL_H

#define OMAHA_TRIPLES 455 /* multisets of three ranks */
#define OMAHA_PAIRS 91    /* multisets of two ranks */

/* The colex ids of a multiset of three ranks a <= b <= c and of two x <= y. */
static inline int omaha_triple_id(int a, int b, int c)
{
    return MULTISET_TERM[0][a] + MULTISET_TERM[1][b] + MULTISET_TERM[2][c];
}

static inline int omaha_pair_id(int x, int y)
{
    return MULTISET_TERM[0][x] + MULTISET_TERM[1][y];
}

/* draws.c: the table omaha_rank reads (Tables.omaha_parts), made on first use; call it
 * with the GIL held. NULL when out of memory. */
const uint16_t *sd_omaha_parts(Tables *t);

/* A five-card board's three-card subsets. */
typedef struct {
    const uint16_t *parts; /* Tables.omaha_parts */
    uint32_t at[10];       /* OMAHA_PAIRS * the triple's rank-multiset id */
    uint16_t ranks[10];    /* its rank bits (read where the three share a suit) */
    int8_t suit[10];       /* the suit the three share, else -1 */
    int n;                 /* the distinct rank multisets when flush < 0, else all ten */
    int flush;             /* a suit three board cards share (at most one), else -1 */
} OmahaBoard;

/* Two ids in ascending order, with no branch (a compare and two selects). */
#define OMAHA_ORDER(v, i, j)                                                                 \
    do {                                                                                     \
        unsigned lo_ = v[i] < v[j] ? v[i] : v[j], hi_ = v[i] < v[j] ? v[j] : v[i];           \
        v[i] = lo_;                                                                          \
        v[j] = hi_;                                                                          \
    } while (0)

/* ``n`` ids sorted ascending (so their ranks too): sorting networks for four and five,
 * whose compares do not depend on the cards (no mispredicted branch); insertion for six. */
static inline void omaha_sort(unsigned *v, int n)
{
    if (n == 4) {
        OMAHA_ORDER(v, 0, 1);
        OMAHA_ORDER(v, 2, 3);
        OMAHA_ORDER(v, 0, 2);
        OMAHA_ORDER(v, 1, 3);
        OMAHA_ORDER(v, 1, 2);
    } else if (n == 5) {
        OMAHA_ORDER(v, 0, 1);
        OMAHA_ORDER(v, 3, 4);
        OMAHA_ORDER(v, 2, 4);
        OMAHA_ORDER(v, 2, 3);
        OMAHA_ORDER(v, 0, 3);
        OMAHA_ORDER(v, 0, 2);
        OMAHA_ORDER(v, 1, 4);
        OMAHA_ORDER(v, 1, 3);
        OMAHA_ORDER(v, 1, 2);
    } else {
        for (int i = 1; i < n; i++) {
            for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
                unsigned x = v[j];
                v[j] = v[j - 1];
                v[j - 1] = x;
            }
        }
    }
}

/* The five ids ``board`` (distinct, 0..51) read into ``ob``; ``parts`` from
 * sd_omaha_parts. Sorted first, each triple's ranks come in ascending order. */
static inline void omaha_board(const uint16_t *parts, const unsigned *board, OmahaBoard *ob)
{
    unsigned b[5] = {board[0], board[1], board[2], board[3], board[4]};
    omaha_sort(b, 5);
    int per_suit[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        per_suit[b[i] & 3]++;
    }
    ob->parts = parts;
    ob->flush = -1;
    for (int s = 0; s < 4; s++) {
        ob->flush = per_suit[s] >= 3 ? s : ob->flush;
    }
    int n = 0;
    for (int x = 0; x < 5; x++) {
        for (int y = x + 1; y < 5; y++) {
            for (int z = y + 1; z < 5; z++, n++) {
                ob->at[n] = (uint32_t)(OMAHA_PAIRS * omaha_triple_id((int)(b[x] >> 2),
                                                                     (int)(b[y] >> 2),
                                                                     (int)(b[z] >> 2)));
                unsigned s = b[x] & 3;
                int same = (b[y] & 3) == s && (b[z] & 3) == s;
                ob->suit[n] = same ? (int8_t)s : -1;
                ob->ranks[n] = (uint16_t)((1u << (b[x] >> 2)) | (1u << (b[y] >> 2)) |
                                          (1u << (b[z] >> 2)));
            }
        }
    }
    ob->n = n;
}

/* The best Omaha rank (lowest) of the ``h`` hole ids ``hole`` (4 to 6, off the board)
 * on the board ``ob``. */
static inline uint16_t omaha_rank(const Tables *t, const OmahaBoard *ob, const unsigned *hole,
                                  int h)
{
    const uint16_t *parts = ob->parts;
    unsigned c[6];
    uint32_t pairs[15];
    uint16_t ranks[15];
    int8_t suits[15];
    int np = 0;
    uint16_t best = 0xffff;
    for (int i = 0; i < h; i++) {
        c[i] = hole[i];
    }
    omaha_sort(c, h);
    for (int i = 0; i < h; i++) {
        for (int j = i + 1; j < h; j++, np++) {
            pairs[np] = (uint32_t)omaha_pair_id((int)(c[i] >> 2), (int)(c[j] >> 2));
            ranks[np] = (uint16_t)((1u << (c[i] >> 2)) | (1u << (c[j] >> 2)));
            suits[np] = (c[i] & 3) == (c[j] & 3) ? (int8_t)(c[i] & 3) : -2;
        }
    }
    for (int i = 0; i < np; i++) { /* every five as if unsuited */
        for (int j = 0; j < 10; j++) {
            uint16_t r = parts[ob->at[j] + pairs[i]];
            best = r < best ? r : best;
        }
    }
    if (ob->flush < 0) {
        return best;
    }
    /* Then the fives of one suit, ranked as flushes: a flush beats the straight or high
     * card the same five make unsuited, so the least of both is the hand's rank. */
    for (int i = 0; i < np; i++) {
        if (suits[i] != ob->flush) {
            continue;
        }
        for (int j = 0; j < 10; j++) {
            if (ob->suit[j] == ob->flush) {
                uint16_t r = t->flush[ranks[i] | ob->ranks[j]];
                best = r < best ? r : best;
            }
        }
    }
    return best;
}

#endif

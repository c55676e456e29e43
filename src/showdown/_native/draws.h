/*
 * What the Monte Carlo files share (monte_carlo.c: boards drawn for fixed hands and
 * Python's picks; ranged_deals.c: range against range drawn in here): the generator,
 * the board draws, the showdown masks and the deal read from Python. Included after
 * kernel.h; the hot pieces are static inline so that each loop keeps them in registers,
 * the set-up lives once in draws.c.
 */
#ifndef SHOWDOWN_DRAWS_H
#define SHOWDOWN_DRAWS_H

/* ------------------------------------------------------------ the generator */

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64: small, fast, and the
 * same numbers on every platform for one seed. */
typedef struct {
    uint64_t s[4];
} Rng;

static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline void rng_seed(Rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        r->s[i] = splitmix64(&seed);
    }
}

static inline uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return out;
}

/* 32 random bits: the high then the low half of one 64-bit draw (*half 0: draw anew). */
static inline uint32_t rng_half(Rng *r, uint64_t *x, int *half)
{
    uint32_t u = *half ? (uint32_t)*x : (uint32_t)((*x = rng_next(r)) >> 32);
    *half ^= 1;
    return u;
}

/* Uniform in 0..n-1 (1 <= n < 2**32) from 32 random bits ``u``, exactly: Lemire's
 * multiply-shift; the few low products that would bias it (probability below n / 2**32)
 * are drawn again from the generator. */
static inline uint32_t below(Rng *r, uint32_t u, uint32_t n)
{
    uint64_t x = (uint64_t)u * n;
    if ((uint32_t)x < n) {
        uint32_t floor = (uint32_t)(0u - n) % n;
        while ((uint32_t)x < floor) {
            x = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
        }
    }
    return (uint32_t)(x >> 32);
}

/* Trials per block of the Hold'em draws: a block's boards are drawn first, then ranked. */
#define BLOCK 256

/* The hot loops' functions start on a 64-byte line (GCC and Clang), so that an edit
 * elsewhere in the kernel, which moves them, does not move their loops across the
 * decoder's 32- and 64-byte boundaries: the same source measured 2-3% apart after an
 * unrelated line moved them. */
#if defined(__GNUC__)
#define HOT_LOOPS __attribute__((aligned(64)))
#else
#define HOT_LOOPS
#endif

/* ------------------------------------------------------------- board parts */

/* A set of 1 to 3 deck cards drawn as one: its card bits, rank lanes and key sum, and
 * its first two cards' positions in the deck (low byte, next byte). */
typedef struct {
    uint64_t bits;
    uint64_t lanes; /* rank bits in 13-bit suit lanes */
    uint32_t key;
    uint32_t at;
} Part;

/* The deck position of the ``q``-th card left once positions a < b are taken out. */
static inline unsigned skip_two(unsigned q, unsigned a, unsigned b)
{
    q += q >= a;
    return q + (q >= b);
}

/* What a trial's board is drawn from: the first parts (NULL: nothing to draw), the
 * second parts' packed positions (NULL: none) and, per deck position, its card. */
typedef struct {
    const Part *first;
    const uint32_t *second;
    uint32_t n_first, n_second;
    uint32_t base_key;   /* the known board cards' */
    uint64_t base_lanes;
    uint64_t card_bits[NCARDS], card_lanes[NCARDS];
    uint32_t card_keys[NCARDS];
} Draw;

/* One board: the first part, then ``second`` (0, 2 or 3: a constant where inlined) of the
 * cards it leaves; drawn again while it holds a card of ``used``. */
static inline void draw_board(Rng *rng, const Draw *d, int second, uint64_t used,
                              uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    while (d->first != NULL) {
        uint64_t u = rng_next(rng);
        const Part *x = &d->first[below(rng, (uint32_t)(u >> 32), d->n_first)];
        uint64_t bits = x->bits;
        key = x->key;
        lanes = x->lanes;
        if (second > 0) {
            uint32_t at = d->second[below(rng, (uint32_t)u, d->n_second)];
            unsigned a = x->at & 255, c = x->at >> 8;
            for (int j = 0; j < second; j++, at >>= 8) {
                unsigned q = skip_two(at & 255, a, c);
                key += d->card_keys[q];
                lanes |= d->card_lanes[q];
                bits |= d->card_bits[q];
            }
        }
        if ((bits & used) == 0) {
            break;
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* One board's k missing cards drawn one at a time among the deck's ``size`` cards, each
 * drawn again while it is in ``used`` or already drawn: uniform over the k-subsets of
 * the cards left, and cheaper than drawing whole boards again when many hole cards are
 * out (a 6-handed deal leaves a whole board clear of them about one time in five). */
static inline void draw_cards(Rng *rng, const Draw *d, uint32_t size, int k, uint64_t used,
                              uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    for (int j = 0; j < k;) {
        uint64_t u = rng_next(rng);
        for (int half = 0; half < 2 && j < k; half++, u <<= 32) {
            uint32_t q = below(rng, (uint32_t)(u >> 32), size);
            uint64_t bit = d->card_bits[q];
            if ((bit & used) == 0) {
                used |= bit;
                key += d->card_keys[q];
                lanes |= d->card_lanes[q];
                j++;
            }
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* draw_cards without a branch per card: a card that is taken adds nothing and is drawn
 * again (the same draws, in the same order, as draw_cards, so the same boards), and only
 * the end of the loop depends on the draws: a rejected card costs no mispredicted branch. */
static inline void draw_cards_flat(Rng *rng, const Draw *d, uint32_t size, int k, uint64_t used,
                                   uint32_t *key_out, uint64_t *lanes_out)
{
    uint32_t key = 0;
    uint64_t lanes = 0;
    int j = 0;
    while (j < k) {
        uint64_t u = rng_next(rng);
        for (int half = 0; half < 2; half++, u <<= 32) {
            uint32_t q = below(rng, (uint32_t)(u >> 32), size);
            uint64_t bit = d->card_bits[q];
            uint64_t take = (uint64_t)0 - (uint64_t)((bit & used) == 0 && j < k);
            used |= bit & take;
            key += d->card_keys[q] & (uint32_t)take;
            lanes |= d->card_lanes[q] & take;
            j += (int)(take & 1);
        }
    }
    *key_out = d->base_key + key;
    *lanes_out = d->base_lanes | lanes;
}

/* ------------------------------------------------------ boards by index */

/* A board drawn by index among the cards a deal leaves: the deck's cards not in the
 * deal, ``m`` of them for every deal (a bit mask per trial, no list to keep). The k
 * positions (i_j uniform in 0..m-1-j) come from one 32-bit number ``u`` at once:
 * u * m = i_0 * 2**32 + l_0, l_0 * (m - 1) = i_1 * 2**32 + l_1, ... are the mixed-radix
 * digits of floor(u * P / 2**32), P = m (m - 1) ... (m - k + 1), and l_{k-1} = u * P mod
 * 2**32 (by induction: u * m (m - 1) = (i_0 (m - 1) + i_1) 2**32 + l_1), so rejecting the
 * u with l_{k-1} < ``reject`` = 2**32 mod P, Lemire's rule for one bound P, leaves every
 * tuple of digits equally likely (Brackett-Rozinsky and Lemire's batched draws). Card j
 * is the i_j-th lowest card of the mask once the cards before it are out. So no card
 * is drawn again and nothing is skipped: every board costs the same steps, with no
 * branch on the cards (a board drawn from the first group's list, skipping the other
 * groups' cards, took a varying number of steps, and the end of that loop was
 * mispredicted: 3 and 6 ranges ran about 1.4 times slower). The i-th card of a mask is
 * one PDEP on processors with BMI2 (chosen at run time; not on AMD Zen 1 and 2, whose
 * PDEP is microcoded); else each digit's rank among the deal's cards is found first and
 * the card by a portable select, or for one group by a list per deal: the same cards
 * every way, so a seed gives the same boards on every machine. */
typedef struct {
    uint64_t deck;       /* the deck's cards, 1 << id */
    uint32_t m, reject;  /* cards left by each deal; see above */
    uint32_t base_key;   /* the known board cards' */
    uint64_t base_lanes;
    uint32_t key[NCARDS];  /* by card id */
    uint64_t lane[NCARDS]; /* by card id: rank bit in 13-bit suit lanes */
} Picks;

/* The picks of boards of ``k`` cards (1 to 5) completing the ``nk`` known ones, among
 * the ``deck`` cards each deal leaves ``m`` of (k <= m; the caller checks that every
 * deal takes the same number of deck cards). */
void sd_picks_of(const Tables *t, Picks *pk, uint64_t deck, uint32_t m, int k,
                 const unsigned *known, Py_ssize_t nk);
/* Boards for a block's ``stop`` deals (their cards ``taken_of[b]``) into keys_of and
 * lanes_of, ``k`` cards each (see Picks). */
void sd_index_boards(Rng *rng, int stop, const uint64_t *taken_of, const Picks *pk, int k,
                     uint32_t *keys_of, uint64_t *lanes_of);
/* Whether sd_index_boards finds a card by PDEP (BMI2, where it is fast); without, one
 * group's boards are cheaper from lists (sd_listed_boards). */
int sd_fast_pdep(void);
/* The same boards where one group deals: ``lists`` holds, per joint combo, the ids of
 * the pk->m cards it leaves in ascending order; deal b is ``deal_of[b][0]``. */
void sd_listed_boards(Rng *rng, int stop, const uint32_t (*deal_of)[MAX_PLAYERS],
                      const uint8_t *lists, const Picks *pk, int k, uint32_t *keys_of,
                      uint64_t *lanes_of);

/* ------------------------------------------------------------- showdowns */

/* The players holding the best of ``players`` ranks, as a mask (bit p: player p), found
 * with no branch on who won: the draws count showdowns per mask (a branch per winner
 * would be mispredicted about every other trial), and sd_add_by_winners turns them into
 * counts at the end. */
static inline unsigned winners_mask(const uint16_t *r, Py_ssize_t players)
{
    uint16_t best = r[0];
    for (Py_ssize_t p = 1; p < players; p++) {
        best = r[p] < best ? r[p] : best;
    }
    unsigned mask = 0;
    for (Py_ssize_t p = 0; p < players; p++) {
        mask |= (unsigned)(r[p] == best) << p;
    }
    return mask;
}

/* ---------------------------------------------------------------- the deal */

/* What a Monte Carlo call draws for: per player its combos (``hole`` ids each: in 0..51,
 * distinct, off the board) with their card bits, and its picks (one combo index per
 * trial) or NULL for a fixed hand; the known board cards and the deck the boards are
 * drawn from (the live cards off the board and out of the fixed hands). */
typedef struct {
    Py_ssize_t players, sizes[MAX_PLAYERS];
    int n_picks;
    unsigned *ids[MAX_PLAYERS];
    uint64_t *bits[MAX_PLAYERS];
    const int64_t *picks[MAX_PLAYERS];
    Py_buffer views[MAX_PLAYERS];
    unsigned known[5], deck[NCARDS];
    Py_ssize_t nk;
    uint32_t size;
    int ranges_here; /* holdem_deals: a ranged player's picks are None, drawn in here */
    /* omaha_draw: a player given as None holds cards dealt from the deck each trial (a
     * random hand: every hand of the cards left, equally likely); n_dealt of them */
    unsigned char dealt[MAX_PLAYERS];
    int n_dealt, may_deal;
} Deal;

/* sd_read_deal's ``flags``: ranged players' picks drawn in here (holdem_deals); players
 * dealt from the deck allowed (omaha_draw) */
#define DEAL_RANGES_HERE 1
#define DEAL_FROM_DECK 2

/* The 7-card non-flush rank of hole ranks hi >= lo by the board's 5-card one (draws.c). */
const uint16_t *sd_pair5_table(Tables *t, unsigned hi, unsigned lo);
/* counts[p * TALLY + k] += showdowns whose k winners include player p. */
void sd_add_by_winners(const int64_t *by_winners, Py_ssize_t players, int64_t *counts);
void sd_release_deal(Deal *d);
int sd_deal_holes(Tables *t, const Deal *d, Hole **combos);
int sd_read_deal(Deal *d, PyObject *board_obj, PyObject *live_obj, PyObject *players_obj,
                     int hole, Py_ssize_t trials, const char *name, int flags);

#endif

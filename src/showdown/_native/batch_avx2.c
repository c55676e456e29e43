/*
 * Dense rows of uint8 or int16 ids ranked eight at a time with AVX2, on processors that
 * have AVX2 but not the AVX-512 path of batch_vector.c (Intel from Haswell to Alder
 * Lake, AMD Zen 1 to 3), or where simd.c caps the paths at AVX2.
 *
 * Chosen at run time (simd.c), so the kernel is still built without -march;
 * -DSHOWDOWN_NO_AVX2 leaves this path out (the test of the portable loops builds the
 * kernel so). AVX2 has no byte permutation across 64 bytes, no per-lane bit count and
 * no masked byte loads, so the path is not batch_vector.c's: each row is spread into
 * an 8-byte slot of its own (its n ids, then zeros), four rows per 256-bit register,
 * and everything the row needs is a byte lookup added up over the slot:
 *
 *   - the rank key (under 2**24 in every table that takes the path) is three bytes:
 *     three 16-entry lookups (VPSHUFB) by rank (id >> 2) and a sum of each slot's
 *     bytes (VPSADBW) give its three bytes' sums, added into the rank-key sum;
 *   - the suit counts: two lookups by id (suits 0 and 1 as 1 and 16, suits 2 and 3
 *     the same), summed alike, are the four suits' counts in four nibbles, laid next
 *     to the key where evaluate.c's Entry has them (bits 32..47), so that adding
 *     NIBBLE_BIAS sets bit 3 of the nibble of a suit held five times or more;
 *   - a card twice: the slot compared with itself rotated (within the row's n ids)
 *     by 1 .. n / 2 places, which pairs every two of its ids once; the compares are
 *     ORed per block of 256 rows, as the scalar loops' bit counts;
 *   - ids outside 0..51: the largest byte of the block (int16 ids are packed to bytes
 *     with signed saturation once, in the register, before anything else: a bad id
 *     stays a byte of 52 or more).
 *
 * The zeros after a row's ids are card 0: their rank keys and suit-0 counts are taken
 * off by the bias added to every slot, and their compares are masked off. The
 * non-flush rank is the scalar loops' two dependent loads (the row base, then the
 * compact table's entry), from the eight keys stored. A group of eight rows that holds
 * a flush (about a fifth of random 7-card groups: one branch per group) finds each
 * slot's flush ranks in the register too (each id reads its suit's flag from its
 * slot's sums, and keeps its rank's bit if set: two more lookups and byte sums) and
 * takes the flush table's entries for the rows that have one, without a branch.
 * Rows are read 16 bytes per two rows, a few bytes past the group: the last rows of a
 * batch are left to the scalar loop.
 */
#include "kernel.h"

#if SHOWDOWN_AVX2_PATH
#include <immintrin.h>

#define WITH_AVX2 __attribute__((target("avx2")))

/* Rows per block: bad rows are looked for once per block, as in evaluate.c. */
#define AVX2_BLOCK 256
/* How far ahead (bytes of ids) the rows are asked for, into the second-level cache. */
#define AVX2_AHEAD 2048

int sd_avx2_supported(void)
{
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return known;
}

/* Per hand size n (5..7): the constants of the byte shuffles, built once (find_controls):
 * spread (a lane's 16 bytes, two rows of n ids, into two 8-byte slots), the rotations
 * (within each slot's n ids; pads read zero), the slots' real bytes and each byte's
 * slot's first byte. */
typedef struct {
    uint8_t spread[32], rotate[3][32], real[32], slot_start[32];
} Controls;

static Controls controls_of[8];
static int controls_found;

static void find_controls(void)
{
    for (int n = 5; n <= 7; n++) {
        Controls *c = &controls_of[n];
        for (int b = 0; b < 32; b++) {
            const int slot = (b & 15) >> 3, j = b & 7;
            c->spread[b] = (uint8_t)(j < n ? n * slot + j : 0x80);
            c->real[b] = (uint8_t)(j < n ? 0xff : 0);
            c->slot_start[b] = (uint8_t)(8 * slot);
            for (int k = 0; k < 3; k++) {
                c->rotate[k][b] = (uint8_t)(j < n ? 8 * slot + (j + k + 1) % n : 0x80);
            }
        }
    }
    controls_found = 1;
}

/* The bias added to every slot's sum: NIBBLE_BIAS less what the 8 - n zeros put in
 * suit 0's nibble (one each, so n - 5 there), and their rank keys taken off the key. */
static uint64_t slot_bias(const Tables *t, int n)
{
    const uint64_t pads = (uint64_t)(8 - n);
    return NIBBLE_BIAS - (pads << 32) - pads * t->rank_keys[0];
}

/* Whether the tables' rank keys are three bytes each (the byte sums of slot_sums). */
int sd_avx2_fits(const Tables *t)
{
    for (int r = 0; r < 13; r++) {
        if (t->rank_keys[r] >= (1u << 24)) {
            return 0;
        }
    }
    if (!controls_found) { /* with the GIL held, as the tables are made */
        find_controls();
    }
    return 1;
}

/* What every group reads: the shuffles and the byte tables. */
typedef struct {
    __m256i spread, rotate[3], real, key_low, key_mid, key_high, suits01, suits23;
    __m256i suit_byte, slot_start, suit_flag, rank_bit_low, rank_bit_high;
    __m256i low_nibbles, bias, flags;
    const uint16_t *nf, *flush;
    const uint32_t *row_base;
} Group;

/* Four rows spread into their slots (two per 128-bit lane, as ``lanes`` holds them: 16
 * bytes from each row pair's first id): the largest id is added to *most and, if
 * ``check``, the compares of every two ids to *twice. */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i
spread_rows(const Group *g, __m256i lanes, __m256i *most, __m256i *twice, int check,
            int rotations)
{
    const __m256i v = _mm256_shuffle_epi8(lanes, g->spread);
    *most = _mm256_max_epu8(*most, v);
    if (check) {
        __m256i same = _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, g->rotate[0]));
        for (int k = 1; k < rotations; k++) {
            const __m256i rotated = _mm256_shuffle_epi8(v, g->rotate[k]);
            same = _mm256_or_si256(same, _mm256_cmpeq_epi8(v, rotated));
        }
        *twice = _mm256_or_si256(*twice, same);
    }
    return v;
}

/* The rank of each id of the slots ``v`` (id >> 2), as the byte tables' index. */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i ranks_of(const Group *g,
                                                                        __m256i v)
{
    return _mm256_and_si256(_mm256_srli_epi16(v, 2), g->low_nibbles);
}

/* The slots' sums: the rank key in bits 0..31, each suit's count in its nibble of bits
 * 32..47, biased so that bit 3 of the nibble is set for five or more (as in Entry). */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i slot_sums(const Group *g,
                                                                       __m256i v)
{
    const __m256i rank = ranks_of(g, v), zero = _mm256_setzero_si256();
    const __m256i low = _mm256_sad_epu8(_mm256_shuffle_epi8(g->key_low, rank), zero);
    const __m256i mid = _mm256_sad_epu8(_mm256_shuffle_epi8(g->key_mid, rank), zero);
    const __m256i high = _mm256_sad_epu8(_mm256_shuffle_epi8(g->key_high, rank), zero);
    /* suits 0 and 1 as 1 and 16 (a byte of two nibbles), 2 and 3 the same */
    const __m256i s01 = _mm256_sad_epu8(_mm256_shuffle_epi8(g->suits01, v), zero);
    const __m256i s23 = _mm256_sad_epu8(_mm256_shuffle_epi8(g->suits23, v), zero);
    const __m256i key = _mm256_add_epi64(
        low, _mm256_slli_epi64(_mm256_add_epi64(mid, _mm256_slli_epi64(high, 8)), 8));
    const __m256i suits = _mm256_slli_epi64(_mm256_add_epi64(s01, _mm256_slli_epi64(s23, 8)), 32);
    return _mm256_add_epi64(_mm256_add_epi64(key, suits), g->bias);
}

/* The 13-bit mask of the ranks held in each slot's flush suit (0 for a slot without
 * five of a suit), from its ids ``v`` and sums: each id picks the byte of the sums that
 * holds its suit's nibble (the pshufb reads within its slot) and keeps its rank's bit
 * if the nibble's flag is set. Ranks 13..15 (ids 52..63) have no bit. */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i
flush_masks(const Group *g, __m256i v, __m256i sums)
{
    const __m256i flag = _mm256_shuffle_epi8(g->suit_flag, v);
    const __m256i at = _mm256_or_si256(_mm256_shuffle_epi8(g->suit_byte, v), g->slot_start);
    const __m256i suit_sum = _mm256_shuffle_epi8(sums, at);
    const __m256i in_flush = _mm256_and_si256(
        _mm256_cmpeq_epi8(_mm256_and_si256(suit_sum, flag), flag), g->real);
    const __m256i rank = ranks_of(g, v), zero = _mm256_setzero_si256();
    const __m256i low = _mm256_sad_epu8(
        _mm256_and_si256(_mm256_shuffle_epi8(g->rank_bit_low, rank), in_flush), zero);
    const __m256i high = _mm256_sad_epu8(
        _mm256_and_si256(_mm256_shuffle_epi8(g->rank_bit_high, rank), in_flush), zero);
    return _mm256_add_epi64(low, _mm256_slli_epi64(high, 8));
}

/* Sixteen bytes of ids from ``p`` (width 1) or sixteen int16 ids packed to bytes
 * (width 2) as each lane's 16 bytes: the ids from ``low`` in the low lane, from
 * ``high`` in the high one. int16 ids are packed with signed saturation, so that every
 * id outside 0..51 is a byte of 52 or more (a negative one 128 or more), which the
 * largest byte of the block shows. */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i
load_lanes(const char *p, Py_ssize_t low, Py_ssize_t high, int width)
{
    if (width == 1) {
        return _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + low))),
            _mm_loadu_si128((const __m128i *)(p + high)), 1);
    }
    const __m256i first = _mm256_loadu_si256((const __m256i *)(p + 2 * low));
    const __m256i second = _mm256_loadu_si256((const __m256i *)(p + 2 * high));
    /* the pack leaves first's ids 0..7, second's 0..7 | first's 8..15, second's 8..15 */
    return _mm256_permute4x64_epi64(_mm256_packs_epi16(first, second), 0xd8);
}

/* Two registers of four 64-bit lanes (rows 0, 1 | 4, 5 and 2, 3 | 6, 7) as eight 32-bit
 * lanes, their low halves: rows 0, 2, 1, 3 | 4, 6, 5, 7. */
WITH_AVX2 static inline __attribute__((always_inline)) __m256i eight_lanes(__m256i first,
                                                                         __m256i second)
{
    return _mm256_blend_epi32(first, _mm256_slli_epi64(second, 32), 0xaa);
}

/* Rows ``whole`` (a multiple of 8) of n ids of ``width`` bytes: how many leading rows
 * were ranked (up to the block holding the first bad row, if any). */
WITH_AVX2 static inline __attribute__((always_inline)) Py_ssize_t
avx2_rows(const Group *g, const char *ids, int width, int n, int check,
          Py_ssize_t whole, uint16_t *out)
{
    const __m256i ids_top = _mm256_set1_epi8(NCARDS - 1);
    for (Py_ssize_t start = 0; start < whole; start += AVX2_BLOCK) {
        const Py_ssize_t end = whole - start < AVX2_BLOCK ? whole : start + AVX2_BLOCK;
        __m256i most = _mm256_setzero_si256(), twice = most;
        for (Py_ssize_t row = start; row < end; row += 8) {
            const char *p = ids + row * n * width;
            __builtin_prefetch(p + AVX2_AHEAD * width, 0, 2);
            const __m256i v1 = spread_rows(g, load_lanes(p, 0, 4 * n, width), &most,
                                           &twice, check, n / 2);
            const __m256i v2 = spread_rows(g, load_lanes(p, 2 * n, 6 * n, width), &most,
                                           &twice, check, n / 2);
            const __m256i sums1 = slot_sums(g, v1), sums2 = slot_sums(g, v2);
            const __m256i keys = eight_lanes(sums1, sums2);
            /* the two dependent lookups by plain loads (lanes: rows 0, 2, 1, 3, 4, 6, 5,
             * 7), which measured a little faster than two gathers here (1.02-1.06) and
             * do not depend on them (microcoded on AMD before Zen 3, and slowed by the
             * Downfall fix on Intel from Skylake to Ice Lake) */
            uint32_t k[8];
            _mm256_storeu_si256((__m256i *)k, keys);
            uint16_t *o = out + row;
            o[0] = g->nf[k[0] + g->row_base[k[0] >> ROW_BITS]];
            o[2] = g->nf[k[1] + g->row_base[k[1] >> ROW_BITS]];
            o[1] = g->nf[k[2] + g->row_base[k[2] >> ROW_BITS]];
            o[3] = g->nf[k[3] + g->row_base[k[3] >> ROW_BITS]];
            o[4] = g->nf[k[4] + g->row_base[k[4] >> ROW_BITS]];
            o[6] = g->nf[k[5] + g->row_base[k[5] >> ROW_BITS]];
            o[5] = g->nf[k[6] + g->row_base[k[6] >> ROW_BITS]];
            o[7] = g->nf[k[7] + g->row_base[k[7] >> ROW_BITS]];
            if (!_mm256_testz_si256(_mm256_or_si256(sums1, sums2), g->flags)) {
                /* a flush in the group: each row's flush ranks (0 for a row without),
                 * taken without a branch per row */
                uint32_t m[8];
                _mm256_storeu_si256((__m256i *)m, _mm256_and_si256(
                    eight_lanes(flush_masks(g, v1, sums1), flush_masks(g, v2, sums2)),
                    _mm256_set1_epi32(8191)));
                static const int at[8] = {0, 2, 1, 3, 4, 6, 5, 7};
                for (int i = 0; i < 8; i++) {
                    const uint16_t f = g->flush[m[i]];
                    o[at[i]] = m[i] ? f : o[at[i]];
                }
            }
        }
        const int big = _mm256_movemask_epi8(
                            _mm256_cmpeq_epi8(_mm256_max_epu8(most, ids_top), ids_top)) != -1;
        if (big || (check && !_mm256_testz_si256(twice, g->real))) {
            return start;
        }
    }
    return whole;
}

/* One loop per width, check and n, each a function of its own (every constant known). */
typedef Py_ssize_t (*Avx2Loop)(const Group *g, const char *ids, Py_ssize_t whole,
                               uint16_t *out);
#define AVX2_LOOP(WIDTH, CHECK, N)                                                             \
    WITH_AVX2 static Py_ssize_t avx2_##WIDTH##_##CHECK##_##N(const Group *g, const char *ids, \
                                                             Py_ssize_t whole, uint16_t *out)  \
    {                                                                                          \
        return avx2_rows(g, ids, WIDTH, N, CHECK, whole, out);                                 \
    }
#define AVX2_LOOPS(WIDTH)                                                                      \
    AVX2_LOOP(WIDTH, 0, 5) AVX2_LOOP(WIDTH, 0, 6) AVX2_LOOP(WIDTH, 0, 7)                       \
    AVX2_LOOP(WIDTH, 1, 5) AVX2_LOOP(WIDTH, 1, 6) AVX2_LOOP(WIDTH, 1, 7)
AVX2_LOOPS(1)
AVX2_LOOPS(2)
static const Avx2Loop avx2_loops[12] = {avx2_1_0_5, avx2_1_0_6, avx2_1_0_7, avx2_1_1_5,
                                        avx2_1_1_6, avx2_1_1_7, avx2_2_0_5, avx2_2_0_6,
                                        avx2_2_0_7, avx2_2_1_5, avx2_2_1_6, avx2_2_1_7};

WITH_AVX2 Py_ssize_t sd_avx2_batch(const Tables *t, const void *ids, int width, Py_ssize_t rows,
                                   int n, int check, uint16_t *out)
{
    if (n < 5 || n > 7 || (width != 1 && width != 2) || rows < 2) {
        return 0;
    }
    /* the last group's loads read up to 16 - 2n ids past it: two rows spare */
    const Py_ssize_t whole = (rows - 2) & ~(Py_ssize_t)7;
    const Controls *c = &controls_of[n];
    Group g;
    g.nf = t->nonflush[n];
    g.row_base = t->row_base[n];
    g.spread = _mm256_loadu_si256((const __m256i *)c->spread);
    for (int k = 0; k < 3; k++) {
        g.rotate[k] = _mm256_loadu_si256((const __m256i *)c->rotate[k]);
    }
    g.real = _mm256_loadu_si256((const __m256i *)c->real);
    uint8_t bytes[9][32];
    for (int b = 0; b < 32; b++) {
        const int r = b & 15, suit = b & 3;
        const uint32_t key = r < 13 ? t->rank_keys[r] : 0;
        bytes[0][b] = (uint8_t)key;
        bytes[1][b] = (uint8_t)(key >> 8);
        bytes[2][b] = (uint8_t)(key >> 16);
        bytes[3][b] = (uint8_t)(suit == 0 ? 1 : suit == 1 ? 16 : 0); /* see slot_sums */
        bytes[4][b] = (uint8_t)(suit == 2 ? 1 : suit == 3 ? 16 : 0);
        /* an id's suit count in its slot's sums: the byte (4 or 5, in its own slot) and
         * the flag bit of its nibble */
        bytes[5][b] = (uint8_t)(4 + (suit >> 1));
        bytes[6][b] = (uint8_t)(suit & 1 ? 0x80 : 0x08);
        bytes[7][b] = (uint8_t)(r < 8 ? 1u << r : 0);
        bytes[8][b] = (uint8_t)(r >= 8 && r < 13 ? 1u << (r - 8) : 0);
    }
    const __m256i *tables = (const __m256i *)bytes;
    g.key_low = _mm256_loadu_si256(tables);
    g.key_mid = _mm256_loadu_si256(tables + 1);
    g.key_high = _mm256_loadu_si256(tables + 2);
    g.suits01 = _mm256_loadu_si256(tables + 3);
    g.suits23 = _mm256_loadu_si256(tables + 4);
    g.suit_byte = _mm256_loadu_si256(tables + 5);
    g.slot_start = _mm256_loadu_si256((const __m256i *)c->slot_start);
    g.suit_flag = _mm256_loadu_si256(tables + 6);
    g.rank_bit_low = _mm256_loadu_si256(tables + 7);
    g.rank_bit_high = _mm256_loadu_si256(tables + 8);
    g.low_nibbles = _mm256_set1_epi8(15);
    g.bias = _mm256_set1_epi64x((long long)slot_bias(t, n));
    g.flags = _mm256_set1_epi64x((long long)NIBBLE_FLAGS);
    g.flush = t->flush;
    const int loop = 6 * (width == 2) + 3 * (check != 0) + (n - 5);
    return avx2_loops[loop](&g, (const char *)ids, whole, out);
}

#else

int sd_avx2_supported(void)
{
    return 0;
}

int sd_avx2_fits(const Tables *t)
{
    (void)t;
    return 0;
}

Py_ssize_t sd_avx2_batch(const Tables *t, const void *ids, int width, Py_ssize_t rows, int n,
                         int check, uint16_t *out)
{
    (void)t;
    (void)ids;
    (void)width;
    (void)rows;
    (void)n;
    (void)check;
    (void)out;
    return 0;
}

#endif

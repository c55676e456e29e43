/*
 * Dense rows of uint8, int16, int32 or int64 ids ranked sixteen at a time with AVX-512
 * (batch on processors that have AVX512F, BW, VBMI and BITALG: Ice Lake, Sapphire
 * Rapids, Zen 4 and later).
 *
 * Chosen at run time, as the POPCNT loops of evaluate.c are, so the kernel is still
 * built without -march; -DSHOWDOWN_NO_AVX512 (or -DSHOWDOWN_NO_VPOPCNT) leaves this
 * path out (the test of the portable loops builds the kernel so, to run the scalar
 * loops on rows of every width too).
 *
 * Sixteen rows of n uint8 ids (80, 96 or 112 bytes) are two 64-byte loads. One byte
 * permutation maps every id to its place in a suit-major mask, 16 * suit + rank, and
 * then per column one more puts the sixteen rows' ids into sixteen 32-bit lanes, where:
 *
 *   - the rank key is a 16-entry permutation of the lane (its low four bits are the
 *     rank), added up into the rank-key sum of evaluate.c's Entry;
 *   - 1 << place goes to one of two masks (suits 0 and 1 in one, 2 and 3 in the other,
 *     a shift of 32 or more giving 0), so each 16-bit half is one suit's ranks.
 *
 * A bit count of every 16-bit half is then each suit's count: five or more is a flush
 * (its ranks are the half itself, the flush table's index), and in checked rows the
 * counts add up to n unless a card is there twice (a carry takes a bit away), the same
 * test as the scalar loops' bit counts. Ids of 64 or more (or negative) show in the OR
 * of the ids, and ids of 52..63 in the masks' bits 13..15 of a suit (BAD_RANKS), ORed
 * over the block. Wider ids are packed to
 * bytes first. The non-flush rank is two gathers, the row base and the compact table's
 * entry, as the scalar loops' two loads. No branch per row: one per sixteen rows for
 * the flushes (3% of random 7-card hands are flushes, so about 40% of groups hold
 * one: their masks, already in the register, index a third gather, masked to the
 * flush rows), one per block of 256 rows for the checks.
 */
#include "kernel.h"

#if SHOWDOWN_SSE2 && !defined(SHOWDOWN_NO_AVX512) && !defined(SHOWDOWN_NO_VPOPCNT) &&         \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 8))
#include <immintrin.h>

#define VECTOR_TARGET "avx2,avx512f,avx512bw,avx512vbmi,avx512bitalg"
#define WITH_VECTOR __attribute__((target(VECTOR_TARGET)))

/* Ids of 52..63 take the place of a rank 13 of their suit (16 * (id & 3) + 13): seven
 * cards, each adding at most 2**13 to their suit's 16-bit half, stay under 2**16, so
 * one or more such ids leave the half at 2**13 or more (bits 13..15), however many
 * times they are there (a row's masks are added, not ORed). A carry of an unchecked
 * row with a card twice may set one too: the block is then read again by the scalar
 * loop, which finds what is bad, if anything. */
#define BAD_RANKS ((int)0xe000e000u)

/* Rows per block: bad rows are looked for once per block, as in evaluate.c. */
#define VECTOR_BLOCK 256
/* How far ahead (rows) the ids are asked for, into the second-level cache: without it
 * the loop waits on memory (uint8 rows 1.2x and int16 ones 1.35x faster with it, A/B);
 * 512 rows measured the same. */
#define VECTOR_AHEAD 256

int sd_avx512_supported(void)
{
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
                __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi") &&
                __builtin_cpu_supports("avx512bitalg");
    }
    return known;
}

/* What every group of sixteen rows reads: per column, the byte of each 32-bit lane
 * (row k's id at byte n * k + column), the ids' places and the rank keys. */
typedef struct {
    __m512i columns[7], places, rank_keys;
    const uint16_t *nf;
    const uint32_t *row_base;
    int n;
} Group;

/* The sixteen rows whose ids are the bytes of ``lo`` and ``hi`` (row k's where
 * g->columns say) ranked into out[0..15], their suit counts added to *counts and their
 * suit masks ORed into *seen. */
WITH_VECTOR static inline void rank_sixteen(const Tables *t, const Group *g, __m512i lo,
                                            __m512i hi, __m512i *counts, __m512i *seen,
                                            uint16_t *out)
{
    lo = _mm512_permutexvar_epi8(lo, g->places);
    hi = _mm512_permutexvar_epi8(hi, g->places);
    const __m512i one = _mm512_set1_epi32(1), shift = _mm512_set1_epi32(32);
    __m512i sums = _mm512_setzero_si512(), low = sums, high = sums;
    for (int j = 0; j < g->n; j++) {
        const __m512i place = _mm512_maskz_permutex2var_epi8(0x1111111111111111ull, lo,
                                                             g->columns[j], hi);
        sums = _mm512_add_epi32(sums, _mm512_permutexvar_epi32(place, g->rank_keys));
        low = _mm512_add_epi32(low, _mm512_sllv_epi32(one, place));
        high = _mm512_add_epi32(high, _mm512_sllv_epi32(one, _mm512_sub_epi32(place, shift)));
    }
    const __m512i low_counts = _mm512_popcnt_epi16(low), high_counts = _mm512_popcnt_epi16(high);
    *counts = _mm512_add_epi16(*counts, _mm512_add_epi16(low_counts, high_counts));
    *seen = _mm512_ternarylogic_epi32(*seen, low, high, 0xfe); /* | low | high */
    const __m512i bases = _mm512_i32gather_epi32(_mm512_srli_epi32(sums, ROW_BITS),
                                                 (const void *)g->row_base, 4);
    /* two bytes past each entry are read too: the compact table is padded (tables.c) */
    __m512i ranks = _mm512_i32gather_epi32(_mm512_add_epi32(sums, bases), (const void *)g->nf, 2);
    const __m512i five = _mm512_set1_epi16(5);
    const __mmask32 flush_low = _mm512_cmpge_epu16_mask(low_counts, five);
    const __mmask32 flush_high = _mm512_cmpge_epu16_mask(high_counts, five);
    if (flush_low | flush_high) {
        /* a row holds five of one suit at most: the half of that suit is its flush
         * ranks (bits 13..15 of a bad id's place taken off), gathered from the flush
         * table for the rows that have one (each entry read with the two bytes after
         * it: the table is followed by the rest of the Tables object) */
        const __m512i halves = _mm512_or_si512(_mm512_maskz_mov_epi16(flush_low, low),
                                               _mm512_maskz_mov_epi16(flush_high, high));
        const __m512i masks = _mm512_and_si512(
            _mm512_or_si512(halves, _mm512_srli_epi32(halves, 16)), _mm512_set1_epi32(8191));
        ranks = _mm512_mask_i32gather_epi32(ranks, _mm512_test_epi32_mask(masks, masks), masks,
                                            (const void *)t->flush, 2);
    }
    _mm256_storeu_si256((__m256i *)out, _mm512_cvtepi32_epi16(ranks));
}

/* The first ``count`` bits set (count 0..64; never called with another). */
static inline uint64_t low_bits(int count)
{
    return count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << count) - 1;
}

/* The loaders: a group's 16 * n ids from ``p`` as bytes in *lo and *hi, in whatever
 * order their packs leave them (sd_vector_batch finds the order by loading a group of
 * known ids), the OR of the ids as read added to *any, the group VECTOR_AHEAD rows on
 * asked for. A load stops at the group's last id. Wider ids are packed with unsigned
 * saturation, so an id outside 0..255 could pass for another: it shows in *any. */
WITH_VECTOR static inline void load_u8(const void *ids, int n, __m512i *any, __m512i *lo,
                                       __m512i *hi)
{
    const uint8_t *p = (const uint8_t *)ids;
    __builtin_prefetch(p + VECTOR_AHEAD * n, 0, 2);
    __builtin_prefetch(p + VECTOR_AHEAD * n + 64, 0, 2);
    *lo = _mm512_loadu_si512((const void *)p); /* 16 * n is 80 bytes or more */
    *hi = _mm512_maskz_loadu_epi8(low_bits(16 * n - 64), (const void *)(p + 64));
    *any = _mm512_ternarylogic_epi32(*any, *lo, *hi, 0xfe); /* any | lo | hi */
}

/* Wider ids (``width`` 2, 4 or 8 bytes): the group's 16 * n * width bytes in 2 * width
 * registers (a load stops at the group's last byte, zeros past it), packed down to
 * bytes: dwords to words (once for int32, twice for int64: an id of 0..255 is the
 * dword pair (id, 0) there), then words to bytes. A negative id, or one too big for
 * a pack, saturates: *any has it. */
WITH_VECTOR static inline void load_wide(const void *ids, int n, int width, __m512i *any,
                                         __m512i *lo, __m512i *hi)
{
    const int bytes = 16 * n * width, regs = 2 * width;
    __m512i v[16];
    for (int c = 0; c < regs; c++) {
        const char *at = (const char *)ids + 64 * c;
        const int left = bytes - 64 * c;
        if (left > 0) {
            __builtin_prefetch(at + (size_t)VECTOR_AHEAD * n * width, 0, 2);
            v[c] = _mm512_maskz_loadu_epi8(low_bits(left > 64 ? 64 : left), (const void *)at);
            *any = _mm512_or_si512(*any, v[c]);
        } else {
            v[c] = _mm512_setzero_si512();
        }
    }
    for (int count = regs; count > 4; count /= 2) {
        for (int c = 0; c < count / 2; c++) {
            v[c] = _mm512_packus_epi32(v[2 * c], v[2 * c + 1]);
        }
    }
    *lo = _mm512_packus_epi16(v[0], v[1]);
    *hi = _mm512_packus_epi16(v[2], v[3]);
}

/* A group's ids of ``width`` bytes as bytes in *lo and *hi (see the loaders). */
WITH_VECTOR static inline void load_ids(const void *ids, int n, int width, __m512i *any,
                                        __m512i *lo, __m512i *hi)
{
    if (width == 1) {
        load_u8(ids, n, any, lo, hi);
    } else {
        load_wide(ids, n, width, any, lo, hi);
    }
}

/* The ids of every width up to 8 bytes (1, 2, 4, 8) ranked by the same loop. */
#define VECTOR_LOOP(NAME, WIDTH)                                                               \
    WITH_VECTOR static Py_ssize_t NAME(const Tables *t, const Group *g, const char *ids,       \
                                       Py_ssize_t whole, int check, uint16_t *out)             \
    {                                                                                          \
        const int n = g->n;                                                                    \
        /* the bits an id of 0..63 may have: any other is bad (a negative one too) */          \
        const __m512i wide = _mm512_set1_epi64(                                                \
            (long long)(0xc0c0c0c0c0c0c0c0ull * (WIDTH == 1) +                                 \
                        0xffc0ffc0ffc0ffc0ull * (WIDTH == 2) +                                 \
                        0xffffffc0ffffffc0ull * (WIDTH == 4) + ~0x3full * (WIDTH == 8)));      \
        for (Py_ssize_t start = 0; start < whole; start += VECTOR_BLOCK) {                     \
            const Py_ssize_t end =                                                             \
                whole - start < VECTOR_BLOCK ? whole : start + VECTOR_BLOCK;                   \
            __m512i counts = _mm512_setzero_si512(), seen = counts, any = counts;              \
            for (Py_ssize_t row = start; row < end; row += 16) {                               \
                __m512i lo, hi;                                                                \
                load_ids(ids + row * n * (WIDTH), n, WIDTH, &any, &lo, &hi);                   \
                rank_sixteen(t, g, lo, hi, &counts, &seen, out + row);                         \
            }                                                                                  \
            /* each 16-bit count is under 256 here, so the sum of the bytes is theirs */      \
            const int64_t total =                                                              \
                _mm512_reduce_add_epi64(_mm512_sad_epu8(counts, _mm512_setzero_si512()));      \
            const int bad = _mm512_test_epi64_mask(any, wide) != 0 ||                          \
                            _mm512_test_epi32_mask(seen, _mm512_set1_epi32(BAD_RANKS)) != 0;   \
            if (bad || (check && total != (int64_t)n * (end - start))) {                       \
                return start;                                                                  \
            }                                                                                  \
        }                                                                                      \
        return whole;                                                                          \
    }

VECTOR_LOOP(vector_u8, 1)
VECTOR_LOOP(vector_i16, 2)
VECTOR_LOOP(vector_i32, 4)
VECTOR_LOOP(vector_i64, 8)

/* Per id width (1, 2, 4, 8 bytes: index log2) and hand size (5..7), per column, the
 * byte of each 32-bit lane (row k's id, where the loader leaves it): found once per
 * process by loading a group of known ids 1..112 (0 is what a load leaves past the
 * group), so that no pack's order is written by hand. And every id's place (52..63 are
 * bad ids: see BAD_RANKS). */
static uint8_t columns_of[4][3][7][64], places_of[64];
static int columns_found;

WITH_VECTOR static void find_columns(void)
{
    for (int c = 0; c < 64; c++) {
        places_of[c] = (uint8_t)(16 * (c & 3) + (c < NCARDS ? c >> 2 : 13));
    }
    for (int w = 0; w < 4; w++) {
        const int width = 1 << w;
        for (int n = 5; n <= 7; n++) {
            unsigned char known[112 * 8];
            for (int i = 0; i < 16 * n; i++) {
                const int64_t id = i + 1; /* little-endian: its low bytes are the id */
                memcpy(known + i * width, &id, (size_t)width);
            }
            __m512i any = _mm512_setzero_si512(), lo, hi;
            load_ids(known, n, width, &any, &lo, &hi);
            uint8_t bytes[128], at[128] = {0};
            _mm512_storeu_si512((void *)bytes, lo);
            _mm512_storeu_si512((void *)(bytes + 64), hi);
            for (int b = 0; b < 128; b++) {
                if (bytes[b] != 0) {
                    at[bytes[b] - 1] = (uint8_t)b;
                }
            }
            for (int j = 0; j < n; j++) {
                for (int b = 0; b < 64; b++) {
                    columns_of[w][n - 5][j][b] = (uint8_t)(at[(n * (b / 4) + j) % (16 * n)] & 127);
                }
            }
        }
    }
    columns_found = 1;
}

int sd_avx512_prepare(void)
{
    if (!sd_avx512_supported()) {
        return 0;
    }
    if (!columns_found) { /* with the GIL held (simd.c): once */
        find_columns();
    }
    return 1;
}

WITH_VECTOR Py_ssize_t sd_vector_batch(const Tables *t, const void *ids, int width,
                                       Py_ssize_t rows, int n, int check, uint16_t *out)
{
    Group g;
    g.n = n;
    g.nf = t->nonflush[n];
    g.row_base = t->row_base[n];
    const int w = __builtin_ctz((unsigned)width);
    for (int j = 0; j < n; j++) {
        g.columns[j] = _mm512_loadu_si512((const void *)columns_of[w][n - 5][j]);
    }
    g.places = _mm512_loadu_si512((const void *)places_of);
    g.rank_keys = _mm512_maskz_loadu_epi32(0x1fff, (const void *)t->rank_keys); /* 13 */
    const Py_ssize_t whole = rows - rows % 16;
    const char *p = (const char *)ids;
    switch (width) {
    case 1:
        return vector_u8(t, &g, p, whole, check, out);
    case 2:
        return vector_i16(t, &g, p, whole, check, out);
    case 4:
        return vector_i32(t, &g, p, whole, check, out);
    default:
        return vector_i64(t, &g, p, whole, check, out);
    }
}

#else

int sd_avx512_supported(void)
{
    return 0;
}

int sd_avx512_prepare(void)
{
    return 0;
}

Py_ssize_t sd_vector_batch(const Tables *t, const void *ids, int width, Py_ssize_t rows, int n,
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

/*
 * Ranks of hands: one hand from Python objects (rank, omaha), rows of a buffer
 * (batch, omaha_batch), the showdowns of rank arrays (tally) and how many hands of
 * each rank one deck holds (rank_counts). The Python-visible description of each
 * method is its docstring in module.c.
 */
#include "kernel.h"

/* ------------------------------------------------------------- scalar path */

/* Card ids of a Python sequence of ints (or objects with __index__, like Card). */
static int scalar_ids(PyObject *seq_obj, unsigned *idx, Py_ssize_t lo, Py_ssize_t hi,
                      Py_ssize_t *count, uint64_t *sum, uint64_t *any, uint32_t *key,
                      const Tables *t)
{
    PyObject *seq = PySequence_Fast(seq_obj, "card ids");
    if (seq == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (n < lo || n > hi) {
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *o = items[j];
        long v;
        int overflow;
        if (PyLong_CheckExact(o)) {
            v = PyLong_AsLongAndOverflow(o, &overflow);
        } else {
            PyObject *index = PyNumber_Index(o);
            if (index == NULL) {
                PyErr_Clear();
                Py_DECREF(seq);
                return -1;
            }
            v = PyLong_AsLongAndOverflow(index, &overflow);
            Py_DECREF(index);
        }
        if (overflow) {
            v = -1;
        }
        unsigned i = card_index(v);
        idx[j] = i;
        *key += t->keys[i];
        *sum += t->bits[i];
        *any |= t->bits[i];
    }
    Py_DECREF(seq);
    *count = n;
    return 0;
}

static PyObject *raise_through(PyObject *handler, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *result = PyObject_Vectorcall(handler, args, (size_t)nargs, NULL);
    if (result != NULL) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "the error handler returned instead of raising");
    }
    return NULL;
}

/* rank(ids) */
PyObject *sd_Tables_rank(Tables *self, PyObject *ids)
{
    unsigned idx[8];
    Py_ssize_t n;
    uint64_t sum = 0, any = 0;
    uint32_t key = 0;
    if (scalar_ids(ids, idx, 5, 7, &n, &sum, &any, &key, self) < 0 || !valid_cards(sum, any)) {
        return raise_through(self->on_error, &ids, 1);
    }
    return PyLong_FromLong(rank_of(self, (int)n, idx, key));
}

/* omaha(hole, board) */
PyObject *sd_Tables_omaha(Tables *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "omaha(hole, board) takes two arguments");
        return NULL;
    }
    unsigned hole[8], board[8];
    Py_ssize_t h, b;
    uint64_t sum = 0, any = 0;
    uint32_t key = 0;
    if (scalar_ids(args[0], hole, 4, 6, &h, &sum, &any, &key, self) < 0 ||
        scalar_ids(args[1], board, 3, 5, &b, &sum, &any, &key, self) < 0 ||
        !valid_cards(sum, any)) {
        return raise_through(self->on_omaha_error, args, 2);
    }
    return PyLong_FromLong(omaha_best(self, hole, (int)h, board, (int)b));
}

/* -------------------------------------------------------------- batch path */

#define READ_ROW(TYPE, row, s1, n, idx)                                                        \
    for (int j_ = 0; j_ < (n); j_++) {                                                         \
        idx[j_] = card_index((int64_t) * (const TYPE *)((row) + j_ * (s1)));                   \
    }

/* Rows of ``ids`` into ``out`` until the first bad one: returns its index, or -1. */
static Py_ssize_t batch_rows(const Tables *t, const Ids *ids, uint16_t *out, int check)
{
    const int n = (int)ids->cols;
    const char *base = ids->view.buf;
    for (Py_ssize_t i = 0; i < ids->rows; i++) {
        const char *row = base + i * ids->s0;
        unsigned idx[8];
        switch (ids->fmt) {
        case 'b': READ_ROW(int8_t, row, ids->s1, n, idx); break;
        case 'B': READ_ROW(uint8_t, row, ids->s1, n, idx); break;
        case 'h': READ_ROW(int16_t, row, ids->s1, n, idx); break;
        case 'H': READ_ROW(uint16_t, row, ids->s1, n, idx); break;
        case 'i': READ_ROW(int32_t, row, ids->s1, n, idx); break;
        case 'I': READ_ROW(uint32_t, row, ids->s1, n, idx); break;
        case 'l': READ_ROW(long, row, ids->s1, n, idx); break;
        case 'L': READ_ROW(unsigned long, row, ids->s1, n, idx); break;
        case 'q': READ_ROW(int64_t, row, ids->s1, n, idx); break;
        case 'n': READ_ROW(Py_ssize_t, row, ids->s1, n, idx); break;
        case 'N': READ_ROW(size_t, row, ids->s1, n, idx); break;
        default: /* 'Q': a value of 2**63 or more reads as negative, a bad id either way */
            READ_ROW(uint64_t, row, ids->s1, n, idx);
        }
        uint32_t key = 0;
        uint64_t sum = 0, any = 0;
        for (int j = 0; j < n; j++) {
            key += t->keys[idx[j]];
            sum += t->bits[idx[j]];
            any |= t->bits[idx[j]];
        }
        if (check ? !valid_cards(sum, any) : (any >> NCARDS) != 0) {
            return i;
        }
        out[i] = rank_of(t, n, idx, key);
    }
    return -1;
}

/* The same loop specialised for rows of a fixed length N, one integer type, check on
 * or off, and contiguous rows or any row stride. Each id indexes t->entries by its low
 * byte (see Entry); a wider id outside 0..255 shows in the OR of the row's ids (WIDE).
 * On x86-64 SSE2 (part of the architecture, so no -march flag) a card is one 16-byte
 * add straight from memory, as in OMPEval, and elsewhere the same sums are plain C.
 *
 * A row then takes one branch (flush, bad id or card twice: all in one test) and two
 * dependent table loads (row base, rank), as in OMPEval. The rare row that takes the
 * branch (about 3% of random 7-card hands, or a bad row) gathers its suited ranks from
 * the bits' sum (suited_ranks), so no card index is kept per row and the row is not
 * read again.
 *
 * One pass, each row ranked as soon as it is summed: rows do not depend on each
 * other, so the processor already overlaps one row's table lookups with the next
 * rows' sums (a two-pass version, sums then an independent gather per block of rows,
 * measured no faster and spilled the card indexes to the stack). */
#if SHOWDOWN_SSE2
#define ROW_SUMS(N, ROW, E0, E, KEY, BITS)                                                    \
    do {                                                                                       \
        __m128i a_ = _mm_load_si128((const __m128i *)((E0) + (size_t)(uint8_t)(ROW)[0]));      \
        for (int j_ = 1; j_ < (N); j_++) {                                                     \
            const __m128i *e_ = (const __m128i *)((E) + (size_t)(uint8_t)(ROW)[j_]);           \
            a_ = _mm_add_epi64(a_, _mm_load_si128(e_));                                        \
        }                                                                                      \
        row_sum = a_;                                                                          \
        KEY = (uint64_t)_mm_cvtsi128_si64(a_);                                                 \
        BITS = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a_, a_));                        \
    } while (0)
#else
#define ROW_SUMS(N, ROW, E0, E, KEY, BITS)                                                    \
    do {                                                                                       \
        uint64_t k_ = 0, b_ = 0;                                                               \
        for (int j_ = 0; j_ < (N); j_++) {                                                     \
            const Entry *e_ = (j_ ? (E) : (E0)) + (size_t)(uint8_t)(ROW)[j_];                  \
            k_ += e_->key;                                                                     \
            b_ += e_->bit;                                                                     \
        }                                                                                      \
        KEY = k_;                                                                              \
        BITS = b_;                                                                             \
    } while (0)
#endif

/* The index into t->pair_entries of the two uint8 ids at ``p``, as they lie in memory
 * (the table is built through the same bytes, so either byte order finds the pair). */
static inline size_t pair_index(const uint8_t *p)
{
    uint16_t pair;
    memcpy(&pair, p, 2);
    return pair;
}

/* The same sums as ROW_SUMS for uint8 rows, two adjacent ids per lookup in the pair
 * entries (each the sum of the two ids' entries, so every sum is the same): a row of 5
 * or 7 cards is pairs and one single card, which carries the flush bias (E0); one of 6
 * is three pairs and the bias (BIAS, t->flush_bias[N]) added as it is. Half the loads
 * of ids and entries and no shift per card; the 1 MiB table stays in the second-level
 * cache (see docs/performance.md for what it gains). */
#if SHOWDOWN_SSE2
#define PAIR_SUMS(N, ROW, PAIRS, ENTRY, E0, BIAS, KEY, BITS)                                  \
    do {                                                                                       \
        __m128i a_ = (N) % 2 ? _mm_load_si128((const __m128i *)((E0) + (size_t)(ROW)[(N) - 1])) \
                             : _mm_set_epi64x(0, (long long)(BIAS));                           \
        for (int j_ = 0; j_ + 1 < (N); j_ += 2) {                                              \
            const __m128i *e_ = (const __m128i *)ENTRY(PAIRS, (ROW) + j_);                     \
            a_ = _mm_add_epi64(a_, _mm_load_si128(e_));                                        \
        }                                                                                      \
        row_sum = a_;                                                                          \
        KEY = (uint64_t)_mm_cvtsi128_si64(a_);                                                 \
        BITS = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a_, a_));                        \
    } while (0)
#else
#define PAIR_SUMS(N, ROW, PAIRS, ENTRY, E0, BIAS, KEY, BITS)                                  \
    do {                                                                                       \
        uint64_t k_ = (N) % 2 ? (E0)[(ROW)[(N) - 1]].key : (BIAS);                             \
        uint64_t b_ = (N) % 2 ? (E0)[(ROW)[(N) - 1]].bit : 0;                                  \
        for (int j_ = 0; j_ + 1 < (N); j_ += 2) {                                              \
            const Entry *e_ = ENTRY(PAIRS, (ROW) + j_);                                        \
            k_ += e_->key;                                                                     \
            b_ += e_->bit;                                                                     \
        }                                                                                      \
        KEY = k_;                                                                              \
        BITS = b_;                                                                             \
    } while (0)
#endif

/* From how many uint8 rows a batch sums them by pairs of ids (building the pair entries
 * once, under a millisecond, on the first such batch); smaller batches sum card by card. */
#define PAIR_ROWS 1024

/* A table of 2**bits x 2**bits entries, entry a << bits | b the sum of ids a's and b's
 * entries, in *table (16-byte aligned within *memory), built on first use with the GIL
 * held: 0 if there, or built now; -1 if there is no memory for it (the loops then sum
 * card by card). Sums are symmetric, so either byte order of two ids finds their entry. */
static int pair_table(const Tables *t, unsigned bits, Entry **table, void **memory)
{
    if (*table != NULL) {
        return 0;
    }
    const unsigned side = 1u << bits;
    *memory = malloc(sizeof(Entry) * side * side + 16);
    if (*memory == NULL) {
        return -1;
    }
    Entry *pairs = (Entry *)(((uintptr_t)*memory + 15) & ~(uintptr_t)15);
    for (unsigned a = 0; a < side; a++) {
        for (unsigned b = 0; b < side; b++) {
            Entry *e = pairs + (a << bits | b);
            e->key = t->entries[a].key + t->entries[b].key;
            e->bit = t->entries[a].bit + t->entries[b].bit;
        }
    }
    *table = pairs;
    return 0;
}

/* t->pair_entries: every two uint8 ids, as pair_index reads them (1 MiB). */
static int pair_entries(Tables *t)
{
    return pair_table(t, 8, &t->pair_entries, &t->pair_memory);
}

/* The entry of the two uint8 ids at ``p`` in ``pairs`` (t->pair_entries). */
static inline const Entry *byte_pair(const Entry *pairs, const uint8_t *p)
{
    return pairs + pair_index(p);
}

/* The entry of the two int16 ids at ``p``, both known to be in 0..63 (the loop has
 * checked their block), in ``pairs`` (t->id_pairs: 64 x 64 entries, 64 KiB, which stay
 * in the second-level cache next to the streamed ids, where the 1 MiB uint8 table would
 * not). Both ids are read as one 32-bit word w = a + (b << 16) (or b + (a << 16): the
 * table is symmetric), and one multiply puts a << 10 + b << 4 in bits 16..31: w times
 * 2**26 + 16 is a << 26 + b << 20 + a << 4 modulo 2**32 (b << 42 falls off, and a << 4
 * is below bit 10), which is the byte offset of entry a << 6 | b, shifted by 16. One
 * load, a multiply and a shift per pair instead of two loads, two shifts and an OR. */
static inline const Entry *id_pair(const Entry *pairs, const int16_t *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    const uint32_t offset = (uint32_t)(w * (((uint32_t)1 << 26) + 16)) >> 16;
    return (const Entry *)((const char *)pairs + offset);
}

/* t->id_pairs: every two ids of 0..63, as id_pair reads them (64 KiB). */
static int id_pairs(Tables *t)
{
    return pair_table(t, 6, &t->id_pairs, &t->id_pair_memory);
}

/* GCC and Clang on x86-64 also build each checked loop for processors with the POPCNT
 * instruction (nearly all since 2008; not part of baseline x86-64, so no -march flag:
 * the loop is chosen at run time, see has_popcnt), which counts the bits at once. */
#if SHOWDOWN_SSE2 && defined(__GNUC__) && !defined(SHOWDOWN_NO_POPCNT)
#define POPCNT_DISPATCH 1
#define WITH_POPCNT __attribute__((target("popcnt")))
#define POPCNT_OF(bits) ((uint64_t)__builtin_popcountll(bits))
static int has_popcnt(void)
{
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("popcnt") ? 1 : 0;
    }
    return known;
}
#else
#define POPCNT_DISPATCH 0
#define WITH_POPCNT
#define POPCNT_OF(bits) bit_count(bits)
static int has_popcnt(void)
{
    return 0;
}
#endif

/* Processors with AVX-512's VPOPCNTQ on 128-bit registers (AVX512VL; Ice Lake and
 * Zen 4 on) count the bits of a row's sum where it is, added up per block in a register:
 * two instructions per row instead of moving the bits to a general register and counting
 * them there (five). Chosen at run time, as POPCNT (built by GCC 8 or later and Clang);
 * -DSHOWDOWN_NO_VPOPCNT leaves it out (the test of the portable loops builds the kernel
 * so, to run the POPCNT loops). */
#if POPCNT_DISPATCH && !defined(SHOWDOWN_NO_VPOPCNT) && (defined(__clang__) || __GNUC__ >= 8)
#define VPOPCNT_DISPATCH 1
#include <immintrin.h>
#define VPOPCNT_TARGET "popcnt,avx512f,avx512vl,avx512vpopcntdq"
#define WITH_VPOPCNT __attribute__((target(VPOPCNT_TARGET)))
static int has_vpopcnt(void)
{
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("avx512f") &&
                __builtin_cpu_supports("avx512vl") &&
                __builtin_cpu_supports("avx512vpopcntdq");
    }
    return known && sd_simd_cap() >= SD_SIMD_AVX512; /* simd.c's cap */
}
/* ``counts`` plus the bit counts of each half of ``sum`` */
WITH_VPOPCNT static inline __m128i add_bit_counts(__m128i counts, __m128i sum)
{
    return _mm_add_epi64(counts, _mm_popcnt_epi64(sum));
}
#else
#define VPOPCNT_DISPATCH 0
#define WITH_VPOPCNT
static int has_vpopcnt(void)
{
    return 0;
}
#endif

/* 1 if the sum of N cards' bits has fewer than N bits set (a card twice or a bad id),
 * else 0: N - 1 times its lowest bit cleared leaves nothing. */
static inline uint64_t fewer_bits(uint64_t bits, int n)
{
    for (int j = 1; j < n; j++) {
        bits &= bits - 1;
    }
    return bits == 0;
}

/* The number of bits set in ``x`` (SWAR): what POPCNT_OF counts where the POPCNT loops
 * are not built (they are then never chosen, see has_popcnt). */
static inline uint64_t bit_count(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (x * 0x0101010101010101ull) >> 56;
}

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* The 13-bit mask of the ranks held in ``suit``, from the sum of a row's card bits
 * (1 << (4 * rank + suit)): every fourth bit gathered, in five shifts. */
static inline unsigned suited_ranks(uint64_t bits, unsigned suit)
{
    uint64_t x = (bits >> suit) & 0x1111111111111ull; /* bit 4r */
    x = (x | (x >> 3)) & 0x0303030303030303ull;        /* bits 8k, 8k + 1 */
    x = (x | (x >> 6)) & 0x000f000f000f000full;        /* nibbles at 16k */
    x = (x | (x >> 12)) & 0x000000ff000000ffull;       /* bytes at 32k */
    return (unsigned)((x | (x >> 24)) & 8191);
}

/* The suit whose nibble flag is set in ``flags`` (of (key + NIBBLE_BIAS) & NIBBLE_FLAGS,
 * nonzero): seven cards or fewer hold five of one suit at most. */
static inline unsigned flagged_suit(uint64_t flags)
{
    unsigned f = (unsigned)(flags >> 32);
    return ((f >> 7) & 1) + 2 * ((f >> 11) & 1) + 3 * ((f >> 15) & 1);
}

typedef Py_ssize_t (*BatchLoop)(const Tables *t, const char *p, Py_ssize_t rows,
                                Py_ssize_t s0, uint16_t *out);

/* Rows per block of the batch loops: the checks that are not a branch per row are
 * settled once per block, and 256 rows of int64 ids (14 KiB at 7 columns) stay in
 * the first-level cache between the scan of their high bytes and their ranking. */
#define BATCH_BLOCK 256

/* How far ahead (in rows) the loops of wide ids ask for their rows: a block's scan and
 * its ranking would otherwise take turns with memory, which then idles while the rows
 * are ranked (measured: int16 and int64 ids 1.2x faster with it, uint8 ones, a
 * stream the processor prefetches alone, no faster). Into the second-level cache
 * (locality 2), where the ranking's table lookups do not evict the block before its
 * scan: int64 rows 1.05-1.07x faster than into the first, int16 ones the same (A/B,
 * load 5-7); 512 rows ahead was no better. */
#define PREFETCH_ROWS 256
#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p, 0, 2)
#else
#define PREFETCH(p) ((void)0)
#endif

/* The first bad row among rows ``from``..``to``-1 of the ids at ``p`` (integer format
 * ``fmt`` of ``size`` bytes, rows ``s0`` bytes apart), or -1 if all are good: a bad id
 * (outside 0..51), or with ``check`` a card twice. The slow path of the batch loops,
 * taken only by a block that holds a bad row. */
static Py_ssize_t first_bad_row(const Tables *t, const char *p, char fmt, Py_ssize_t size,
                                Py_ssize_t s0, int n, Py_ssize_t from, Py_ssize_t to,
                                int check)
{
    for (Py_ssize_t i = from; i < to; i++) {
        uint64_t sum = 0, any = 0;
        for (int j = 0; j < n; j++) {
            uint64_t bit = t->bits[card_index(read_int(p + i * s0 + j * size, fmt))];
            sum += bit;
            any |= bit;
        }
        if (check ? !valid_cards(sum, any) : (any >> NCARDS) != 0) {
            return i;
        }
    }
    return -1;
}

/* Each loop is a function of its own (not inlined into sd_Tables_batch, where all the
 * loops shared one register allocation and spilled their table pointers to the stack).
 * It runs in blocks of BATCH_BLOCK rows; a row is one branch (flush or bad id: one test)
 * and two dependent table loads, and the rest of the checks are settled per block:
 *
 *   - WIDE ids (WIDE: the mask of the bits an id may have, 255 or, for the int16
 *     pairs, 63) are read by their low bits. Before a block is ranked, the OR of all
 *     its ids (a streaming pass the compiler vectorises, which also brings the block
 *     into the cache) tells whether one had a bit outside WIDE; a negative one has its
 *     high bits set. Ids of 52..WIDE count as bad through their entries.
 *   - CHECK adds up the bit counts of the rows' bits' sums: a row of N cards has N bits
 *     there unless a card is twice (each carry takes one away) or an id is bad, never
 *     more, so the block is good exactly when the total is N times its rows. No compare
 *     and no OR per row (measured: the per-row test cost 10-15% of the loop). With
 *     VPOPCNTQ (CHECK 3) the counts are kept in an SSE register, summed per half of the
 *     row's sum, and the bits' half is read once per block.
 *
 * A block that fails either test is read again row by row (first_bad_row) to find the
 * first bad row, whose index is returned; the rows after it in the block have been
 * written with some rank (the tables are padded, so never read out of bounds). DENSE:
 * contiguous rows, N ids apart (a constant: one register fewer), else s0 bytes apart.
 * Tables whose flushes the nibble test does not tell (t->flush_bias, none shipped) take
 * batch_rows instead. */
#define ROWS_BY_PAIRS(N, ROW, E0, E, KEY, BITS)                                                \
    PAIR_SUMS(N, ROW, t->pair_entries, byte_pair, E0, t->flush_bias[N], KEY, BITS)
#define ROWS_BY_ID_PAIRS(N, ROW, E0, E, KEY, BITS)                                             \
    PAIR_SUMS(N, ROW, t->id_pairs, id_pair, E0, t->flush_bias[N], KEY, BITS)
#define BATCH_LOOP(NAME, TYPE, FMT, N, WIDE, CHECK, LAYOUT, DENSE, ATTR, SUMS)                 \
    ATTR NOINLINE static Py_ssize_t batch_##NAME##_##N##_##CHECK##_##LAYOUT(                   \
        const Tables *t, const char *p, Py_ssize_t rows, Py_ssize_t s0, uint16_t *out)         \
    {                                                                                          \
        const Entry *entries = t->entries;                                                     \
        /* the first card's entries carry the flush bias (none: a ladder without flushes) */ \
        const Entry *first = t->flush_bias[N] ? entries + FIRST_ENTRIES : entries;             \
        const uint16_t *nf = t->nonflush[N];                                                   \
        const uint32_t *row_base = t->row_base[N];                                             \
        const Py_ssize_t step = (DENSE) ? (N) : s0 / (Py_ssize_t)sizeof(TYPE);                 \
        ROW_SUM_DECL                                                                           \
        for (Py_ssize_t start = 0; start < rows; start += BATCH_BLOCK) {                       \
            const Py_ssize_t len = rows - start < BATCH_BLOCK ? rows - start : BATCH_BLOCK;    \
            const TYPE *row = (const TYPE *)p + start * step;                                  \
            int good = 1;                                                                      \
            if (WIDE) {                                                                        \
                TYPE any = 0;                                                                  \
                if (DENSE) {                                                                   \
                    for (Py_ssize_t i = 0; i < len * (N); i++) {                               \
                        any |= row[i];                                                         \
                    }                                                                          \
                } else {                                                                       \
                    for (Py_ssize_t i = 0; i < len; i++) {                                     \
                        for (int j = 0; j < (N); j++) {                                        \
                            any |= row[i * step + j];                                          \
                        }                                                                      \
                    }                                                                          \
                }                                                                              \
                good = (any & ~(TYPE)(WIDE)) == 0;                                             \
            }                                                                                  \
            uint64_t count = 0;                                                                \
            BIT_COUNTS_DECL                                                                    \
            uint16_t *o = out + start, *const end = o + (good ? len : 0);                      \
            for (; o != end; o++, row += step) {                                               \
                uint64_t key, bits;                                                            \
                if (WIDE) {                                                                    \
                    PREFETCH(row + PREFETCH_ROWS * step);                                      \
                }                                                                              \
                SUMS(N, row, first, entries, key, bits);                                          \
                if ((CHECK) == 3) {                                                            \
                    ADD_BIT_COUNTS;                                                            \
                } else if ((CHECK) == 2) {                                                     \
                    count += POPCNT_OF(bits);                                                  \
                } else if (CHECK) {                                                            \
                    count |= fewer_bits(bits, N);                                              \
                }                                                                              \
                if ((key & ROW_FLAGS) == 0) {                                                  \
                    uint32_t rank_sum = (uint32_t)key;                                         \
                    *o = nf[rank_sum + row_base[rank_sum >> ROW_BITS]];                        \
                } else if ((key & (ROW_FLAGS & ~NIBBLE_FLAGS)) != 0) { /* a bad id */          \
                    good = 0;                                                                  \
                    break;                                                                     \
                } else { /* five or more of a suit: a flush */                                 \
                    *o = t->flush[suited_ranks(bits, flagged_suit(key & NIBBLE_FLAGS))];                    \
                }                                                                              \
            }                                                                                  \
            if ((CHECK) == 3) {                                                                \
                count = BIT_COUNTS_TOTAL;                                                      \
            }                                                                                  \
            if (!good || ((CHECK) >= 2 ? count != (uint64_t)(N) * (uint64_t)len : count != 0)) { \
                return first_bad_row(t, p, FMT, (Py_ssize_t)sizeof(TYPE),                     \
                                     (DENSE) ? (N) * (Py_ssize_t)sizeof(TYPE) : s0, N, start,  \
                                     start + len, CHECK);                                      \
            }                                                                                  \
        }                                                                                      \
        return -1;                                                                             \
    }

/* The sum of the row's cards as the SSE2 loops leave it (row_sum), and the block's bit
 * counts of it kept in a register (CHECK 3) */
#if SHOWDOWN_SSE2
#define ROW_SUM_DECL                                                                           \
    __m128i row_sum = _mm_setzero_si128();                                                     \
    (void)row_sum;
#else
#define ROW_SUM_DECL
#endif
#if VPOPCNT_DISPATCH
#define BIT_COUNTS_DECL __m128i bit_counts = _mm_setzero_si128();
#define ADD_BIT_COUNTS (bit_counts = add_bit_counts(bit_counts, row_sum))
#define BIT_COUNTS_TOTAL ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(bit_counts, bit_counts)))
#else /* (never chosen: the same as CHECK 2) */
#define BIT_COUNTS_DECL
#define ADD_BIT_COUNTS (count += POPCNT_OF(bits))
#define BIT_COUNTS_TOTAL count
#endif

/* CHECK: 0 unchecked, 1 checked, 2 checked with POPCNT, 3 with VPOPCNTQ (2 and 3 the same
 * as 1 where not built) */
#define BATCH_LOOPS_OF(NAME, TYPE, FMT, WIDE, LAYOUT, DENSE, SUMS)                             \
    BATCH_LOOP(NAME, TYPE, FMT, 5, WIDE, 0, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 6, WIDE, 0, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 7, WIDE, 0, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 5, WIDE, 1, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 6, WIDE, 1, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 7, WIDE, 1, LAYOUT, DENSE, , SUMS)                                 \
    BATCH_LOOP(NAME, TYPE, FMT, 5, WIDE, 2, LAYOUT, DENSE, WITH_POPCNT, SUMS)                      \
    BATCH_LOOP(NAME, TYPE, FMT, 6, WIDE, 2, LAYOUT, DENSE, WITH_POPCNT, SUMS)                      \
    BATCH_LOOP(NAME, TYPE, FMT, 7, WIDE, 2, LAYOUT, DENSE, WITH_POPCNT, SUMS)                      \
    BATCH_LOOP(NAME, TYPE, FMT, 5, WIDE, 3, LAYOUT, DENSE, WITH_VPOPCNT, SUMS)                     \
    BATCH_LOOP(NAME, TYPE, FMT, 6, WIDE, 3, LAYOUT, DENSE, WITH_VPOPCNT, SUMS)                     \
    BATCH_LOOP(NAME, TYPE, FMT, 7, WIDE, 3, LAYOUT, DENSE, WITH_VPOPCNT, SUMS)
#define LOOPS_OF(NAME, LAYOUT)                                                                 \
    {{batch_##NAME##_5_0_##LAYOUT, batch_##NAME##_6_0_##LAYOUT, batch_##NAME##_7_0_##LAYOUT},  \
     {batch_##NAME##_5_1_##LAYOUT, batch_##NAME##_6_1_##LAYOUT, batch_##NAME##_7_1_##LAYOUT},  \
     {batch_##NAME##_5_2_##LAYOUT, batch_##NAME##_6_2_##LAYOUT, batch_##NAME##_7_2_##LAYOUT},  \
     {batch_##NAME##_5_3_##LAYOUT, batch_##NAME##_6_3_##LAYOUT, batch_##NAME##_7_3_##LAYOUT}}
#define BATCH_LOOPS(NAME, TYPE, FMT, WIDE, SUMS)                                               \
    BATCH_LOOPS_OF(NAME, TYPE, FMT, WIDE, dense, 1, SUMS)                                      \
    BATCH_LOOPS_OF(NAME, TYPE, FMT, WIDE, strided, 0, SUMS)                                    \
    static const BatchLoop loops_##NAME[2][4][3] = {LOOPS_OF(NAME, dense),                     \
                                                    LOOPS_OF(NAME, strided)};

BATCH_LOOPS(u8, uint8_t, 'B', 0, ROW_SUMS)
BATCH_LOOPS(u8_pairs, uint8_t, 'B', 0, ROWS_BY_PAIRS) /* the same by pairs of ids */
BATCH_LOOPS(i16, int16_t, 'h', 255, ROW_SUMS)
BATCH_LOOPS(i16_pairs, int16_t, 'h', 63, ROWS_BY_ID_PAIRS) /* ids of 0..63 by pairs */
BATCH_LOOPS(i32, int32_t, 'i', 255, ROW_SUMS)
BATCH_LOOPS(i64, int64_t, 'q', 255, ROW_SUMS)

/* batch(ids, out, check) */
PyObject *sd_Tables_batch(Tables *self, PyObject *args)
{
    PyObject *ids_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOp:batch", &ids_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids ids;
    if (sd_get_ids(ids_obj, &ids, "hands") < 0) {
        return NULL;
    }
    if (ids.cols < 5 || ids.cols > 7) {
        PyBuffer_Release(&ids.view);
        PyErr_SetString(PyExc_ValueError, "hands must have 5, 6 or 7 columns");
        return NULL;
    }
    Py_buffer out_view;
    uint16_t *out = sd_get_out(out_obj, &out_view, ids.rows, 2, "out");
    if (out == NULL) {
        PyBuffer_Release(&ids.view);
        return NULL;
    }
    Py_ssize_t bad;
    /* The pair entries are built here, with the GIL held, so that two threads never
     * build them at once; fewer rows go card by card (tested both ways) */
    const int paired = ids.fmt == 'B' && ids.s1 == 1 && ids.rows >= PAIR_ROWS &&
                       pair_entries(self) == 0;
    const int id_paired = ids.fmt == 'h' && ids.view.itemsize == 2 && ids.s1 == 2 &&
                          ids.rows >= PAIR_ROWS && id_pairs(self) == 0;
    Py_BEGIN_ALLOW_THREADS
    const Py_ssize_t size = ids.view.itemsize;
    const int wide64 = (ids.fmt == 'q' || ids.fmt == 'l' || ids.fmt == 'n') && size == 8;
    const int wide32 = (ids.fmt == 'i' || ids.fmt == 'l') && size == 4;
    const BatchLoop *loops = NULL; /* [strided][mode][cols - 5], flattened */
    const int mode = !check ? 0 : has_vpopcnt() ? 3 : 1 + has_popcnt();
    if (ids.fmt == 'B' && ids.s1 == 1) {
        loops = paired ? &loops_u8_pairs[0][0][0] : &loops_u8[0][0][0];
    } else if (wide64 && ids.s1 == 8) {
        loops = &loops_i64[0][0][0];
    } else if (wide32 && ids.s1 == 4) {
        loops = &loops_i32[0][0][0];
    } else if (ids.fmt == 'h' && size == 2 && ids.s1 == 2) {
        loops = id_paired ? &loops_i16_pairs[0][0][0] : &loops_i16[0][0][0];
    }
    /* strided rows: a whole number of ids apart (else batch_rows reads them) */
    const int dense = ids.s0 == ids.cols * size || ids.rows <= 1;
    if (loops != NULL && self->flush_bias[ids.cols] != NIBBLE_FLAGS &&
        (dense || ids.s0 % size == 0)) {
        BatchLoop loop = loops[12 * !dense + 3 * mode + (ids.cols - 5)];
        /* dense rows sixteen at a time where the processor can (batch_vector.c: ids of
         * each width these loops take), else eight at a time (batch_avx2.c: uint8 and
         * int16); the scalar loop takes the rest, from the block of the first bad row on
         * if there is one, and finds it */
        Py_ssize_t done = 0;
        const int path = dense ? sd_batch_path(self, (int)ids.cols, size) : SD_SIMD_NONE;
        if (path == SD_SIMD_AVX512) {
            done = sd_vector_batch(self, ids.view.buf, (int)size, ids.rows, (int)ids.cols, check,
                                   out);
        } else if (path == SD_SIMD_AVX2) {
            done = sd_avx2_batch(self, ids.view.buf, (int)size, ids.rows, (int)ids.cols, check,
                                 out);
        }
        bad = loop(self, (const char *)ids.view.buf + done * ids.s0, ids.rows - done, ids.s0,
                   out + done);
        bad = bad < 0 ? bad : bad + done;
    } else {
        bad = batch_rows(self, &ids, out, check);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ids.view);
    PyBuffer_Release(&out_view);
    return PyLong_FromSsize_t(bad);
}

/* omaha_batch(hole, board, out, check) */
PyObject *sd_Tables_omaha_batch(Tables *self, PyObject *args)
{
    PyObject *hole_obj, *board_obj, *out_obj;
    int check;
    if (!PyArg_ParseTuple(args, "OOOp:omaha_batch", &hole_obj, &board_obj, &out_obj, &check)) {
        return NULL;
    }
    Ids hole, board;
    if (sd_get_ids(hole_obj, &hole, "hole") < 0) {
        return NULL;
    }
    if (sd_get_ids(board_obj, &board, "board") < 0) {
        PyBuffer_Release(&hole.view);
        return NULL;
    }
    Py_buffer out_view;
    uint16_t *out = NULL;
    if (hole.cols < 4 || hole.cols > 6 || board.cols < 3 || board.cols > 5 ||
        hole.rows != board.rows) {
        PyErr_SetString(PyExc_ValueError, "hole (N, 4..6) and board (N, 3..5) do not fit");
    } else {
        out = sd_get_out(out_obj, &out_view, hole.rows, 2, "out");
    }
    if (out == NULL) {
        PyBuffer_Release(&hole.view);
        PyBuffer_Release(&board.view);
        return NULL;
    }
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < hole.rows; i++) {
        unsigned h[8], b[8];
        read_row(&hole, i, h);
        read_row(&board, i, b);
        uint64_t sum = 0, any = 0;
        for (Py_ssize_t j = 0; j < hole.cols; j++) {
            sum += self->bits[h[j]];
            any |= self->bits[h[j]];
        }
        for (Py_ssize_t j = 0; j < board.cols; j++) {
            sum += self->bits[b[j]];
            any |= self->bits[b[j]];
        }
        if (check ? !valid_cards(sum, any) : (any >> NCARDS) != 0) {
            bad = i;
            break;
        }
        out[i] = omaha_best(self, h, (int)hole.cols, b, (int)board.cols);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&hole.view);
    PyBuffer_Release(&board.view);
    PyBuffer_Release(&out_view);
    return PyLong_FromSsize_t(bad);
}

/* ---------------------------------------------------------------- showdowns */

/* tally(ranks, counts) */
PyObject *sd_Tables_tally(Tables *self, PyObject *args)
{
    (void)self;
    PyObject *ranks_obj, *counts_obj;
    if (!PyArg_ParseTuple(args, "OO:tally", &ranks_obj, &counts_obj)) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(ranks_obj, "ranks must be a sequence of arrays");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t players = PySequence_Fast_GET_SIZE(seq);
    if (players < 2 || players > MAX_PLAYERS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "tally takes 2 to 10 rank arrays");
        return NULL;
    }
    Py_buffer views[MAX_PLAYERS];
    const uint16_t *ranks[MAX_PLAYERS];
    Py_ssize_t got = 0, length = -1;
    for (; got < players; got++) {
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(seq, got), &views[got],
                               PyBUF_C_CONTIGUOUS) < 0) {
            break;
        }
        Py_ssize_t len = views[got].len / 2;
        if (views[got].itemsize != 2 || (length >= 0 && len != length)) {
            PyErr_SetString(PyExc_ValueError, "ranks must be uint16 arrays of one length");
            got++;
            break;
        }
        length = len;
        ranks[got] = views[got].buf;
    }
    Py_buffer counts_view;
    int64_t *counts = NULL;
    if (!PyErr_Occurred()) {
        counts = sd_get_out(counts_obj, &counts_view, players * TALLY, 8, "counts");
    }
    if (counts != NULL) {
        Py_BEGIN_ALLOW_THREADS
        uint16_t r[MAX_PLAYERS];
        for (Py_ssize_t i = 0; i < length; i++) {
            for (Py_ssize_t p = 0; p < players; p++) {
                r[p] = ranks[p][i];
            }
            tally_one(r, (int)players, counts);
        }
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&counts_view);
    }
    for (Py_ssize_t p = 0; p < got; p++) {
        PyBuffer_Release(&views[p]);
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------ hand counts */

/* Per rank depth: the suitings so far by number of clubs (a polynomial in x). */
static void count_multisets(const Tables *t, int n, int rank, int left, uint32_t rank_sum,
                            int64_t total, const int64_t *poly, int64_t *out)
{
    static const int64_t c4[5] = {1, 4, 6, 4, 1}, c3[5] = {1, 3, 3, 1, 0};
    if (rank == 13) {
        if (left == 0) {
            int64_t flushes = 0;
            for (int j = 5; j <= n; j++) {
                flushes += poly[j];
            }
            out[nonflush_rank(t, n, rank_sum)] += total - 4 * flushes;
        }
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        int64_t next[8] = {0};
        for (int j = 0; j <= n; j++) { /* times C(3, c) + C(3, c - 1) x */
            next[j] = poly[j] * c3[c] + (j > 0 && c > 0 ? poly[j - 1] * c3[c - 1] : 0);
        }
        count_multisets(t, n, rank + 1, left - c, rank_sum + (uint32_t)c * t->rank_keys[rank],
                        total * c4[c], next, out);
    }
}

/* rank_counts(n, out) */
PyObject *sd_Tables_rank_counts(Tables *self, PyObject *args)
{
    int n;
    PyObject *out_obj;
    if (!PyArg_ParseTuple(args, "iO:rank_counts", &n, &out_obj)) {
        return NULL;
    }
    if (n < 5 || n > 7) {
        PyErr_SetString(PyExc_ValueError, "rank_counts counts hands of 5, 6 or 7 cards");
        return NULL;
    }
    Py_buffer view;
    int64_t *out = sd_get_out(out_obj, &view, 7463, 8, "out");
    if (out == NULL) {
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    memset(out, 0, sizeof(int64_t) * 7463);
    int64_t poly[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    count_multisets(self, n, 0, n, 0, 1, poly, out);
    for (unsigned mask = 0; mask < 8192; mask++) {
        int k = 0;
        for (unsigned b = mask; b; b &= b - 1) {
            k++;
        }
        if (k >= 5 && k <= n) {
            out[self->flush[mask]] += 4 * binom(39, n - k);
        }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

/*
 * Which vector path the batch loops take, chosen at run time: AVX-512
 * (batch_vector.c), AVX2 (batch_avx2.c) or the scalar loops of evaluate.c, by what
 * the processor has, what the build left in, what the tables allow, and a cap:
 *
 *   SHOWDOWN_SIMD=avx2  (or avx512, none) in the environment as the module loads, or
 *   _kernel.simd("avx2") at run time (tests and benchmarks: every path in one
 *   process), which returns the path then in force.
 *
 * Capped at AVX2, the scalar loops' VPOPCNTQ count (evaluate.c) is left out too, so
 * that the kernel runs what a processor with AVX2 and no AVX-512 runs; capped at none,
 * only the scalar loops (with POPCNT, which every x86-64 processor since 2008 has).
 */
#include "kernel.h"

static const char *const LEVEL_NAMES[] = {"none", "avx2", "avx512"};

/* The cap (SD_SIMD_*): set with the GIL held, read by the loops as they start. */
static int simd_cap = SD_SIMD_AVX512;

static int level_named(const char *name)
{
    for (int level = 0; level < 3; level++) {
        if (strcmp(name, LEVEL_NAMES[level]) == 0) {
            return level;
        }
    }
    return -1;
}

int sd_simd_init(void)
{
    const char *name = getenv("SHOWDOWN_SIMD");
    if (name == NULL || *name == 0) {
        return 0;
    }
    const int level = level_named(name);
    if (level < 0) {
        return PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                                "SHOWDOWN_SIMD=%s is none of avx512, avx2, none: ignored", name);
    }
    simd_cap = level;
    return 0;
}

int sd_simd_cap(void)
{
    return simd_cap;
}

int sd_simd_level(void)
{
    static int found = -1;
    if (found < 0) {
        found = sd_avx512_supported() ? SD_SIMD_AVX512
                : sd_avx2_supported() ? SD_SIMD_AVX2
                                      : SD_SIMD_NONE;
    }
    return found < simd_cap ? found : simd_cap;
}

/* Whether rows of n ids of these tables can take a vector path: both assume what the
 * scalar loops read from the entries, one rank key per rank (id >> 2), one suit per
 * id & 3, flushes five of a suit (the nibble test). */
static int vector_fits(const Tables *t, int n)
{
    if (n < 5 || n > 7 || t->flush_bias[n] != NIBBLE_BIAS) {
        return 0;
    }
    for (int c = 0; c < NCARDS; c++) {
        if ((t->keys[c] >> SUIT_BITS) != t->rank_keys[c >> 2]) {
            return 0;
        }
    }
    return 1;
}

void sd_vector_batch_prepare(Tables *t)
{
    const int avx512 = sd_avx512_prepare(), avx2 = sd_avx2_fits(t);
    for (int n = 0; n < 8; n++) {
        const int fits = vector_fits(t, n);
        t->vector_fits[n] = (uint8_t)((fits && avx512 ? SD_FITS_AVX512 : 0) |
                                      (fits && avx2 ? SD_FITS_AVX2 : 0));
    }
}

int sd_batch_path(const Tables *t, int n, Py_ssize_t width)
{
    if (n < 5 || n > 7) {
        return SD_SIMD_NONE;
    }
    const int level = sd_simd_level();
    if (level >= SD_SIMD_AVX512 && (t->vector_fits[n] & SD_FITS_AVX512)) {
        return SD_SIMD_AVX512;
    }
    if (level >= SD_SIMD_AVX2 && (t->vector_fits[n] & SD_FITS_AVX2) &&
        (width == 1 || width == 2)) {
        return SD_SIMD_AVX2;
    }
    return SD_SIMD_NONE;
}

/* vector_batch(n, width=1) */
PyObject *sd_Tables_vector_batch(Tables *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "vector_batch(n, width=1)");
        return NULL;
    }
    const long n = PyLong_AsLong(args[0]);
    const long width = nargs > 1 ? PyLong_AsLong(args[1]) : 1;
    if ((n == -1 || width == -1) && PyErr_Occurred()) {
        return NULL;
    }
    const int path = n >= 5 && n <= 7 ? sd_batch_path(self, (int)n, width) : SD_SIMD_NONE;
    return PyUnicode_FromString(LEVEL_NAMES[path]);
}

/* simd(name=None) */
PyObject *sd_simd(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "simd(name=None)");
        return NULL;
    }
    if (nargs == 1 && args[0] != Py_None) {
        const char *name = PyUnicode_Check(args[0]) ? PyUnicode_AsUTF8(args[0]) : NULL;
        const int level = name ? level_named(name) : -1;
        if (level < 0) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "simd() takes 'avx512', 'avx2' or 'none'");
            }
            return NULL;
        }
        simd_cap = level;
    }
    return PyUnicode_FromString(LEVEL_NAMES[sd_simd_level()]);
}

/* perceptron_ref.engine._native: the engine's loops in C (native.py says where each runs).
 *
 * - rows, fields: the float pass's two loops, the same as the numba kernels of
 *   dyadic_numba.py (the scores within a proven bound, the mistakes' digits; the exponent
 *   fields' two reductions), so that dyadic_compiled.py's pass runs either;
 * - int_pass: passes.block_pass's pass over integer rows, a row at a time;
 * - numbers: the reading of rows given as Python lists (scaled.number_matrix).
 *
 * Built at install where a C compiler is (an optional extension, setup.py: without one, the
 * same traces come from numba or numpy); it loads in a millisecond, where numba takes about
 * a second, so a process's first pass runs in it.  The argument of the float pass's bound is
 * dyadic.py's; every product and sum is the numba kernel's, in the same order, and the build
 * turns off contraction into fused multiply-adds (-ffp-contract=off) so that the digits'
 * split stays as written.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#define DONE 0
#define CLOSE 1
#define OVERFLOW 2

static const double U = 1.1102230246251565e-16; /* 2^-53: float64's unit roundoff */
static const double SLACK = 2.0;                /* dyadic.SLACK */
static const double TOP = 1.0715086071862673e+301; /* 2^1000: dyadic.TOP */

/* A C-contiguous buffer of `itemsize`-byte items, of `ndim` dimensions, writable if asked;
 * else an error naming the argument (the Python caller passes numpy arrays of the right
 * types and layout). */
static int
take(PyObject *obj, Py_buffer *view, const char *name, Py_ssize_t itemsize, int ndim,
     int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        return -1;
    }
    if (view->itemsize != itemsize || view->ndim != ndim) {
        PyErr_Format(PyExc_TypeError, "%s: an array of %zd-byte items and %d dimensions",
                     name, itemsize, ndim);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}


/* Four doubles: the score's four partial sums, each a lane (one 256-bit add where the
 * machine has AVX2, two 128-bit ones on any x86-64, four elsewhere: the same sums). */
typedef double v4 __attribute__((vector_size(32)));

typedef int64_t i4 __attribute__((vector_size(32))); /* a v4's bits, lane by lane */

static const i4 SIGN = {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN};

/* |t|, lane by lane: the sign bit cleared. */
static inline v4
magnitude(v4 t)
{
    return (v4)((i4)t & ~SIGN);
}

/* The larger of a and b, lane by lane (neither NaN). */
static inline v4
larger(v4 a, v4 b)
{
    const i4 more = a > b; /* −1 in every bit of a lane where it holds */
    return (v4)(((i4)a & more) | ((i4)b & ~more));
}

/* trunc of each lane, exactly: below 2^52 in size, adding 2^52 and taking it away rounds
 * |t| to an integer (to nearest: exact, every step's result being a float64), one less if
 * that went up; from 2^52 on, every float64 is an integer already.  The sign is put back
 * last (so −0.5 gives −0.0, as trunc does). */
static inline v4
truncated(v4 t)
{
    const v4 whole = {0x1p52, 0x1p52, 0x1p52, 0x1p52}, one = {1.0, 1.0, 1.0, 1.0};
    const v4 a = magnitude(t);
    v4 r = (a + whole) - whole;
    r -= (v4)((i4)one & (r > a)); /* r > a: −1 in every bit of that lane */
    const i4 big = a >= whole;
    r = (v4)(((i4)a & big) | ((i4)r & ~big));
    return (v4)((i4)r | ((i4)t & SIGN));
}

/* The loop is compiled twice on x86-64 with GCC and glibc (whose ifunc picks one at load):
 * for AVX2, and for any x86-64.  (-march=native would tie a wheel to the machine that built
 * it.) */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__)
#define CLONED __attribute__((target_clones("avx2", "default")))
#else
#define CLONED
#endif

/* The loop, on C-contiguous arrays already checked: X n×m, y n, Wf d, levels L×d (d = m + off);
 * V: room for one row of d entries.  Plain pointers, so that nothing written (Wf, the
 * digits) can be taken for a shape or a stride, and the score's four sums run at once. */
CLONED static void
run_rows(const double *restrict X, const int8_t *restrict y, double *restrict Wf,
         double *restrict levels, Py_ssize_t n, Py_ssize_t m, Py_ssize_t L, double b,
         double plus, double minus, double unit, double row, double base, Py_ssize_t start,
         double *state, int64_t *out, double *restrict V)
{
    const Py_ssize_t off = b != 0.0 ? 1 : 0, d = m + off, whole = m - m % 4;
    const double bound_of = SLACK * d * U / (1 - d * U); /* γ_d, doubled */
    const double inverse = 1.0 / base;
    const double *restrict w = Wf + off; /* the weights of the entries, past the bias's */
    double E = state[0], top = state[1];
    double B = row * (bound_of * top + SLACK * E); /* every score is within B */
    int64_t k = 0, status = DONE;
    Py_ssize_t i;
    for (i = start; i < n; i++) {
        if (row * (top + row) >= TOP) { /* (checked again after each update) */
            status = OVERFLOW;
            break;
        }
        const double *restrict x = X + i * m;
        /* The score in four partial sums (Higham's bound holds for any order of the sum):
         * lane r sums the entries j ≡ r (mod 4), X·unit exact (a power of two). */
        v4 sums = {off ? b * Wf[0] : 0.0, 0.0, 0.0, 0.0}, xs, ws;
        for (Py_ssize_t j = 0; j < whole; j += 4) {
            memcpy(&xs, x + j, sizeof xs);
            memcpy(&ws, w + j, sizeof ws);
            sums += xs * unit * ws;
        }
        for (Py_ssize_t j = whole; j < m; j++) {
            sums[0] += x[j] * unit * w[j];
        }
        const double s = (sums[0] + sums[1]) + (sums[2] + sums[3]);
        const int positive = y[i] > 0;
        const double ys = positive ? s : -s, limit = positive ? plus : minus;
        if (ys >= limit + B) {
            continue; /* no mistake */
        }
        if (ys >= limit - B) { /* too close to call: the caller scores it exactly */
            status = CLOSE;
            break;
        }
        k += 1;
        const double sign = positive ? 1.0 : -1.0;
        if (off) {
            V[0] = sign * b;
        }
        for (Py_ssize_t j = 0; j < m; j++) {
            V[off + j] = sign * (x[j] * unit);
        }
        /* Wf += V, and max|Wf| after it, four entries at once (a max in any order). */
        const Py_ssize_t fours = d - d % 4;
        v4 tops = {0.0, 0.0, 0.0, 0.0};
        for (Py_ssize_t j = 0; j < fours; j += 4) {
            v4 w4, v;
            memcpy(&w4, Wf + j, sizeof w4);
            memcpy(&v, V + j, sizeof v);
            w4 += v;
            memcpy(Wf + j, &w4, sizeof w4);
            tops = larger(tops, magnitude(w4));
        }
        top = (tops[0] > tops[1] ? tops[0] : tops[1]);
        top = tops[2] > top ? tops[2] : top;
        top = tops[3] > top ? tops[3] : top;
        for (Py_ssize_t j = fours; j < d; j++) {
            Wf[j] += V[j];
            const double size = fabs(Wf[j]);
            top = size > top ? size : top; /* (fmax is a call: its NaN rule; no NaN here) */
        }
        /* The row's base-2^p digits, exactly (as Digits.add splits them), a level at a time,
         * four entries at once (trunc has no vector form in C: truncated, below). */
        for (Py_ssize_t level = 0; level < L; level++) {
            double *restrict digits = levels + level * d;
            for (Py_ssize_t j = 0; j < fours; j += 4) {
                v4 v, sum;
                memcpy(&v, V + j, sizeof v);
                memcpy(&sum, digits + j, sizeof sum);
                const v4 high = truncated(v * inverse); /* exact: a power of two */
                sum += v - high * base;
                memcpy(digits + j, &sum, sizeof sum);
                memcpy(V + j, &high, sizeof high);
            }
            for (Py_ssize_t j = fours; j < d; j++) {
                const double high = trunc(V[j] * inverse);
                digits[j] += V[j] - high * base;
                V[j] = high;
            }
        }
        top *= 1 + 4 * U;
        E += U * top;
        B = row * (bound_of * top + SLACK * E);
    }
    state[0] = E;
    state[1] = top;
    out[0] = (int64_t)i;
    out[1] = status;
    out[2] = k;
}

static PyObject *
rows(PyObject *module, PyObject *args)
{
    /* From row `start`: out = [the row it stopped at, DONE | CLOSE | OVERFLOW, mistakes];
     * state = [E, max|Wf|], carried between calls; `row` bounds every ‖(b, x)‖₁. */
    PyObject *o[6];
    double b, plus, minus, unit, row, base;
    Py_ssize_t start;
    if (!PyArg_ParseTuple(args, "OOOOddddddnOO:rows", &o[0], &o[1], &o[2], &o[3], &b, &plus,
                          &minus, &unit, &row, &base, &start, &o[4], &o[5])) {
        return NULL;
    }
    (void)module;
    /* X, y, Wf, levels, state, out: item sizes, dimensions, whether written */
    static const char *names[6] = {"X", "y", "Wf", "levels", "state", "out"};
    static const Py_ssize_t sizes[6] = {8, 1, 8, 8, 8, 8};
    static const int dims[6] = {2, 1, 1, 2, 1, 1}, written[6] = {0, 0, 1, 1, 1, 1};
    Py_buffer v[6];
    int got = 0;
    PyObject *result = NULL;
    for (; got < 6; got++) {
        if (take(o[got], &v[got], names[got], sizes[got], dims[got], written[got]) < 0) {
            goto done;
        }
    }
    const Py_ssize_t d = v[0].shape[1] + (b != 0.0 ? 1 : 0);
    if (v[1].shape[0] != v[0].shape[0] || v[2].shape[0] != d || v[3].shape[1] != d ||
        v[4].shape[0] < 2 || v[5].shape[0] < 3 || start < 0) {
        PyErr_SetString(PyExc_ValueError, "rows: the arrays' shapes do not agree");
        goto done;
    }
    double *V = PyMem_Malloc((size_t)d * sizeof(double) + 1);
    if (V == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    run_rows(v[0].buf, v[1].buf, v[2].buf, v[3].buf, v[0].shape[0], v[0].shape[1],
             v[3].shape[0], b, plus, minus, unit, row, base, start, v[4].buf, v[5].buf, V);
    Py_END_ALLOW_THREADS
    PyMem_Free(V);
    result = Py_NewRef(Py_None);
done:
    while (got > 0) {
        PyBuffer_Release(&v[--got]);
    }
    return result;
}

typedef uint64_t u4 __attribute__((vector_size(32)));

/* fields' two reductions over `size` float64s' bits, four lanes at once: the sign dropped
 * (shifted out), the field is in the top 11 bits, and t − 1 wraps to the largest for 0. */
CLONED static void
read_fields(const uint64_t *restrict b, Py_ssize_t size, uint64_t *low, uint64_t *high)
{
    const Py_ssize_t whole = size - size % 4;
    u4 hi = {0, 0, 0, 0}, lo = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
    for (Py_ssize_t i = 0; i < whole; i += 4) {
        u4 t;
        memcpy(&t, b + i, sizeof t);
        t <<= 1;
        const u4 more = (u4)(t > hi), less = (u4)(t - 1 < lo); /* all ones where it holds */
        hi = (t & more) | (hi & ~more);
        lo = ((t - 1) & less) | (lo & ~less);
    }
    uint64_t l = lo[0], h = hi[0];
    for (int r = 1; r < 4; r++) {
        l = lo[r] < l ? lo[r] : l;
        h = hi[r] > h ? hi[r] : h;
    }
    for (Py_ssize_t i = whole; i < size; i++) {
        const uint64_t t = b[i] << 1;
        h = t > h ? t : h;
        l = t - 1 < l ? t - 1 : l;
    }
    *low = l;
    *high = h;
}

static PyObject *
fields(PyObject *module, PyObject *arg)
{
    /* The least exponent field of the nonzero entries (a power of two's counted one below,
     * 0's never) and the largest, of float64 bits given as uint64, four at a time. */
    (void)module;
    Py_buffer bits;
    if (take(arg, &bits, "bits", 8, 1, 0) < 0) {
        return NULL;
    }
    uint64_t low, high;
    Py_BEGIN_ALLOW_THREADS
    read_fields(bits.buf, bits.shape[0], &low, &high);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&bits);
    return Py_BuildValue("(KK)", (unsigned long long)(low >> 53),
                         (unsigned long long)(high >> 53));
}

/* Whether a score s is a mistake on label y > 0 or not, by the zero-score rule (rules.py:
 * 0 tie-positive, 1 tie-negative, 2 tie-mistake). */
static inline int
is_mistake(int rule, int64_t s, int positive)
{
    if (rule == 0) { /* predict +1 iff s >= 0 */
        return positive ? s < 0 : s >= 0;
    }
    if (rule == 1) { /* predict +1 iff s > 0 */
        return positive ? s <= 0 : s > 0;
    }
    return positive ? s <= 0 : s >= 0; /* tie-mistake: y·s <= 0 */
}

/* passes.block_pass's pass, a row at a time, on rows of one integer type T: W (int64, the
 * bias weight first when b != 0) updated in place; scores and flags written if kept.  The
 * caller has certified that no sum leaves int64 (passes.certified). */
#define INT_PASS(NAME, T)                                                                    \
    CLONED static int64_t NAME(const T *restrict X, const int8_t *restrict y,                \
                               int64_t *restrict W, Py_ssize_t n, Py_ssize_t m, int64_t b,   \
                               int rule, int64_t *restrict scores, uint8_t *restrict flags)  \
    {                                                                                        \
        const Py_ssize_t off = b != 0 ? 1 : 0;                                               \
        int64_t *restrict w = W + off, k = 0;                                                \
        for (Py_ssize_t i = 0; i < n; i++) {                                                 \
            const T *restrict x = X + i * m;                                                 \
            int64_t s = off ? W[0] * b : 0;                                                  \
            for (Py_ssize_t j = 0; j < m; j++) {                                             \
                s += w[j] * (int64_t)x[j];                                                   \
            }                                                                                \
            const int positive = y[i] > 0, wrong = is_mistake(rule, s, positive);           \
            if (scores != NULL) {                                                            \
                scores[i] = s;                                                               \
                flags[i] = (uint8_t)wrong;                                                   \
            }                                                                                \
            if (!wrong) {                                                                    \
                continue;                                                                    \
            }                                                                                \
            k += 1;                                                                          \
            if (positive) {                                                                  \
                W[0] += off ? b : 0;                                                         \
                for (Py_ssize_t j = 0; j < m; j++) {                                         \
                    w[j] += x[j];                                                            \
                }                                                                            \
            } else {                                                                         \
                W[0] -= off ? b : 0;                                                         \
                for (Py_ssize_t j = 0; j < m; j++) {                                         \
                    w[j] -= x[j];                                                            \
                }                                                                            \
            }                                                                                \
        }                                                                                    \
        return k;                                                                            \
    }

INT_PASS(pass_int8, int8_t)
INT_PASS(pass_uint8, uint8_t)
INT_PASS(pass_int16, int16_t)
INT_PASS(pass_int32, int32_t)
INT_PASS(pass_int64, int64_t)

static PyObject *
int_pass(PyObject *module, PyObject *args)
{
    /* int_pass(X, y, W, b, rule, scores, flags): the pass of passes.block_pass on integer
     * rows (int8, uint8, int16, int32 or int64), W (int64) updated in place; scores (int64)
     * and flags (bool) filled when they have n entries (kept), else left alone (empty).
     * Its mistakes. */
    (void)module;
    PyObject *o[3], *os, *of;
    long long b;
    int rule;
    if (!PyArg_ParseTuple(args, "OOOLiOO:int_pass", &o[0], &o[1], &o[2], &b, &rule, &os, &of)) {
        return NULL;
    }
    Py_buffer X, y, W, sc, fl;
    if (PyObject_GetBuffer(o[0], &X, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    int got = 0;
    if (take(o[1], &y, "y", 1, 1, 0) < 0) goto done;
    got = 1;
    if (take(o[2], &W, "W", 8, 1, 1) < 0) goto done;
    got = 2;
    if (take(os, &sc, "scores", 8, 1, 1) < 0) goto done;
    got = 3;
    if (take(of, &fl, "flags", 1, 1, 1) < 0) goto done;
    got = 4;
    const Py_ssize_t n = X.ndim == 2 ? X.shape[0] : -1, m = X.ndim == 2 ? X.shape[1] : -1;
    const int keep = sc.shape[0] == n && fl.shape[0] == n && n > 0;
    const char code = X.format[0] == '<' || X.format[0] == '=' ? X.format[1] : X.format[0];
    if (n < 0 || y.shape[0] != n || W.shape[0] != m + (b != 0) || rule < 0 || rule > 2 ||
        (!keep && (sc.shape[0] != 0 || fl.shape[0] != 0))) {
        PyErr_SetString(PyExc_ValueError, "int_pass: the arrays' shapes do not agree");
        goto done;
    }
    int64_t *scores = keep ? sc.buf : NULL;
    uint8_t *flags = keep ? fl.buf : NULL;
    int64_t k;
    switch (X.itemsize * 256 + code) {
    case 1 * 256 + 'b':
        k = pass_int8(X.buf, y.buf, W.buf, n, m, b, rule, scores, flags);
        break;
    case 1 * 256 + 'B':
        k = pass_uint8(X.buf, y.buf, W.buf, n, m, b, rule, scores, flags);
        break;
    case 2 * 256 + 'h':
        k = pass_int16(X.buf, y.buf, W.buf, n, m, b, rule, scores, flags);
        break;
    case 4 * 256 + 'i':
        k = pass_int32(X.buf, y.buf, W.buf, n, m, b, rule, scores, flags);
        break;
    case 8 * 256 + 'l':
    case 8 * 256 + 'q':
        k = pass_int64(X.buf, y.buf, W.buf, n, m, b, rule, scores, flags);
        break;
    default:
        PyErr_Format(PyExc_TypeError, "int_pass: rows of int8, uint8, int16, int32 or int64, "
                     "not '%s'", X.format);
        goto done;
    }
    result = PyLong_FromLongLong(k);
done:
    PyBuffer_Release(&X);
    Py_buffer *views[4] = {&y, &W, &sc, &fl};
    while (got > 0) {
        PyBuffer_Release(views[--got]);
    }
    return result;
}

/* A list or a tuple, exactly (as marshal writes them: not a subclass). */
static int
is_sequence(PyObject *o)
{
    return PyList_CheckExact(o) || PyTuple_CheckExact(o);
}

static PyObject *
numbers(PyObject *module, PyObject *args)
{
    /* numbers(X, out): X, n rows (lists or tuples) of m entries, into out (n × m float64):
     * 1 if every entry is a float, 2 if every one is an int in [−2^31, 2^31) (a bool is
     * not: its type is not int), 0 for anything else (out then holds nothing of use).  The
     * entries marshal writes as floats ('g') and small ints ('i'): scaled.marshalled's
     * rule, read without writing the bytes. */
    (void)module;
    PyObject *X, *o;
    if (!PyArg_ParseTuple(args, "OO:numbers", &X, &o)) {
        return NULL;
    }
    Py_buffer out;
    if (take(o, &out, "out", 8, 2, 1) < 0) {
        return NULL;
    }
    const Py_ssize_t n = out.shape[0], m = out.shape[1];
    double *restrict to = out.buf;
    long kind = 0; /* 1: floats, 2: ints, found from the first entry */
    int ok = is_sequence(X) && PySequence_Fast_GET_SIZE(X) == n && n > 0 && m > 0;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *row = PySequence_Fast_GET_ITEM(X, i);
        if (!is_sequence(row) || PySequence_Fast_GET_SIZE(row) != m) {
            ok = 0;
            break;
        }
        PyObject **items = PySequence_Fast_ITEMS(row);
        if (kind == 0) {
            kind = PyFloat_CheckExact(items[0]) ? 1 : PyLong_CheckExact(items[0]) ? 2 : 0;
            ok = kind != 0;
        }
        if (kind == 1) {
            for (Py_ssize_t j = 0; ok && j < m; j++) {
                ok = PyFloat_CheckExact(items[j]);
                to[i * m + j] = ok ? PyFloat_AS_DOUBLE(items[j]) : 0.0;
            }
        } else {
            for (Py_ssize_t j = 0; ok && j < m; j++) {
                int overflow = 0;
                long v = PyLong_CheckExact(items[j])
                             ? PyLong_AsLongAndOverflow(items[j], &overflow) : 0;
                ok = PyLong_CheckExact(items[j]) && !overflow && v >= -2147483648L &&
                     v < 2147483648L;
                to[i * m + j] = (double)v;
            }
        }
    }
    PyBuffer_Release(&out);
    return PyLong_FromLong(ok ? kind : 0);
}

static PyMethodDef methods[] = {
    {"rows", rows, METH_VARARGS,
     "rows(X, y, Wf, levels, b, plus, minus, unit, row, base, start, state, out): the float "
     "pass from row start, until its end, a close call or a bound past TOP."},
    {"int_pass", int_pass, METH_VARARGS,
     "int_pass(X, y, W, b, rule, scores, flags): a certified pass over integer rows, W "
     "updated in place; its mistakes."},
    {"numbers", numbers, METH_VARARGS,
     "numbers(X, out): rows of Python floats (1) or of ints in [-2**31, 2**31) (2) read into "
     "out, an n x m float64 array; 0 for anything else."},
    {"fields", fields, METH_O,
     "fields(bits): the least exponent field of the nonzero entries and the largest."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native",
    "The engine's loops in C (see perceptron_ref.engine.native).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__native(void)
{
    return PyModule_Create(&module);
}

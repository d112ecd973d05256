/* Test cases of the AMD OpenCL C corpus (tests/amd/README.md): one JSON file
 * per case naming a build of a corpus source, buffers with their initial
 * contents, one or more kernel launches and a comparison rule per output.
 * This module parses and checks a case, generates buffer contents, and
 * reads tests/amd/builds.txt. */
#ifndef TCASE_H
#define TCASE_H

#include <stddef.h>
#include <stdint.h>

/* element types of buffers, scalar arguments and struct fields */
typedef enum {
  TC_CHAR, TC_UCHAR, TC_SHORT, TC_USHORT, TC_INT, TC_UINT, TC_LONG, TC_ULONG,
  TC_HALF, TC_FLOAT, TC_DOUBLE, TC_NTYPES
} tc_type;

size_t tc_type_size(tc_type t);
const char *tc_type_name(tc_type t);
int tc_type_is_float(tc_type t);
int tc_type_is_signed(tc_type t);
/* "int" -> TC_INT; also "int4" etc. with *lanes = 4 (lanes may be NULL
 * when no vector suffix is allowed).  -1 if unknown. */
int tc_type_parse(const char *s, unsigned *lanes);

/* how a buffer is filled before the first launch */
typedef enum {
  TC_GEN_ZEROS,   /* all bytes zero */
  TC_GEN_CONST,   /* every element = value */
  TC_GEN_IOTA,    /* start + i * step */
  TC_GEN_RANDOM,  /* xorshift64* uniform in [min, max] (floats: [min, max)) */
  TC_GEN_LOG,     /* floats: magnitude log-uniform in [min, max], random sign if signed */
  TC_GEN_BITS,    /* random bit patterns */
  TC_GEN_VALUES   /* an explicit list, repeated */
} tc_gen_kind;

typedef struct {
  tc_gen_kind kind;
  uint64_t seed;
  double fmin, fmax, quantum;   /* floats; quantum > 0 rounds to multiples */
  int64_t imin, imax;           /* integers (unsigned above INT64_MAX: umax) */
  uint64_t umax;
  int use_umax;
  int specials;                 /* the first elements are the type's edge values */
  int signs;                    /* LOG: both signs */
  double fval, fstep;           /* CONST / IOTA for floats */
  int64_t ival, istep;          /* CONST / IOTA for integers */
  uint64_t *values;             /* VALUES: raw element bits */
  size_t nvalues;
} tc_gen;

/* comparison rules for an output element (tcompare.c) */
typedef enum {
  TC_RULE_EXACT,     /* integers: equal; floats: equal bits, or both NaN */
  TC_RULE_BITS,      /* equal bits, NaN payloads included */
  TC_RULE_ULP,       /* floats: within `ulp` units in the last place, or both NaN */
  TC_RULE_CONTRACT,  /* floats: equal to the reference, or to a*b+c fused or unfused */
  TC_RULE_REL,       /* floats: |test - ref| <= abs + rel * max(|test|, |ref|), or both NaN */
  TC_RULE_IGNORE     /* not compared (a property below checks it) */
} tc_rule_kind;

typedef struct {
  int buf;        /* buffer index, or -1: the constant */
  double value;
} tc_operand;

typedef struct {
  tc_rule_kind kind;
  double ulp;
  double rel, abs;
  tc_operand op[3];   /* CONTRACT: a, b, c (element i of a buffer, or a constant) */
} tc_rule;

/* property checks run on one result on its own (tcompare.c) */
typedef enum {
  TC_PROP_PERMUTATION,     /* the elements of `bufs` together are start, start+1, ... */
  TC_PROP_ATOMIC_HISTORY,  /* returned old values form a legal sequential history */
  TC_PROP_SORTED,          /* ascending (each `segment` elements, 0: whole buffer) */
  TC_PROP_SUBGROUPS        /* records of subgroups.cl consistent with some sub-group partition */
} tc_prop_kind;

typedef enum {
  TC_AOP_ADD, TC_AOP_SUB, TC_AOP_XCHG, TC_AOP_MIN, TC_AOP_MAX, TC_AOP_AND, TC_AOP_OR,
  TC_AOP_XOR, TC_AOP_INC, TC_AOP_DEC, TC_AOP_CMPXCHG, TC_AOP_FADD, TC_AOP_FMIN, TC_AOP_FMAX
} tc_atomic_op;

typedef struct {
  tc_prop_kind kind;
  int bufs[4];          /* PERMUTATION: buffers (-1 ends) */
  int64_t start;
  /* ATOMIC_HISTORY: work-item w (0 <= w < count) did op(cell, operand(w))
   * and stored the old value in old[w * old_stride + old_offset]; the
   * cell is element cell_base + ((w / cell_div) % cell_mod) * cell_stride
   * of buffer `cells`; operand(w) is element w of a buffer or of a
   * generator's sequence */
  tc_atomic_op op;
  int old_buf, cell_buf, operand_buf, expected_buf;  /* -1: none */
  size_t count, old_stride, old_offset, cell_base, cell_div, cell_mod, cell_stride;
  tc_gen operand;       /* when operand_buf < 0 */
  tc_gen expected;      /* CMPXCHG: expected value (when expected_buf < 0) */
  size_t segment;       /* SORTED */
  int buf;              /* SORTED, SUBGROUPS (the records) */
  size_t stride;        /* SUBGROUPS: ints per record */
} tc_prop;

typedef struct {
  char *name;
  tc_type type;
  size_t count;         /* elements */
  tc_gen init;
  int output;           /* compared after the run */
  tc_rule *rules;       /* nrules rules, used cyclically: element i has rules[i % nrules] */
  size_t nrules;
} tc_buffer;

typedef enum { TC_ARG_BUFFER, TC_ARG_SCALAR, TC_ARG_LOCAL, TC_ARG_ITER } tc_arg_kind;

#define TC_MAX_SCALAR 1024

typedef struct {
  tc_arg_kind kind;
  int buf;              /* BUFFER */
  size_t size;          /* SCALAR: bytes; LOCAL: bytes of __local memory; ITER: 4 */
  uint8_t *bytes;       /* SCALAR */
  int64_t iter_add;     /* ITER: the argument is (int)(iteration + iter_add) */
} tc_arg;

typedef struct {
  char *kernel;
  unsigned dims;
  size_t global[3], local[3], offset[3];
  int local_null;       /* local size NULL: the runtime chooses */
  tc_arg *args;
  size_t nargs;
  unsigned repeat;      /* the launch is enqueued `repeat` times, iteration 0.. */
} tc_launch;

enum { TC_REQ_FP16 = 1, TC_REQ_FP64 = 2, TC_REQ_SUBGROUPS = 4, TC_REQ_INT64_ATOMICS = 8,
       TC_REQ_NON_UNIFORM = 16, TC_REQ_PRINTF = 32 };

typedef enum { TC_PRINTF_NONE, TC_PRINTF_SORTED_LINES } tc_printf_rule;

typedef struct {
  char *name;           /* the file name without .json */
  char *path;
  char *description;
  char *build;          /* a build of builds.txt, or a source's stem */
  char *reference;      /* host reference (tbackend_host.c), or NULL */
  unsigned requires;    /* TC_REQ_* */
  tc_buffer *bufs;
  size_t nbufs;
  tc_launch *launches;
  size_t nlaunches;
  tc_prop *props;
  size_t nprops;
  tc_printf_rule printf_rule;
  char **printf_masks;  /* lines starting with one of these compare by prefix only */
  size_t nprintf_masks;
} tc_case;

/* builds.txt: every kernels/NAME.cl is also the build NAME with no options */
typedef struct {
  char *name, *source;
  char *cl_options;     /* OpenCL build options (passed to every platform) */
  char *amd_options;    /* clang-only options (AMD code objects only) */
} tc_build;

/* Parses the case file PATH.  0, or -1 with a message naming the file and
 * the place in ERR. */
int tc_case_load(const char *path, tc_case *c, char *err, size_t errlen);
void tc_case_free(tc_case *c);
int tc_buffer_index(const tc_case *c, const char *name);

/* Fills buffer B's DATA (count * element size bytes) from its generator. */
void tc_generate(const tc_buffer *b, void *data);
/* element I of a generator's sequence as raw bits of type T */
uint64_t tc_gen_element(const tc_gen *g, tc_type t, size_t i);

/* Finds the build NAME (from builds.txt in KERNELS_DIR/.., or a source
 * KERNELS_DIR/NAME.cl).  0, or -1 with ERR. */
int tc_build_find(const char *amd_dir, const char *name, tc_build *b, char *err, size_t errlen);
void tc_build_free(tc_build *b);

/* xorshift64* (Vigna), the corpus's input generator */
uint64_t tc_xorshift64s(uint64_t *state);

/* element access as 64-bit integer / double, by type */
int64_t tc_get_i(const void *data, tc_type t, size_t i);
uint64_t tc_get_bits(const void *data, tc_type t, size_t i);
double tc_get_f(const void *data, tc_type t, size_t i);
void tc_set_bits(void *data, tc_type t, size_t i, uint64_t bits);

/* binary16 <-> binary32/64, round to nearest even */
float tc_half_to_float(uint16_t h);
uint16_t tc_float_to_half(float f);
uint16_t tc_double_to_half(double d);

#endif

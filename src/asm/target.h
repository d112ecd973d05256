/* The interface between the generic assembler (src/asm/) and an ISA front
 * end (e.g. src/isa/ventus/asm_ventus.c).
 *
 * The generic part owns lexing, expressions, symbols, sections, directives,
 * fixups, linking and ELF output; it knows nothing about instructions.  A
 * front end is a vs_asm_target: it parses one instruction statement at a
 * time from a token cursor, emits bytes and fixups through the services
 * below, and later patches its own fixups when the linker knows every
 * address.  Nothing in here is RISC-V specific. */
#ifndef VS_ASM_TARGET_H
#define VS_ASM_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/asm.h"

typedef struct vs_asm vs_asm;     /* one assembly + link run          */
typedef struct vs_expr vs_expr;   /* expression tree (arena owned)    */
typedef struct vs_fixup vs_fixup;

/* Source position: file index, 1-based line and column. */
typedef struct vs_pos {
  uint32_t file, line, col;
} vs_pos;

/* ---- tokens ---------------------------------------------------------- */
enum {
  VS_T_EOS,    /* end of statement                                        */
  VS_T_IDENT,  /* name: letters digits _ . $ (first not a digit)          */
  VS_T_NUM,    /* integer or character literal, value in num              */
  VS_T_STR,    /* "string": s/n is the quoted text, escapes not applied   */
  VS_T_LREF,   /* numeric label reference 1f / 1b: num, dir 'f' or 'b'    */
  VS_T_PUNCT   /* one operator/punctuation char in p; "<<" is '<', ">>" '>' */
};

typedef struct vs_tok {
  uint8_t kind;
  char p;          /* VS_T_PUNCT: the character; VS_T_LREF: 'f' or 'b'      */
  uint32_t col;    /* 1-based column of the first character                 */
  uint32_t n;      /* length of the source text                             */
  const char *s;   /* source text (not NUL-terminated)                      */
  uint64_t num;
} vs_tok;

/* A cursor over the tokens of one statement (ends with a VS_T_EOS token). */
typedef struct vs_lex {
  const vs_tok *t;
  size_t n, i;
  uint32_t file, line;
} vs_lex;

static inline const vs_tok *vs_lex_peek(const vs_lex *lx) { return &lx->t[lx->i]; }
static inline const vs_tok *vs_lex_peek2(const vs_lex *lx)
{
  return lx->i + 1 < lx->n ? &lx->t[lx->i + 1] : &lx->t[lx->n - 1];
}
static inline const vs_tok *vs_lex_next(vs_lex *lx)
{
  const vs_tok *t = &lx->t[lx->i];
  if (t->kind != VS_T_EOS) lx->i++;
  return t;
}
static inline int vs_tok_punct(const vs_tok *t, char c) { return t->kind == VS_T_PUNCT && t->p == c; }
/* Accepts punctuation c at the cursor. */
int vs_lex_accept(vs_lex *lx, char c);
/* True if t is the identifier `name` (exact, case-sensitive). */
int vs_tok_is(const vs_tok *t, const char *name);
vs_pos vs_lex_pos(const vs_lex *lx);  /* position of the current token */
/* Printable description of a token for messages ("'foo'", "end of line"). */
const char *vs_tok_desc(const vs_tok *t, char *buf, size_t n);

/* ---- parse errors (returned, not printed: the front end may try several
 * operand forms and report only the one that got furthest) -------------- */
typedef struct vs_perr {
  vs_pos pos;
  size_t tok;       /* token index where the error was found (progress)     */
  char msg[256];
} vs_perr;
void vs_perr_set(vs_perr *pe, const vs_lex *lx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- expressions ----------------------------------------------------- */
/* Parses an expression at the cursor.  If reloc is not NULL, a relocation
 * operator "%name(expr)" is accepted as the whole operand: *reloc receives
 * the target's code for it (0 = none).  Returns NULL with *pe filled. */
vs_expr *vs_parse_expr(vs_asm *as, vs_lex *lx, int *reloc, vs_perr *pe);

/* Value of an expression while assembling. */
enum { VS_VAL_ABS, VS_VAL_REL, VS_VAL_UNKNOWN, VS_VAL_ERROR };
typedef struct vs_val {
  int kind;        /* ABS: v; REL: v is an offset in input section sec     */
  int32_t sec;
  int64_t v;
} vs_val;
/* Evaluates with what is known now (constants, .equ symbols, labels already
 * defined).  VS_VAL_ERROR comes with a message in *pe. */
vs_val vs_eval_now(vs_asm *as, const vs_expr *e, vs_perr *pe);
vs_expr *vs_expr_num(vs_asm *as, int64_t v);
/* Symbol reference by name in the current file (created if new). */
vs_expr *vs_expr_symbol(vs_asm *as, const char *name, size_t n);

/* ---- emitting -------------------------------------------------------- */
vs_pos vs_stmt_pos(const vs_asm *as);   /* position of the current statement */
uint32_t vs_cur_offset(const vs_asm *as);  /* offset in the current section  */
int vs_cur_section_is_code(const vs_asm *as);
/* Appends bytes to the current section; reports an error (at pos) and
 * returns -1 if that section holds no data (@nobits). */
int vs_emit(vs_asm *as, const void *p, size_t n, vs_pos pos);
int vs_emit32(vs_asm *as, uint32_t w, vs_pos pos);  /* little-endian */
/* Records a fixup of the bytes at `offset` of the current section, patched
 * at link time by the target's apply() (kinds >= VS_FX_TARGET) or by the
 * generic code (data kinds).  aux is free for the target. */
enum { VS_FX_DATA1 = 1, VS_FX_DATA2, VS_FX_DATA4, VS_FX_DATA8, VS_FX_TARGET = 16 };
int vs_add_fixup(vs_asm *as, uint32_t offset, uint16_t kind, int32_t aux,
                 vs_expr *e, vs_pos pos);

/* Diagnostics: "file:line:col: error: ..." (counted; assembly stops at the
 * error limit). */
void vs_asm_error(vs_asm *as, vs_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void vs_asm_note(vs_asm *as, vs_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- link-time services ---------------------------------------------- */
struct vs_fixup {
  int32_t sec;       /* input section                                    */
  uint32_t offset;   /* byte offset in that section                      */
  uint16_t kind;
  int32_t aux;
  vs_expr *expr;
  vs_pos pos;        /* where the expression was written                 */
};
/* The fixup recorded for the word at address addr with a kind for which
 * pred(kind) is true, and its expression's value; NULL if none. */
const vs_fixup *vs_link_fixup_at(vs_asm *as, uint32_t addr, int (*pred)(uint16_t kind),
                                 int64_t *value, uint32_t *fix_addr);

/* Boundary events passed to target->boundary(). */
enum { VS_ASM_EV_LABEL, VS_ASM_EV_DIRECTIVE, VS_ASM_EV_END };

typedef struct vs_asm_target {
  const char *name;
  uint16_t e_machine;
  uint32_t e_flags;
  uint32_t default_text_addr;
  const char *start_code;      /* built-in start code text (NUL-terminated) */
  /* an extra non-allocated section describing the target (may be NULL) */
  const char *attr_name;
  uint32_t attr_type;
  const uint8_t *attr_data;
  size_t attr_len;

  /* per-run state */
  void *(*create)(vs_asm *as);
  void (*destroy)(void *st);
  /* One instruction statement; mn is the mnemonic token, lx is positioned
   * after it.  Reports its own errors. */
  void (*insn)(vs_asm *as, void *st, const vs_tok *mn, vs_lex *lx);
  /* Something other than an instruction happened between two statements
   * (what = VS_ASM_EV_*, name = label name for VS_ASM_EV_LABEL). */
  void (*boundary)(vs_asm *as, void *st, int what, const char *name, vs_pos pos);
  /* Code of a relocation operator name (without '%'), > 0, or 0 if unknown. */
  int (*reloc_op)(const char *name, size_t n);
  /* True if the identifier is a register name: such names are not taken as
   * symbols in data directives (for better messages). */
  int (*is_register)(const char *name, size_t n);
  /* Fills n bytes of alignment padding at a 4-aligned offset of a code
   * section (n is a multiple of 4). */
  void (*code_fill)(uint8_t *p, size_t n);
  /* Patches a target fixup at loc (address pc) with the value of its
   * expression.  Returns 0, or -1 with a message in err. */
  int (*apply)(vs_asm *as, void *st, const vs_fixup *f, uint8_t *loc, uint32_t pc,
               int64_t value, char *err, size_t errlen);
} vs_asm_target;

/* Assembles and links for target t: vs_assemble / vs_assemble_files of
 * ventsim/asm.h once the ISA name is resolved (opt->isa is not looked at). */
int vs_asm_run(const vs_asm_target *t, const vs_asm_source *srcs, size_t n,
               const vs_asm_options *opt, uint8_t **elf, size_t *elf_len, vs_error *err);
int vs_asm_run_files(const vs_asm_target *t, const char *const *paths, size_t n,
                     const char *out_path, const vs_asm_options *opt, vs_error *err);

#endif

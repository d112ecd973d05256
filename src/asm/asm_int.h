/* Internals of the generic assembler/linker shared by the files of
 * src/asm/.  ISA front ends use target.h only. */
#ifndef VS_ASM_INT_H
#define VS_ASM_INT_H

#include <stdio.h>

#include "asm/target.h"
#include "common/util.h"
#include "ventsim/asm.h"

/* ---- arena: everything a run allocates in small pieces ---------------- */
typedef struct vs_arena_chunk vs_arena_chunk;
typedef struct vs_arena {
  vs_arena_chunk *head;
  size_t used, cap;
} vs_arena;
void *vs_arena_alloc(vs_arena *a, size_t n);   /* zeroed; NULL on exhaustion */
char *vs_arena_strndup(vs_arena *a, const char *s, size_t n);
void vs_arena_free(vs_arena *a);

/* ---- expressions ------------------------------------------------------ */
enum {
  VS_X_NUM, VS_X_SYM, VS_X_LOC,
  VS_X_NEG, VS_X_NOT, VS_X_LNOT,
  VS_X_ADD, VS_X_SUB, VS_X_MUL, VS_X_DIV, VS_X_MOD, VS_X_SHL, VS_X_SHR,
  VS_X_AND, VS_X_OR, VS_X_XOR
};
typedef struct vs_sym vs_sym;
struct vs_expr {
  uint8_t op;
  uint16_t depth;       /* height of the tree (bounded)                  */
  int32_t sec;          /* VS_X_LOC: input section and offset            */
  uint32_t off;
  int64_t num;
  vs_sym *sym;
  struct vs_expr *a, *b;
};
/* Maximum height of an expression tree and of chains of .equ symbols. */
#define VS_ASM_MAX_TREE 512

/* ---- symbols ---------------------------------------------------------- */
enum { VS_SYM_UNDEF, VS_SYM_LABEL, VS_SYM_EQU };
struct vs_sym {
  const char *name;     /* arena; for numeric labels an internal name     */
  const char *shown;    /* name used in messages ("1f")                   */
  uint32_t file;
  uint8_t def;          /* VS_SYM_*                                       */
  uint8_t global;       /* .globl                                         */
  uint8_t local;        /* .local                                         */
  uint8_t type;         /* STT_*                                          */
  uint8_t internal;     /* numeric label / generated: not in the symtab   */
  uint8_t resolving;    /* cycle detection during link-time evaluation    */
  uint8_t linker;       /* provided by the linker                         */
  uint8_t reported;     /* "undefined symbol" already reported            */
  int32_t sec;          /* LABEL: input section                           */
  uint32_t off;
  int64_t value;        /* EQU with expr == NULL: constant                */
  vs_expr *expr;        /* EQU: defining expression                       */
  vs_expr *size_expr;   /* .size                                          */
  vs_pos pos;           /* definition (or first .globl)                   */
  vs_sym *next;         /* next symbol of the same file (creation order)  */
  int32_t osec;         /* linker symbols: output section, -1 absolute    */
};

typedef struct vs_symtab {
  vs_sym **slot;
  size_t cap, count;
} vs_symtab;
vs_sym *vs_symtab_find(const vs_symtab *t, const char *name, size_t n);
int vs_symtab_insert(vs_symtab *t, vs_sym *s);   /* -1 on exhaustion */
void vs_symtab_free(vs_symtab *t);

/* ---- input sections --------------------------------------------------- */
#define VS_SEC_ALLOC 1u
#define VS_SEC_WRITE 2u
#define VS_SEC_EXEC  4u
typedef struct vs_isec {
  const char *name;
  uint32_t file;
  uint32_t flags;       /* VS_SEC_*                                       */
  int nobits;
  uint32_t align;       /* bytes                                          */
  vs_buf data;          /* progbits contents                              */
  uint64_t size;        /* nobits size (progbits: data.len)               */
  int out;              /* output section index                           */
  uint32_t addr;        /* final address                                  */
} vs_isec;

/* ---- files ------------------------------------------------------------ */
typedef struct vs_numlabel { uint64_t num; uint32_t count; } vs_numlabel;
typedef struct vs_afile {
  const char *name;
  vs_symtab syms;
  vs_numlabel *nl;      /* numeric labels: definitions so far per number  */
  size_t nnl, capnl;
  vs_sym *first, *last; /* symbols in creation order                     */
} vs_afile;

/* ---- output sections ---------------------------------------------------- */
typedef struct vs_osec {
  const char *name;
  uint32_t flags;
  int nobits;
  uint32_t align, addr, size;
  uint8_t *data;        /* progbits: assembled contents                    */
} vs_osec;

/* ---- the run ---------------------------------------------------------- */
struct vs_asm {
  const vs_asm_target *tgt;
  void *tst;
  vs_arena arena;
  FILE *diag;
  vs_error *err;
  unsigned nerrors, max_errors;
  int stop;             /* error limit reached or out of memory           */

  vs_afile *files;
  size_t nfiles;
  uint32_t cur_file;
  vs_pos stmt;          /* current statement                              */

  vs_isec *secs;
  size_t nsecs, capsecs;
  int32_t cur_sec, prev_sec;

  vs_fixup *fix;
  size_t nfix, capfix;

  vs_symtab globals;    /* defined global symbols (at link time)          */
  vs_sym *linker_syms;  /* symbols the linker provided (list via next)    */

  /* link results */
  vs_osec *osecs;
  size_t nosecs;
  uint32_t entry;
  uint32_t *fix_addr;   /* final address of fix[i]; sorted index below     */
  size_t *fix_order;
  int linked;
};

void vs_asm_nomem(vs_asm *as);
const char *vs_file_name(const vs_asm *as, uint32_t file);

/* lexer: tokenizes one physical line; see lex.c */
typedef struct vs_linetoks {
  vs_tok *t;
  size_t n, cap;
} vs_linetoks;
typedef struct vs_lexstate {
  int in_comment;        /* inside a multi-line comment                   */
  uint32_t cline, ccol;  /* where that comment started                    */
} vs_lexstate;
/* Appends the tokens of line (len characters) to lt, with a ';' punct token
 * between statements; reports errors.  Returns -1 on exhaustion. */
int vs_lex_line(vs_asm *as, vs_lexstate *ls, const char *line, size_t len,
                uint32_t lineno, vs_linetoks *lt);
/* Decodes the escapes of a VS_T_STR token into out (at most cap bytes);
 * returns the length, or -1 for a bad escape or too little room. */
long vs_str_decode(const vs_tok *t, char *out, size_t cap);

/* symbols */
vs_sym *vs_sym_get(vs_asm *as, const char *name, size_t n);   /* current file */
vs_sym *vs_sym_numeric(vs_asm *as, uint64_t num, char dir, vs_perr *pe, const vs_lex *lx);
int vs_define_label(vs_asm *as, const char *name, size_t n, vs_pos pos);
int vs_define_numeric(vs_asm *as, uint64_t num, vs_pos pos);
const char *vs_sym_shown(const vs_sym *s);

/* sections */
int vs_section_switch(vs_asm *as, const char *name, size_t n, int has_flags,
                      uint32_t flags, int nobits_given, int nobits, vs_pos pos);
vs_isec *vs_cur_sec(vs_asm *as);
int vs_align(vs_asm *as, uint32_t align, int has_fill, uint8_t fill, uint32_t max, vs_pos pos);
int vs_reserve(vs_asm *as, uint64_t n, uint8_t fill, vs_pos pos);

/* expressions */
vs_expr *vs_expr_new(vs_asm *as, uint8_t op, vs_expr *a, vs_expr *b);
vs_expr *vs_expr_loc(vs_asm *as);
/* link-time evaluation; reports errors at pos and returns -1 */
int vs_link_eval(vs_asm *as, const vs_expr *e, vs_pos pos, int64_t *out);
int vs_link_sym_value(vs_asm *as, vs_sym *s, vs_pos pos, int64_t *out, int depth);

/* directives: 0 done, -1 error, 1 = .end (ignore the rest of the file) */
int vs_directive(vs_asm *as, const vs_tok *name, vs_lex *lx);
/* name = expr  (also .equ / .set) */
int vs_assign(vs_asm *as, const vs_tok *name, vs_lex *lx);

/* per-file assembly */
int vs_assemble_one(vs_asm *as, const char *name, const char *text, size_t len);

/* linking and ELF output */
int vs_link(vs_asm *as, uint32_t text_addr);
int vs_write_output(vs_asm *as, uint8_t **elf, size_t *len);

#endif

/* Bump allocator for the many small objects of one assembly run (symbols,
 * expression nodes, names): freed all at once at the end of the run. */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

struct vs_arena_chunk {
  vs_arena_chunk *next;
  size_t cap;
  max_align_t data[];
};

#define CHUNK_MIN (64u * 1024u)

void *vs_arena_alloc(vs_arena *a, size_t n)
{
  const size_t al = sizeof(max_align_t);
  n = (n + al - 1) / al * al;
  if (!a->head || a->cap - a->used < n) {
    size_t cap = n > CHUNK_MIN ? n : CHUNK_MIN;
    vs_arena_chunk *c = malloc(sizeof *c + cap);
    if (!c) return NULL;
    c->next = a->head;
    c->cap = cap;
    a->head = c;
    a->used = 0;
    a->cap = cap;
  }
  void *p = (char *)a->head->data + a->used;
  a->used += n;
  memset(p, 0, n);
  return p;
}

char *vs_arena_strndup(vs_arena *a, const char *s, size_t n)
{
  char *p = vs_arena_alloc(a, n + 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

void vs_arena_free(vs_arena *a)
{
  vs_arena_chunk *c = a->head;
  while (c) {
    vs_arena_chunk *n = c->next;
    free(c);
    c = n;
  }
  a->head = NULL;
  a->used = a->cap = 0;
}

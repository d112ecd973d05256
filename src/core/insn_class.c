/* The instruction classes' names and properties (core/insn.h) */
#include "core/insn.h"

const uint8_t vs_class_props[VS_CLS_COUNT] = {
#define X(id, name, props) (uint8_t)(props),
  VS_INSN_CLASSES(X)
#undef X
};

const char *vs_insn_class_name(int cls)
{
  static const char *const names[] = {
#define X(id, name, props) name,
    VS_INSN_CLASSES(X)
#undef X
  };
  return cls >= 0 && cls < VS_CLS_COUNT ? names[cls] : "?";
}

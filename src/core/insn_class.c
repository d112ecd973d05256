#include "core/insn.h"

const char *vs_insn_class_name(int cls)
{
  static const char *const names[] = {
#define X(id, name) name,
    VS_INSN_CLASSES(X)
#undef X
  };
  return cls >= 0 && cls < VS_CLS_COUNT ? names[cls] : "?";
}

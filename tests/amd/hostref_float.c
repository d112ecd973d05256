/* Host references: float kernels. */
#include "hostref.h"

const hr_entry hostref_float[] = {
  {NULL, NULL},
};

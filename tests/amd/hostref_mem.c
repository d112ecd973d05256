/* Host references: mem kernels. */
#include "hostref.h"

const hr_entry hostref_mem[] = {
  {NULL, NULL},
};

/* Host references: apps kernels. */
#include "hostref.h"

const hr_entry hostref_apps[] = {
  {NULL, NULL},
};

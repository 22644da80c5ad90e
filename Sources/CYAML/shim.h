#ifndef HAIRLINE_CYAML_SHIM_H
#define HAIRLINE_CYAML_SHIM_H
#include <yaml.h>
#endif

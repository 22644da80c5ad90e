#ifndef HAIRLINE_CMALLOC_SHIM_H
#define HAIRLINE_CMALLOC_SHIM_H
// The C library's allocator options (glibc's mallopt), where it has them.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif

#ifndef NEWSFEED_CZLIB_SHIM_H
#define NEWSFEED_CZLIB_SHIM_H
#include <zlib.h>
#endif

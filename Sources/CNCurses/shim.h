#ifndef CDMIGRATE_CNCURSES_SHIM_H
#define CDMIGRATE_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/ncurses.h>

/// Macros Swift cannot import, wrapped as functions.
static inline int cdm_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cdm_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cdm_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *cdm_stdscr(void) { return stdscr; }
static inline int cdm_key_resize(void) { return KEY_RESIZE; }
#endif

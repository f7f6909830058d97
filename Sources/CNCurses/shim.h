#ifndef CDMIGRATE_CNCURSES_SHIM_H
#define CDMIGRATE_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#if defined(__APPLE__)
#include <ncurses.h> /* macOS's libncurses has the wide-character API under the plain name */
#else
#include <ncursesw/ncurses.h>
#endif

/// Macros Swift cannot import, wrapped as functions.
static inline int cdm_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cdm_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cdm_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *cdm_stdscr(void) { return stdscr; }
static inline int cdm_key_resize(void) { return KEY_RESIZE; }
static inline int cdm_attrset(WINDOW *w, int attributes) { return wattrset(w, attributes); }
static inline int cdm_a_normal(void) { return (int)A_NORMAL; }
static inline int cdm_a_bold(void) { return (int)A_BOLD; }
static inline int cdm_a_reverse(void) { return (int)A_REVERSE; }
static inline int cdm_a_dim(void) { return (int)A_DIM; }
static inline int cdm_a_underline(void) { return (int)A_UNDERLINE; }
static inline int cdm_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cdm_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t cdm_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cdm_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t cdm_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t cdm_button5_pressed(void) { return 0; }
#endif
/// The last mouse event's cell and buttons; returns OK, or ERR when there is none.
static inline int cdm_getmouse(int *x, int *y, mmask_t *buttons) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *buttons = event.bstate;
    return OK;
}
#endif

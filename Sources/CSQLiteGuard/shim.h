#ifndef CDMIGRATE_CSQLITEGUARD_SHIM_H
#define CDMIGRATE_CSQLITEGUARD_SHIM_H
#include <sqlite3.h>

/// `sqlite3_db_config` is variadic; Swift cannot call it directly. Sets an on/off option.
static inline int cdm_sqlite3_db_config_flag(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}
#endif

#ifndef CDMIGRATE_CSQLITEGUARD_SHIM_H
#define CDMIGRATE_CSQLITEGUARD_SHIM_H
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

/// `sqlite3_db_config` is variadic; Swift cannot call it directly. Sets an on/off option.
static inline int cdm_sqlite3_db_config_flag(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}

/// SQLite's unix VFS, run as root, hands every journal and `-wal` it opens to its database's owner with
/// `fchown`, even when the file is already theirs; Linux then changes the file's inode change time, which is
/// how the engine tells a file written since it was copied (a snapshot's copy becoming the backup). This
/// `fchown` changes the owner only when it differs, so opening a file no longer looks like writing it.
static int cdm_fchown_when_different(int fd, uid_t uid, gid_t gid) {
    struct stat info;
    if (fstat(fd, &info) == 0 && info.st_uid == uid && info.st_gid == gid) return 0;
    return fchown(fd, uid, gid);
}

/// Installs ``cdm_fchown_when_different`` in the unix VFS (its variants share one table of system calls).
/// Returns `SQLITE_OK`, or why not (`SQLITE_NOTFOUND` without such a VFS or such a call).
static inline int cdm_sqlite3_chown_only_when_different(void) {
    sqlite3_vfs *vfs = sqlite3_vfs_find("unix");
    if (vfs == 0 || vfs->iVersion < 3 || vfs->xSetSystemCall == 0) return SQLITE_NOTFOUND;
    return vfs->xSetSystemCall(vfs, "fchown", (sqlite3_syscall_ptr)cdm_fchown_when_different);
}
#endif

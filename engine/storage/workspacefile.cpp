#include "workspacefile.h"

#include "migrations.h"

#include "model/userfile.h"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <unistd.h>
#include <utility>

namespace tb {

namespace {

constexpr int kBusyTimeoutMs = 5000;

EngineError notADatabase(const std::string &path, const std::string &detail)
{
    return makeError(EngineError::Code::StoreError,
                     "'" + path + "' is not a Tunebench workspace (not an SQLite database)",
                     detail);
}

// Looks at the first bytes ourselves before SQLite sees the file: a clear message, and SQLite
// never gets the chance to touch something that is not its own. A FIFO or a device is refused
// unread (opening a FIFO would block, reading /dev/zero would never end).
Status checkHeader(const std::string &path)
{
    if (::access(path.c_str(), F_OK) != 0 && errno == ENOENT)
        return ok(); // missing: SQLite creates it (or reports why it cannot)
    auto file = UserFile::open(path, "workspace");
    if (!file)
        return makeError(EngineError::Code::StoreError, file.error().message);
    static constexpr char kMagic[] = "SQLite format 3"; // 16 bytes with the terminating NUL
    char header[sizeof kMagic] = {};
    const ssize_t count = ::read(file->fd(), header, sizeof header);
    if (count == 0)
        return ok(); // an empty file is an empty database: schema 0
    if (count < static_cast<ssize_t>(sizeof header) ||
        std::memcmp(header, kMagic, sizeof header) != 0) {
        return notADatabase(path, "the file does not start with the SQLite header");
    }
    return ok();
}

// A schema-0 file must be empty: then it is ours to create the schema in. A database that
// already holds tables belongs to someone else.
Status checkEmptyIfUnversioned(Database &db, int version)
{
    if (version != 0)
        return ok();
    auto query = db.prepare("SELECT count(*) FROM sqlite_master",
                            "inspect the schema of '" + db.path() + "'");
    if (!query)
        return query.error();
    auto row = query->step();
    if (!row)
        return row.error();
    if (*row && query->intAt(0) > 0) {
        return makeError(EngineError::Code::StoreError,
                         "'" + db.path() +
                             "' is an SQLite database but not a Tunebench workspace "
                             "(it has tables and no workspace schema version)",
                         db.path());
    }
    return ok();
}

// Read-only checks: nothing here writes to the file.
Expected<int> inspect(Database &db)
{
    auto version = readSchemaVersion(db);
    if (!version) {
        const int code = sqlite3_errcode(db.handle());
        if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT)
            return notADatabase(db.path(), version.error().detail);
        return version.error();
    }
    if (*version > latestSchemaVersion())
        return newerSchemaError(db.path(), *version);
    if (auto status = checkEmptyIfUnversioned(db, *version); !status)
        return status.error();
    return *version;
}

Status configure(Database &db)
{
    // WAL: readers (the GUI, a CLI `show`) never block the writer, and a commit is one append
    // to the -wal file. synchronous=NORMAL in WAL mode fsyncs only at checkpoints, not at every
    // commit: a committed transaction is in the -wal file (in the OS page cache) when COMMIT
    // returns, so it survives the process being killed (kill -9, a crash); only an OS crash
    // or power loss may lose the last commits, never corrupt the file. That is the right
    // trade for a tuner that commits after every configuration.
    auto mode = db.prepare("PRAGMA journal_mode = WAL", "switch '" + db.path() + "' to WAL");
    if (!mode)
        return mode.error();
    auto row = mode->step();
    if (!row)
        return row.error();
    if (!*row || mode->textAt(0) != "wal") {
        return makeError(EngineError::Code::StoreError,
                         "cannot switch '" + db.path() + "' to WAL journal mode",
                         "the file system may not support it (journal mode: " +
                             (*row ? mode->textAt(0) : std::string("unknown")) + ")");
    }
    return db.exec("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                   "configure the connection to '" + db.path() + "'");
}

} // namespace

Expected<OpenedWorkspace> openWorkspace(const std::string &path)
{
    if (auto status = checkHeader(path); !status)
        return status.error();
    auto db = Database::open(path);
    if (!db)
        return db.error();
    // Wait for another process's write lock instead of failing at once.
    sqlite3_busy_timeout(db->handle(), kBusyTimeoutMs);
    auto version = inspect(*db);
    if (!version)
        return version.error();
    if (auto status = configure(*db); !status)
        return status.error();
    if (*version < latestSchemaVersion()) {
        version = migrateSchema(*db);
        if (!version)
            return version.error();
    }
    return OpenedWorkspace{std::move(*db), *version};
}

namespace {

// A WAL workspace whose directory cannot be written has no -shm file for a reader to share:
// SQLite then reads it only as immutable, which is what such media are.
bool needsImmutable(const EngineError &error, Database &db)
{
    const int code = sqlite3_errcode(db.handle()) & 0xff;
    return code == SQLITE_READONLY || code == SQLITE_CANTOPEN ||
           error.detail.find("readonly") != std::string::npos;
}

bool writable(const std::string &path)
{
    return ::access(path.c_str(), W_OK) == 0;
}

} // namespace

Expected<OpenedWorkspace> openWorkspaceReadOnly(const std::string &path)
{
    if (auto status = checkHeader(path); !status)
        return status.error();
    auto db = Database::open(path, SQLITE_OPEN_READONLY);
    if (!db)
        return db.error();
    sqlite3_busy_timeout(db->handle(), kBusyTimeoutMs);
    auto version = inspect(*db);
    if (!version && needsImmutable(version.error(), *db)) {
        db = Database::openReadOnlyUri(path, "immutable=1");
        if (!db)
            return db.error();
        version = inspect(*db);
    }
    if (!version)
        return version.error();
    // Schema 0 is an empty file (or an SQLite file without tables): nothing to read, and making
    // it a workspace is a write, which reading never does.
    if (*version == 0)
        return makeError(EngineError::Code::StoreError,
                         "'" + path + "' is not a Tunebench workspace (it is empty)",
                         "reading commands never create one; `tune` does");
    if (*version < latestSchemaVersion()) {
        if (writable(path))
            return openWorkspace(path);
        return makeError(EngineError::Code::StoreError,
                         "workspace '" + path + "' has schema " + std::to_string(*version) +
                             ", older than this build's " + std::to_string(latestSchemaVersion()) +
                             ", and cannot be written to upgrade it",
                         "copy it to a writable place and open the copy");
    }
    return OpenedWorkspace{std::move(*db), *version};
}

} // namespace tb

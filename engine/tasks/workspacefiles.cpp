#include "workspacefiles.h"

#include "export/runreader.h"
#include "storage/database.h"
#include "storage/store.h"

#include <sqlite3.h>

#include <filesystem>
#include <system_error>

namespace tb {

namespace {

namespace fs = std::filesystem;

EngineError ioError(std::string message, std::string detail = {})
{
    return makeError(EngineError::Code::IoError, std::move(message), std::move(detail));
}

// SQLite keeps a WAL file beside a database that is open or was not closed cleanly; a new
// main file renamed under such a -wal would be read together with it and corrupted.
bool hasWal(const std::string &path)
{
    std::error_code error;
    return fs::exists(path + "-wal", error);
}

} // namespace

Expected<std::vector<RunRecord>> readWorkspaceRuns(const std::string &path)
{
    auto store = openExistingWorkspace(path);
    if (!store)
        return store.error();
    return store->runs().all();
}

Status createEmptyWorkspace(const std::string &path)
{
    std::error_code error;
    if (fs::exists(path, error))
        return ioError("'" + path + "' already exists",
                       "a new workspace never replaces a file: open it, or choose another name");
    auto store = Store::open(path);
    if (!store)
        return store.error();
    return ok();
}

Status copyWorkspace(const std::string &source, const std::string &target)
{
    std::error_code error;
    if (!fs::is_regular_file(source, error))
        return ioError("workspace '" + source + "' does not exist");
    if (fs::exists(target, error) && fs::equivalent(source, target, error))
        return ioError("cannot save '" + source + "' over itself", "choose another file name");
    if (hasWal(target))
        return ioError("'" + target + "' is in use by another program or was not closed cleanly",
                       "its -wal file exists; close it there, or choose another name");
    const std::string partial = target + ".partial";
    fs::remove(partial, error); // a leftover of an earlier attempt: VACUUM INTO needs no file

    // Read-write without create: a read-only connection to a WAL database may fail to set up
    // its shared memory, and the source must never be created by accident.
    auto db = Database::open(source, SQLITE_OPEN_READWRITE);
    if (!db)
        return db.error();
    sqlite3_busy_timeout(db->handle(), 5000);
    auto vacuum = db->prepare("VACUUM INTO ?1", "copy '" + source + "' to '" + target + "'");
    if (!vacuum)
        return vacuum.error();
    vacuum->bindText(1, partial);
    if (auto status = vacuum->run(); !status) {
        fs::remove(partial, error);
        return status.error();
    }
    fs::rename(partial, target, error);
    if (error) {
        const std::string reason = error.message();
        fs::remove(partial, error);
        return ioError("cannot write '" + target + "'", reason);
    }
    return ok();
}

} // namespace tb

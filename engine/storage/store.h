#pragma once

#include "database.h"
#include "model/expected.h"
#include "resultstore.h"
#include "roundstore.h"
#include "runimporter.h"
#include "runstore.h"
#include "specstore.h"
#include "storerecords.h"

#include <string>

namespace tb {

// A workspace: one SQLite file holding specs, runs, their results and every sample. The Store
// owns the connection and hands out a store per concept over it: specs(), runs(), results(),
// rounds() and importer() (store.results().save(...)); each is a view that lives no longer than
// the Store.
//
// Every write is its own transaction, committed when the call returns; a process killed right
// after keeps it (WAL with synchronous=NORMAL). A failed write rolls back and leaves everything
// committed before untouched. A Store belongs to one thread at a time; other threads or
// processes open their own Store on the same file (WAL lets readers run beside the writer).
class Store
{
public:
    static constexpr int kSchemaVersion = 9;

    // Creates the file, or opens and migrates an older one. Refuses, leaving the file as it
    // was: a file that is not an SQLite database, an SQLite database that is not a workspace,
    // and a workspace of a newer schema than this build knows.
    static Expected<Store> open(const std::string &path);
    // An existing workspace, to read: nothing is written to it (see openWorkspaceReadOnly()), so
    // one on read-only media can be read. Writes through such a Store fail.
    static Expected<Store> openToRead(const std::string &path);

    Store(Store &&) noexcept;
    Store &operator=(Store &&) noexcept;
    ~Store();

    int schemaVersion() const { return m_schemaVersion; }
    const std::string &path() const { return m_db.path(); }

    SpecStore specs() { return SpecStore(m_db); }
    RunStore runs() { return RunStore(m_db); }
    ResultStore results() { return ResultStore(m_db); }
    RoundStore rounds() { return RoundStore(m_db); }
    RunImporter importer() { return RunImporter(m_db); }

    // PRAGMA integrity_check's text, lines joined by '\n' ("ok" when fine).
    Expected<std::string> integrityCheck();

    // "fnv1a64:" and the 16 hex digits of the 64-bit FNV-1a hash of text.
    static std::string contentHash(const std::string &text);

private:
    Store(Database db, int schemaVersion);

    Database m_db;
    int m_schemaVersion = 0;
};

} // namespace tb

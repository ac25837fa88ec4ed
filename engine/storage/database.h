#pragma once

#include "model/expected.h"
#include "sqlvalue.h"
#include "statement.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;

namespace tb {

// Owns one sqlite3 connection; closes it on destruction. Errors come back as
// EngineError{StoreError, "cannot <operation>", sqlite3_errmsg}.
class Database
{
public:
    // flags: SQLITE_OPEN_* (read-write and create by default).
    static Expected<Database> open(const std::string &path, int flags = 0);
    // Read-only, through a "file:" URI with `parameters` such as "immutable=1"; path() and the
    // messages name `path`.
    static Expected<Database> openReadOnlyUri(const std::string &path,
                                              const std::string &parameters);

    Database(Database &&other) noexcept;
    Database &operator=(Database &&other) noexcept;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;
    ~Database();

    // Runs SQL text that binds no values (schema, pragmas, BEGIN/COMMIT).
    Status exec(const std::string &sql, const std::string &operation);
    Expected<Statement> prepare(std::string_view sql, const std::string &operation);

    // The store's query idiom in one call. `values` are bound to ?1, ?2, ... in order; every
    // error says "cannot <operation>" with SQLite's message.
    // A query with its values bound, ready to step (or to collectRows()).
    Expected<Statement> query(std::string_view sql, const std::string &operation,
                              std::initializer_list<SqlValue> values = {});
    // A query stepped to its first row: the statement on that row, or none without a row.
    Expected<std::optional<Statement>> firstRow(std::string_view sql, const std::string &operation,
                                                std::initializer_list<SqlValue> values = {});
    // A statement that returns no rows (INSERT, UPDATE, DELETE), bound and run to its end;
    // changes() and lastInsertId() say what it did.
    Status run(std::string_view sql, const std::string &operation,
               std::initializer_list<SqlValue> values = {});

    // Rowid of the latest INSERT and rows touched by the latest statement, on this connection.
    std::int64_t lastInsertId() const;
    std::int64_t changes() const;

    // The connection's latest error as an EngineError.
    EngineError error(const std::string &operation) const;

    sqlite3 *handle() const { return m_db; }
    const std::string &path() const { return m_path; }

private:
    Database(sqlite3 *db, std::string path);
    void close();

    sqlite3 *m_db = nullptr;
    std::string m_path;
};

} // namespace tb

#include "database.h"

#include <sqlite3.h>

#include <cstdio>
#include <utility>

namespace tb {

Expected<Database> Database::open(const std::string &path, int flags)
{
    if (flags == 0)
        flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    // sqlite3_open_v2 hands back a handle even on failure (to read the message); wrap it first
    // so that it is closed on every path.
    Database database(db, path);
    if (rc != SQLITE_OK) {
        return makeError(EngineError::Code::StoreError, "cannot open workspace '" + path + "'",
                         db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    }
    sqlite3_extended_result_codes(db, 1);
    return database;
}

Expected<Database> Database::openReadOnlyUri(const std::string &path, const std::string &parameters)
{
    // Characters with a meaning in a URI are percent-encoded; the rest of the path as it is.
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c == 0x7f) {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", c);
            uri += escaped;
        } else {
            uri += static_cast<char>(c);
        }
    }
    uri += "?" + parameters;
    auto db = open(uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    if (!db) {
        EngineError error = db.error();
        error.message = "cannot open workspace '" + path + "'";
        return error;
    }
    db->m_path = path;
    return db;
}

Database::Database(sqlite3 *db, std::string path) : m_db(db), m_path(std::move(path)) {}

Database::Database(Database &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_path(std::move(other.m_path))
{}

Database &Database::operator=(Database &&other) noexcept
{
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

Database::~Database()
{
    close();
}

void Database::close()
{
    // close_v2 defers the close until every statement is finalized instead of failing.
    if (m_db)
        sqlite3_close_v2(m_db);
    m_db = nullptr;
}

Status Database::exec(const std::string &sql, const std::string &operation)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &message);
    if (rc == SQLITE_OK)
        return ok();
    std::string detail = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    return makeError(EngineError::Code::StoreError, "cannot " + operation, detail);
}

Expected<Statement> Database::prepare(std::string_view sql, const std::string &operation)
{
    sqlite3_stmt *stmt = nullptr;
    const int rc =
        sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return error(operation);
    }
    return Statement(stmt, m_db, operation);
}

std::int64_t Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

std::int64_t Database::changes() const
{
    return sqlite3_changes64(m_db);
}

EngineError Database::error(const std::string &operation) const
{
    return makeError(EngineError::Code::StoreError, "cannot " + operation,
                     m_db ? sqlite3_errmsg(m_db) : "no database connection");
}

Expected<Statement> Database::query(std::string_view sql, const std::string &operation,
                                    std::initializer_list<SqlValue> values)
{
    auto statement = prepare(sql, operation);
    if (!statement)
        return statement.error();
    int index = 1;
    for (const SqlValue &value : values)
        value.bindTo(*statement, index++);
    return statement;
}

Expected<std::optional<Statement>> Database::firstRow(std::string_view sql,
                                                      const std::string &operation,
                                                      std::initializer_list<SqlValue> values)
{
    auto statement = query(sql, operation, values);
    if (!statement)
        return statement.error();
    auto row = statement->step();
    if (!row)
        return row.error();
    if (!*row)
        return std::optional<Statement>();
    return std::optional<Statement>(std::move(*statement));
}

Status Database::run(std::string_view sql, const std::string &operation,
                     std::initializer_list<SqlValue> values)
{
    auto statement = query(sql, operation, values);
    if (!statement)
        return statement.error();
    return statement->run();
}

} // namespace tb

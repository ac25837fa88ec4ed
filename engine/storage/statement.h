#pragma once

#include "model/expected.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace tb {

// Owns one prepared statement; finalizes it on destruction. Values are always bound, never
// spliced into SQL text. A failed bind is remembered and reported by the next step().
class Statement
{
public:
    Statement(sqlite3_stmt *stmt, sqlite3 *db, std::string operation);
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    ~Statement();

    // Parameter indices start at 1, as in SQLite.
    Statement &bindInt(int index, std::int64_t value);
    Statement &bindDouble(int index, double value); // NaN is stored as NULL by SQLite
    Statement &bindText(int index, std::string_view text);
    Statement &bindNull(int index);

    // true: a row is ready to read; false: the statement is done.
    Expected<bool> step();
    // Steps to the end (INSERT, UPDATE, DDL).
    Status run();
    // Makes the statement ready for new bindings.
    void reset();

    // Column indices start at 0.
    bool isNull(int column) const;
    std::int64_t intAt(int column) const;
    double doubleAt(int column) const;    // NULL reads as NaN
    std::string textAt(int column) const; // NULL reads as ""

private:
    void finalize();
    void noteBind(int rc);

    sqlite3_stmt *m_stmt = nullptr;
    sqlite3 *m_db = nullptr;
    std::string m_operation;
    int m_bindError = 0;
};

// Steps through the rows of a bound query, turning each into a T with fromRow (which returns
// Expected<T>); the first error ends it.
template <typename T, typename FromRow>
Expected<std::vector<T>> collectRows(Statement &query, FromRow fromRow)
{
    std::vector<T> rows;
    while (true) {
        auto row = query.step();
        if (!row)
            return row.error();
        if (!*row)
            return rows;
        auto value = fromRow(query);
        if (!value)
            return value.error();
        rows.push_back(std::move(*value));
    }
}

} // namespace tb

#pragma once

// Shared by the storage tests: a small spec, a fully populated result, and raw SQLite access
// to look at (or prepare) workspace files without going through the Store.
#include "model/configuration.h"
#include "model/result.h"
#include "model/spec.h"

#include "storage/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cstdint>
#include <limits>
#include <regex>
#include <string>

namespace tb::testing {

// Fresh workspace paths in one temporary directory.
class WorkspaceFiles
{
public:
    bool valid() const { return m_dir.isValid(); }
    QString newPath() { return m_dir.filePath(QString("ws%1.tbw").arg(++m_count)); }

private:
    QTemporaryDir m_dir;
    int m_count = 0;
};

// A timestamp as the store writes them: ISO 8601 UTC with milliseconds.
inline bool isIsoUtc(const std::string &text)
{
    static const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
    return std::regex_match(text, iso);
}

// Opens (or creates) the workspace at `path`; a failure ends the test program.
inline Store openStore(const QString &path)
{
    auto store = Store::open(path.toStdString());
    if (!store)
        qFatal("cannot open store: %s", store.error().toString().c_str());
    return std::move(*store);
}

inline Spec makeSpec(const std::string &name, const std::string &extra = {})
{
    Spec spec;
    spec.name = name;
    spec.parameters = {{"BM", {32, 64}}, {"BN", {16, 32}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{256}, {512}};
    spec.baseDirectory = "/specs/" + name;
    spec.document = "{\"name\": \"" + name + "\"" + extra + "}";
    return spec;
}

inline Result makeResult(double base)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.samples = {base * 1.01, base, base * 1.02, base * 0.999, base / 3};
    result.summary = {base, base * 0.999, base * 1.001, base / 7, 5, 0.004};
    result.timer = "steady_clock";
    result.compilerLog = "warning: unused variable 'x'\n";
    result.compileSeconds = 0.75;
    result.cachedBuild = true;
    result.resources = {{"registers", 64}, {"spill_stores", 0}, {"occupancy", 0.625}};
    result.device = "NVIDIA H100 80GB HBM3";
    result.deviceUuid = "GPU-5c8e9a2d-1b3f-4a6c-8d2e-0f1a2b3c4d5e";
    result.metrics = {{"GB/s", 1.0 / base},
                      {"inf_metric", std::numeric_limits<double>::infinity()},
                      {"nan_metric", std::numeric_limits<double>::quiet_NaN()}};
    return result;
}

inline Configuration makeConfig(double bm, double bn)
{
    return Configuration{{bm, bn}};
}

// Runs SQL on its own connection; fails the test on error.
inline bool rawExec(const QString &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    bool done = sqlite3_open(path.toStdString().c_str(), &db) == SQLITE_OK &&
                sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    if (!done)
        qWarning("raw SQL failed: %s", sqlite3_errmsg(db));
    sqlite3_close(db);
    return done;
}

// The first column of the first row as an integer; min() when the query fails.
inline std::int64_t rawInt(const QString &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    sqlite3_stmt *stmt = nullptr;
    std::int64_t value = std::numeric_limits<std::int64_t>::min();
    if (sqlite3_open(path.toStdString().c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
        value = sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

inline QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

inline bool sameDouble(double a, double b)
{
    return a == b || (a != a && b != b); // exact, NaN equal to NaN
}

// A workspace with the spec "gemm" saved and one run of it created: where result tests start.
struct GemmRun
{
    Store store;
    Spec spec;
    RunRecord record;
    std::int64_t runId = 0;
};

inline GemmRun openGemmRun(const QString &path)
{
    GemmRun run{openStore(path), makeSpec("gemm"), {}, 0};
    run.record.specId = *run.store.specs().save(run.spec);
    run.runId = *run.store.runs().create(run.record);
    return run;
}

} // namespace tb::testing

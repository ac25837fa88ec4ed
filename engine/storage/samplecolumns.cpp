#include "samplecolumns.h"

namespace tb {

void bindSummary(Statement &statement, int first, const SampleSummary &summary)
{
    statement.bindDouble(first, summary.median).bindDouble(first + 1, summary.min);
    statement.bindDouble(first + 2, summary.mean).bindDouble(first + 3, summary.stddev);
    statement.bindInt(first + 4, summary.count).bindDouble(first + 5, summary.relativeHalfWidth);
}

SampleSummary summaryAt(const Statement &row, int first)
{
    return {row.doubleAt(first),
            row.doubleAt(first + 1),
            row.doubleAt(first + 2),
            row.doubleAt(first + 3),
            static_cast<int>(row.intAt(first + 4)),
            row.doubleAt(first + 5)};
}

Expected<ResultStatus> statusAt(const Statement &row, int column, const std::string &what)
{
    const auto status = resultStatusFromString(row.textAt(column));
    if (!status)
        return makeError(EngineError::Code::StoreError, "cannot read " + what,
                         "unknown status '" + row.textAt(column) + "'");
    return *status;
}

Status insertSamples(Database &db, const char *insertSql, std::int64_t owner,
                     const std::vector<double> &samples, const std::string &operation)
{
    auto insert = db.prepare(insertSql, operation);
    if (!insert)
        return insert.error();
    for (std::size_t seq = 0; seq < samples.size(); ++seq) {
        insert->reset();
        insert->bindInt(1, owner).bindInt(2, static_cast<std::int64_t>(seq));
        insert->bindDouble(3, samples[seq]);
        if (auto status = insert->run(); !status)
            return status;
    }
    return ok();
}

Status readSamples(Database &db, const char *selectSql, std::int64_t runId,
                   const std::function<std::vector<double> *(std::int64_t)> &samplesOf,
                   const std::string &operation)
{
    auto query = db.prepare(selectSql, operation);
    if (!query)
        return query.error();
    query->bindInt(1, runId);
    while (true) {
        auto row = query->step();
        if (!row)
            return row.error();
        if (!*row)
            return ok();
        if (auto *samples = samplesOf(query->intAt(0)))
            samples->push_back(query->doubleAt(1));
    }
}

} // namespace tb

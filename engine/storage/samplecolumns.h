#pragma once

#include "database.h"
#include "model/result.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tb {

// What the results and result_rounds tables store alike: the sample summary columns
// (median, min, mean, stddev, sample_count, rel_half_width, in that order), a status column,
// and a samples table of (owner id, seq, seconds) rows.

// Binds the six summary columns to parameters first .. first + 5.
void bindSummary(Statement &statement, int first, const SampleSummary &summary);
// Reads the six summary columns starting at column `first`.
SampleSummary summaryAt(const Statement &row, int first);
// The status named in column `column`; a name this build does not know is a store error
// about `what` ("result 7", "round 2 of result 7").
Expected<ResultStatus> statusAt(const Statement &row, int column, const std::string &what);

// Inserts samples as rows (owner, seq, seconds) with `insertSql` (parameters ?1 ?2 ?3).
Status insertSamples(Database &db, const char *insertSql, std::int64_t owner,
                     const std::vector<double> &samples, const std::string &operation);
// Runs `selectSql` (one parameter, the run id; rows of owner id and seconds in order) and
// appends each row's seconds to samplesOf(owner), which returns null for an owner not asked
// for (saved by another process after the caller's first query).
Status readSamples(Database &db, const char *selectSql, std::int64_t runId,
                   const std::function<std::vector<double> *(std::int64_t)> &samplesOf,
                   const std::string &operation);

} // namespace tb

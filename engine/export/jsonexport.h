#pragma once

#include "hostinfo.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

inline constexpr int kExportFormatVersion = 1;

// The winners of a run, one entry per problem size, as a versioned JSON document:
// {"format": "tunebench-export", "format_version": 1, "tool_version", "exported_at", "host",
//  "spec": {name, backend, entry, document, hash, objective}, "run": {id, state, strategy,
//  started_at, finished_at, host, device, tool_version}, "best": [{problem_size, config,
//  config_key, median_s, min_s, mean_s, stddev_s, samples, rel_ci_half_width, metrics,
//  resources[, round_medians_s]
//  [, runner_up]} or {problem_size, config: null, reason}]}. Whole numbers are JSON integers;
//  NaN and infinity become null. round_medians_s: a winner measured in several process rounds
//  (`rounds`, as RoundStore::ofRun() reads them), each ok round's median in order; median_s is
//  their median. spec.document is the spec as run (kernel source inlined; `verify` measures
//  with it), spec.hash its Store::contentHash(). runner_up: {config_key, lead, uncertainty,
//  clock_step, decided}, how clearly the winner beats the next best (WinnerMargin), where there is
//  one.
Expected<std::string> exportJson(const Spec &spec, const RunRecord &run,
                                 const std::vector<StoredResult> &results, const HostInfo &host,
                                 const std::vector<StoredRound> &rounds = {});

} // namespace tb

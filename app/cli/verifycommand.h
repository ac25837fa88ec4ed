#pragma once

#include "clicontext.h"

#include <string>

namespace tb {

struct VerifyOptions
{
    std::string exportPath;
    double thresholdPercent = 5;
    std::string onEnvChange = "warn"; // or "fail"
    std::string keepWorkspace;        // the re-measuring run's workspace; "": a temporary one
    int workers = 0;
};

// `tunebench-cli verify EXPORT`: measures every configuration a JSON export ships again, on this
// machine, with the spec the export carries, and prints then against now with both
// uncertainties. Exit 6 when one is slower beyond the threshold and beyond both medians'
// uncertainty, fails or did not run, or (with --on-env-change fail) the device or Tunebench
// version differs from the export's: a guard for CI pipelines that ship tuned kernels. Exit 7
// when one stays slower beyond the threshold but within the uncertainty after the extra,
// longer rounds: inconclusive, measure longer (a noisy machine is not a slowdown).
int runVerify(const CliContext &context, const VerifyOptions &options);

} // namespace tb

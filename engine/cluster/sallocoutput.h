#pragma once

#include "model/expected.h"
#include "sallocrequest.h"

#include <string>
#include <vector>

namespace tb {

// What one line of salloc's output (its stderr) says about the allocation.
struct SallocLine
{
    enum class Kind
    {
        Other,
        Pending, // "salloc: Pending job allocation 12": asked for, the job id known
        Queued,  // "salloc: job 12 queued and waiting for resources"
        Granted, // "salloc: Granted job allocation 12"
        Revoked, // "salloc: Job allocation 12 has been revoked."
    };
    Kind kind = Kind::Other;
    std::string jobId;
};

SallocLine readSallocLine(const std::string &line);

// salloc ended without granting anything: the error names the setting salloc complained about
// in the request's words ("--slurm-partition 'nope'") and quotes salloc's own words. A setting
// named is bad input (InvalidArgument); anything else (slurmctld down, munge) WorkerError.
EngineError sallocRefusal(const SallocRequest &request, const std::vector<std::string> &output,
                          int exitCode);

} // namespace tb

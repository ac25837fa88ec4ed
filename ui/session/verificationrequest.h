#pragma once

#include "tasks/exportverification.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace tb {

// What Run > Verify export... asks a VerificationController to check.
struct VerificationRequest
{
    QString exportPath; // a JSON export (tunebench-cli export RUN --format json), maybe gzip
    VerifyPolicy policy;
    QString workerPath; // empty: tunebench-worker beside this executable (or $TUNEBENCH_WORKER)
    int workers = 0;    // compile workers; 0: the engine's default for the run
    // cuda: the CUDA_VISIBLE_DEVICES values of the GPUs to measure on; empty: every GPU found.
    std::optional<QStringList> enabledGpus;
};

// What the export says of itself, told once it is read: for the dialog's header line.
struct VerificationPlanInfo
{
    QString specName;
    QString device; // the device the export's run measured on; "" when unnamed
    QString toolVersion;
    int configurations = 0; // shipped: one per problem size with a winner
};

} // namespace tb

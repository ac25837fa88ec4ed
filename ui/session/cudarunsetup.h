#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace tb {

struct SessionOptions;
struct Spec;

// Plans a CUDA run of `spec` on the GPUs the Preferences enable (planCudaRun()): fills
// `options`' GPUs, compile target and compile-only flag and returns the plan's announcement
// for the log, or nullopt with the reason in `why` where this machine cannot run it. A run
// from the Run page and a verification (Run > Verify export...) plan alike.
std::optional<QString> applyCudaRunPlan(const Spec &spec, bool compileOnly,
                                        const std::optional<QStringList> &enabledGpus,
                                        SessionOptions &options, QString &why);

} // namespace tb

#include "importedresult.h"

#include "export/kerneltunerformat.h"
#include "measure/statistics.h"
#include "model/resultfigure.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace tb {

namespace {

ResultStatus kernelTunerStatus(const std::string &failure)
{
    if (failure == kerneltuner::kCompilationFailed)
        return ResultStatus::CompileError;
    if (failure == kerneltuner::kInvalidConfig)
        return ResultStatus::InvalidLaunch;
    return ResultStatus::RuntimeError;
}

ResultStatus t4Status(const std::string &invalidity)
{
    constexpr std::array<std::pair<std::string_view, ResultStatus>, 5> kStatuses = {{
        {"compile", ResultStatus::CompileError},
        {"runtime", ResultStatus::RuntimeError},
        {"timeout", ResultStatus::Timeout},
        {"correctness", ResultStatus::WrongResult},
        {"constraints", ResultStatus::SkippedByConstraint},
    }};
    for (const auto &[name, status] : kStatuses)
        if (name == invalidity)
            return status;
    return ResultStatus::RuntimeError;
}

// The samples' spread and the median's uncertainty, around the mean the tool recorded.
SampleSummary summaryOf(const RecordedConfiguration &recorded)
{
    const double mean = *recorded.seconds;
    SampleSummary summary;
    if (!recorded.sampleSeconds.empty())
        summary = summarize(recorded.sampleSeconds);
    else
        summary.relativeHalfWidth = kUnboundedRelativeHalfWidth;
    summary.median = mean;
    summary.mean = mean;
    // A mean without its samples still stands for a measurement: 0 would read as "compiled".
    summary.count = std::max(summary.count, 1);
    if (recorded.sampleSeconds.empty())
        summary.min = mean;
    return summary;
}

std::string failureMessage(RecordedFormat format, const std::string &failure)
{
    return (format == RecordedFormat::T4 ? "T4 invalidity: " : "Kernel Tuner: ") + failure;
}

} // namespace

ResultStatus importedStatus(RecordedFormat format, const std::string &failure)
{
    return format == RecordedFormat::T4 ? t4Status(failure) : kernelTunerStatus(failure);
}

Result importedResult(const RecordedConfiguration &recorded, RecordedFormat format,
                      const std::string &device)
{
    Result result;
    result.device = device;
    result.timer = toString(format); // which tool timed it: no clock of Tunebench's
    result.compileSeconds = recorded.compileSeconds.value_or(0);
    if (recorded.verificationSeconds)
        result.resources[figures::kVerifySeconds] = *recorded.verificationSeconds;
    if (recorded.failed()) {
        result.status = importedStatus(format, recorded.failure);
        result.message = failureMessage(format, recorded.failure);
        return result;
    }
    result.samples = recorded.sampleSeconds;
    result.summary = summaryOf(recorded);
    return result;
}

} // namespace tb

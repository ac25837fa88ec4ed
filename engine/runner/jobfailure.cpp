#include "jobfailure.h"

#include <sstream>

namespace tb::runner_detail {

namespace {

Result failed(ResultStatus status, std::string message)
{
    Result result;
    result.status = status;
    result.message = std::move(message);
    return result;
}

} // namespace

std::string secondsText(double seconds)
{
    std::ostringstream text;
    text << seconds << " s";
    return text.str();
}

std::string secondsText(std::chrono::milliseconds duration)
{
    return secondsText(static_cast<double>(duration.count()) / 1000.0);
}

std::string workerCountText(int count)
{
    return std::to_string(count) + (count == 1 ? " worker" : " workers");
}

std::string asProtocolError(const std::string &text)
{
    const std::string prefix = "protocol error: ";
    return text.rfind(prefix, 0) == 0 ? text : prefix + text;
}

std::string withStderrTail(std::string message, const StderrCapture &stderrCapture)
{
    if (!stderrCapture.tail().empty())
        message += "; last stderr lines:\n" + stderrCapture.tailText();
    return message;
}

Result quarantinedResult(int kills)
{
    return failed(ResultStatus::WorkerCrashed, "quarantined: this configuration already killed " +
                                                   std::to_string(kills) +
                                                   " worker(s); not run again");
}

Result timedOutResult(double limitSeconds)
{
    return failed(ResultStatus::Timeout, "the configuration ran longer than its limit of " +
                                             secondsText(limitSeconds) + "; the worker was killed");
}

Result killedWorkerResult(const std::string &how, int kills, const StderrCapture &stderrCapture)
{
    return failed(ResultStatus::WorkerCrashed, withStderrTail(how + " (" + workerCountText(kills) +
                                                                  " lost on this configuration)",
                                                              stderrCapture));
}

Result referenceFailedResult(std::string message)
{
    return failed(ResultStatus::ReferenceFailed, std::move(message));
}

Result workerCrashedResult(std::string message)
{
    return failed(ResultStatus::WorkerCrashed, std::move(message));
}

} // namespace tb::runner_detail

#pragma once

// Private to tb_runner: what a job's outcome says when its worker gave no answer. No I/O.
// WorkerPool decides which failure it is (a quarantine, a timeout, a crash, a lost worker);
// these functions word it, the same way each time, so that a user's report reads alike.

#include "stderrcapture.h"

#include "model/result.h"

#include <chrono>
#include <string>

namespace tb::runner_detail {

// A duration for messages: "2.5 s".
std::string secondsText(double seconds);
std::string secondsText(std::chrono::milliseconds duration);
// "1 worker", "3 workers".
std::string workerCountText(int count);
// `text` as a protocol error; the codec's own messages already say "protocol error: ...".
std::string asProtocolError(const std::string &text);
// `message`, then the worker's last stderr lines when it wrote any.
std::string withStderrTail(std::string message, const StderrCapture &stderrCapture);

// A configuration that has killed `kills` workers, not run again.
Result quarantinedResult(int kills);
// A job that ran past its limit of `limitSeconds`; its worker was killed.
Result timedOutResult(double limitSeconds);
// A job whose worker died `how` ("worker killed by signal 11"), the configuration's `kills`th.
Result killedWorkerResult(const std::string &how, int kills, const StderrCapture &stderrCapture);
// A job whose reference run failed: not the configuration's doing.
Result referenceFailedResult(std::string message);
// A job that lost its worker for a reason of the pool's (it gave up, its location was lost).
Result workerCrashedResult(std::string message);

} // namespace tb::runner_detail

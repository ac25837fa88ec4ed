#pragma once

#include "model/expected.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tb {

class ActivitySignal;
class Supervisor;

// Several supervisors started or stopped at once, each on a thread of its own: starting one
// blocks until its workers have said hello and taken the setup (a CUDA context each, up to a
// second), so one after another a 4-GPU run waited four times as long for its bench workers
// as a 1-GPU run, at every start and every round.
struct SupervisorToStart
{
    Supervisor *supervisor = nullptr;
    std::string role; // names it in the error: "cannot start the cuda workers: ..."
};

// Each one's start: per supervisor nullopt once it started, else its error, the message naming
// its role ("cannot start the cuda workers: ...").
std::vector<std::optional<EngineError>>
startEach(const std::vector<SupervisorToStart> &supervisors);

// ok when every one started; else the first failure (in the order given).
Status startTogether(const std::vector<SupervisorToStart> &supervisors);

// What a start needs: every supervisor started (this machine's pools), or any one of them
// (launched locations: a node whose worker cannot start is dropped and the run goes on).
enum class StartRule
{
    Every,
    AnyOne,
};

void stopTogether(const std::vector<Supervisor *> &supervisors);

// startTogether() on a thread of its own, so that the caller goes on meanwhile: between a
// size's finalist rounds the compile workers go on while new bench workers make their CUDA
// contexts and build their internal kernels (a second or more). Raises `activity` when it ends.
class BackgroundStart
{
public:
    BackgroundStart() = default;
    BackgroundStart(const BackgroundStart &) = delete;
    BackgroundStart &operator=(const BackgroundStart &) = delete;
    ~BackgroundStart(); // finish()

    void begin(std::vector<SupervisorToStart> supervisors, std::shared_ptr<ActivitySignal> activity,
               StartRule rule = StartRule::Every);
    // Waits for a start under way to end. Before the supervisors are stopped or destroyed.
    void finish();
    // ok while the start goes on or once it succeeded by its rule; its failure once it failed
    // (with AnyOne: every supervisor failed, the first one's error).
    Status status() const;
    // Once the start ended, each supervisor's error (nullopt: started), in begin()'s order;
    // empty while it goes on.
    std::vector<std::optional<EngineError>> outcomes() const;

private:
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::optional<EngineError> m_error;
    std::vector<std::optional<EngineError>> m_outcomes;
};

} // namespace tb

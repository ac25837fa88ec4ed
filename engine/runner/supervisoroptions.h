#pragma once

#include "launcherkind.h"

#include "model/workerrole.h"

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tb {

class ActivitySignal;

// How to start one worker process. A launcher prefix (ssh host ..., srun ...) simply comes
// first in the command (launchThrough(), workerlauncher.h): the protocol on the worker's stdio
// is the same.
struct WorkerLaunch
{
    std::vector<std::string> command; // argv, e.g. {"/path/tunebench-worker", "--role", "cpu"}
    std::vector<std::pair<std::string, std::string>> environment; // added to the inherited one
    // What the command's first word is: how a worker lost to its launcher (a cancelled srun
    // task, a lost node, a dropped ssh connection) is told from one its job crashed.
    LauncherKind launcher = LauncherKind::Local;
    // Run by a local worker's scope keeper once the worker has ended, however it ended (a
    // crash, a kill -9, the supervisor's own death): it puts back what the worker changed on
    // the machine (GPU clocks). Empty: nothing. Not run through a launcher.
    std::vector<std::string> afterEnd;
};

struct SupervisorOptions
{
    WorkerLaunch launch;
    int workerCount = 1;
    std::string specDocument; // sent to every worker in its setup
    std::string baseDirectory;
    std::string cacheDirectory;
    WorkerRole expectedRole = WorkerRole::Cpu; // what the hello must say
    // For the hello, and again for the setup to be answered.
    std::chrono::milliseconds handshakeTimeout{15000};
    // A configuration that has killed this many workers is reported as worker_crashed and is
    // never run again; before that, each crash re-runs it on a fresh worker.
    int crashesBeforeQuarantine = 2;
    // Consecutive failed starts of one worker slot (no hello, refused, failed setup, or died
    // before finishing a job) after which the slot gives up: see Supervisor::health().
    int failedStartsBeforeGivingUp = 3;
    // Workers lost to their launcher (launcherloss.h) after which this supervisor's location
    // (its host, its srun task) is dropped: every slot gives up, health() says why. A job lost
    // so is never counted against its configuration: its outcome says `lost` instead, for the
    // caller to run it again elsewhere.
    int launcherLossesBeforeDropping = 3;
    std::string locationName = "local"; // for messages: "srun", "ssh node7"
    // Names the reference configuration in the reference_failed outcome of a worker that died
    // or hung while computing the reference outputs (ReferenceMessage).
    std::string referenceName = "the reference configuration";
    // Raised by the I/O thread after every turn in which something may have changed (outcomes,
    // idle workers, restarts): one wake-up for several supervisors. Optional.
    std::shared_ptr<ActivitySignal> activity;
};

} // namespace tb

#pragma once

// The run a Session writes to: its record in the workspace, opened new or resumed, held by this
// process as its one writer, and closed with its state however the session ends.

#include "sessionoptions.h"

#include "model/expected.h"
#include "model/spec.h"
#include "storage/runholder.h"
#include "storage/store.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace tb {

class WorkspaceRun
{
public:
    using LogFunction = std::function<void(const std::string &line)>;

    // Both are read, not copied: they outlive the run (the Session's own).
    WorkspaceRun(const Spec &spec, const SessionOptions &options);

    // Opens the workspace, saves the spec and resumes its latest run, or creates one: with
    // options.fresh, when there is none, or when it measured on another GPU model (`log` says
    // so: models are never ranked together). A run another live process holds is refused. So
    // is a run whose data files changed since, naming them, unless options.allowChangedData
    // (then `notice` warns, a line shown even where the log is hidden; none given: `log`).
    // The run's record gets the data files' hashes as they are now.
    Status open(const LogFunction &log, const LogFunction &notice = {});
    bool isOpen() const { return m_store.has_value(); }
    bool resumed() const { return m_resumed; }
    std::int64_t id() const { return m_runId; }
    std::int64_t specId() const { return m_specId; }
    Store &store() { return *m_store; }

    // Ends the run with `state` and lets another process take it.
    Status close(RunState state);
    // Ends a run that failed: best effort, and never another process's run.
    void closeFailed();

    // What the run record names as its device: the GPU model of a CUDA run that measures (a
    // run never measures on two models), "cuda" for one that only compiles, "cpu" otherwise.
    static std::string deviceOf(const Spec &spec, const SessionOptions &options);
    // Whether a run recorded on `recorded` measured on another GPU model than `now`; "cuda" and
    // "cpu" name none (a compile-only run, a run from before models were recorded, a CPU run).
    static bool anotherModel(const std::string &recorded, const std::string &now);

private:
    Status claim(const RunRecord &run);
    Status create();
    Status checkData(const RunRecord &run, const std::vector<RunDataFile> &now,
                     const LogFunction &warn);

    const Spec &m_spec;
    const SessionOptions &m_options;
    std::optional<Store> m_store;
    std::int64_t m_specId = 0;
    std::int64_t m_runId = 0;
    RunHolder m_holder; // this process, as the run's one writer
    bool m_claimed = false;
    bool m_resumed = false;
};

} // namespace tb

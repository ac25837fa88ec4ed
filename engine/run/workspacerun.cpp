#include "workspacerun.h"

#include "rundatafiles.h"

#include "export/hostinfo.h"

namespace tb {

WorkspaceRun::WorkspaceRun(const Spec &spec, const SessionOptions &options)
    : m_spec(spec), m_options(options)
{}

Status WorkspaceRun::open(const LogFunction &log, const LogFunction &notice)
{
    auto store = Store::open(m_options.workspacePath);
    if (!store)
        return store.error();
    m_store.emplace(std::move(store.value()));
    auto specId = m_store->specs().save(m_spec);
    if (!specId)
        return specId.error();
    m_specId = *specId;

    std::optional<RunRecord> latest;
    if (!m_options.fresh) {
        auto found = m_store->runs().latest(m_specId);
        if (!found)
            return found.error();
        latest = *found;
    }
    const std::string device = deviceOf(m_spec, m_options);
    if (latest && anotherModel(latest->device, device)) {
        log("run " + std::to_string(latest->id) + " of this spec was measured on " +
            latest->device + ", this one measures on " + device +
            ": GPUs of different models are never ranked together, so a new run "
            "starts beside it");
        latest.reset();
    }
    // Hashed before a run is created or claimed: a refusal leaves the workspace as it was.
    auto dataFiles = RunDataFiles::hashed(m_spec);
    if (!dataFiles)
        return dataFiles.error();
    if (latest)
        if (auto status = checkData(*latest, *dataFiles, notice ? notice : log); !status)
            return status;
    m_holder = currentRunHolder();
    if (!latest) {
        if (auto status = create(); !status)
            return status;
    } else {
        if (auto status = claim(*latest); !status)
            return status;
        m_runId = latest->id;
        m_resumed = true;
    }
    return m_store->runs().setDataFiles(m_runId, *dataFiles);
}

// Results measured on other data are not comparable with new ones: resuming mixes them into
// one ranking, so it takes the user's word (--allow-changed-data).
Status WorkspaceRun::checkData(const RunRecord &run, const std::vector<RunDataFile> &now,
                               const LogFunction &warn)
{
    auto recorded = m_store->runs().dataFiles(run.id);
    if (!recorded)
        return recorded.error();
    const auto changed = RunDataFiles::changed(*recorded, now);
    if (changed.empty())
        return ok();
    std::string list;
    for (const auto &name : changed)
        list += (list.empty() ? "" : "; ") + name;
    const std::string what = "the data of run " + std::to_string(run.id) +
                             " of this spec changed since it was measured (" + list + ")";
    if (!m_options.allowChangedData)
        return makeError(EngineError::Code::InvalidArgument, what,
                         "start a new run beside it (tune --fresh), or resume it anyway "
                         "(tune --allow-changed-data)");
    warn("warning: " + what +
         ": resuming it anyway, as asked; its earlier results were "
         "measured on the old data");
    return ok();
}

// One writer per run: a run that another live process is tuning is not resumed beside it.
Status WorkspaceRun::claim(const RunRecord &run)
{
    auto holder = m_store->runs().claim(run.id, m_holder);
    if (!holder)
        return holder.error();
    if (*holder) {
        const RunHolder &other = **holder;
        return makeError(EngineError::Code::Busy,
                         "run " + std::to_string(run.id) + " of this spec is being tuned by " +
                             "another process (pid " + std::to_string(other.pid) + " on " +
                             other.host + ")",
                         "wait for it to end or stop it, or start a new run beside it "
                         "(tune --fresh)");
    }
    m_claimed = true;
    return ok();
}

Status WorkspaceRun::create()
{
    RunRecord record;
    record.specId = m_specId;
    record.strategy = m_options.strategy.value_or(m_spec.strategy.name);
    record.toolVersion = m_options.toolVersion;
    record.host = currentHost(m_options.toolVersion, "").hostname;
    record.device = deviceOf(m_spec, m_options);
    // The GPUs of a run are of one model: the first one's peaks are the run's.
    if (!m_options.gpus.empty())
        record.devicePeaks = m_options.gpus.front().peaks;
    record.holder = m_holder;
    auto runId = m_store->runs().create(record);
    if (!runId)
        return runId.error();
    m_runId = *runId;
    m_claimed = true;
    return ok();
}

Status WorkspaceRun::close(RunState state)
{
    if (auto status = m_store->runs().setState(m_runId, state); !status)
        return status;
    if (auto status = m_store->runs().release(m_runId, m_holder); !status)
        return status;
    m_claimed = false;
    return ok();
}

void WorkspaceRun::closeFailed()
{
    if (!m_store || !m_claimed)
        return;
    (void)m_store->runs().setState(m_runId, RunState::Failed);
    (void)m_store->runs().release(m_runId, m_holder);
}

std::string WorkspaceRun::deviceOf(const Spec &spec, const SessionOptions &options)
{
    if (spec.backend == BackendKind::Cpu)
        return "cpu";
    if (!options.compileOnly && !options.gpus.empty() && !options.gpus.front().name.empty())
        return options.gpus.front().name;
    return "cuda";
}

bool WorkspaceRun::anotherModel(const std::string &recorded, const std::string &now)
{
    const auto names = [](const std::string &device) {
        return !device.empty() && device != "cuda" && device != "cpu";
    };
    return names(recorded) && names(now) && recorded != now;
}

} // namespace tb

// What a run learns about itself after it was opened: the strategy a spec's "auto" resolved
// to, the GPU model its launched workers found on their nodes. Apart from store.cpp to keep
// both files short.
#include "store.h"

namespace tb {

namespace {

Status noSuchRun(const std::string &operation, const std::string &path)
{
    return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                     "no such run in " + path);
}

} // namespace

Status Store::setRunStrategy(std::int64_t runId, const std::string &strategy)
{
    const std::string operation = "record the strategy of run " + std::to_string(runId);
    auto update = m_db.prepare("UPDATE runs SET strategy = ?1 WHERE id = ?2", operation);
    if (!update)
        return update.error();
    update->bindText(1, strategy).bindInt(2, runId);
    if (auto status = update->run(); !status)
        return status;
    return m_db.changes() == 0 ? noSuchRun(operation, path()) : ok();
}

Status Store::setRunDevice(std::int64_t runId, const std::string &device, const DevicePeaks &peaks)
{
    const std::string operation = "record the device of run " + std::to_string(runId);
    auto update = m_db.prepare(
        "UPDATE runs SET device = ?1, peak_flops = ?2, peak_bytes_per_second = ?3 WHERE id = ?4",
        operation);
    if (!update)
        return update.error();
    update->bindText(1, device);
    // NULL: a peak the device did not give, as createRun() stores it.
    const auto bindPeak = [&](int index, const std::optional<double> &peak) {
        if (peak)
            update->bindDouble(index, *peak);
        else
            update->bindNull(index);
    };
    bindPeak(2, peaks.flopsPerSecond);
    bindPeak(3, peaks.bytesPerSecond);
    update->bindInt(4, runId);
    if (auto status = update->run(); !status)
        return status;
    return m_db.changes() == 0 ? noSuchRun(operation, path()) : ok();
}

} // namespace tb

#include "supervisorgroup.h"

#include "runner/activitysignal.h"
#include "runner/supervisor.h"

#include <optional>
#include <thread>

namespace tb {

namespace {

template <typename Call> void onThreadsTogether(std::size_t count, Call call)
{
    std::vector<std::thread> threads;
    threads.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        threads.emplace_back([&call, i] { call(i); });
    for (auto &thread : threads)
        thread.join();
}

} // namespace

Status startTogether(const std::vector<SupervisorToStart> &supervisors)
{
    std::vector<std::optional<EngineError>> errors(supervisors.size());
    onThreadsTogether(supervisors.size(), [&](std::size_t i) {
        if (auto status = supervisors[i].supervisor->start(); !status)
            errors[i] = status.error();
    });
    for (std::size_t i = 0; i < supervisors.size(); ++i) {
        if (!errors[i])
            continue;
        EngineError error = *errors[i];
        error.message = "cannot start the " + supervisors[i].role + " workers: " + error.message;
        return error;
    }
    return ok();
}

void stopTogether(const std::vector<Supervisor *> &supervisors)
{
    onThreadsTogether(supervisors.size(), [&](std::size_t i) { supervisors[i]->stop(); });
}

BackgroundStart::~BackgroundStart()
{
    finish();
}

void BackgroundStart::begin(std::vector<SupervisorToStart> supervisors,
                            std::shared_ptr<ActivitySignal> activity)
{
    finish();
    {
        std::lock_guard lock(m_mutex);
        m_error.reset();
    }
    m_thread =
        std::thread([this, supervisors = std::move(supervisors), activity = std::move(activity)] {
            auto status = startTogether(supervisors);
            {
                std::lock_guard lock(m_mutex);
                if (!status)
                    m_error = status.error();
            }
            if (activity)
                activity->raise();
        });
}

void BackgroundStart::finish()
{
    if (m_thread.joinable())
        m_thread.join();
}

Status BackgroundStart::status() const
{
    std::lock_guard lock(m_mutex);
    if (m_error)
        return *m_error;
    return ok();
}

} // namespace tb

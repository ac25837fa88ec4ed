#include "supervisorgroup.h"

#include "runner/activitysignal.h"
#include "runner/supervisor.h"

#include <algorithm>
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

std::vector<std::optional<EngineError>> startEach(const std::vector<SupervisorToStart> &supervisors)
{
    std::vector<std::optional<EngineError>> errors(supervisors.size());
    onThreadsTogether(supervisors.size(), [&](std::size_t i) {
        if (auto status = supervisors[i].supervisor->start(); !status) {
            errors[i] = status.error();
            errors[i]->message =
                "cannot start the " + supervisors[i].role + " workers: " + errors[i]->message;
        }
    });
    return errors;
}

Status startTogether(const std::vector<SupervisorToStart> &supervisors)
{
    for (auto &error : startEach(supervisors))
        if (error)
            return *error;
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
                            std::shared_ptr<ActivitySignal> activity, StartRule rule)
{
    finish();
    {
        std::lock_guard lock(m_mutex);
        m_error.reset();
        m_outcomes.clear();
    }
    m_thread = std::thread(
        [this, rule, supervisors = std::move(supervisors), activity = std::move(activity)] {
            auto outcomes = startEach(supervisors);
            const auto failed = [](const auto &outcome) { return outcome.has_value(); };
            const auto first = std::find_if(outcomes.begin(), outcomes.end(), failed);
            const bool fails =
                rule == StartRule::Every
                    ? first != outcomes.end()
                    : !outcomes.empty() && std::all_of(outcomes.begin(), outcomes.end(), failed);
            {
                std::lock_guard lock(m_mutex);
                if (fails)
                    m_error = **first;
                m_outcomes = std::move(outcomes);
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

std::vector<std::optional<EngineError>> BackgroundStart::outcomes() const
{
    std::lock_guard lock(m_mutex);
    return m_outcomes;
}

Status BackgroundStart::status() const
{
    std::lock_guard lock(m_mutex);
    if (m_error)
        return *m_error;
    return ok();
}

} // namespace tb

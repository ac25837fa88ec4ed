#include "runpacing.h"

namespace tb {

RunPacing::RunPacing(const std::atomic<bool> *stopRequested,
                     const std::atomic<bool> *pauseRequested, double budgetSeconds)
    : m_stopRequested(stopRequested), m_pauseRequested(pauseRequested),
      m_budgetSeconds(budgetSeconds)
{}

bool RunPacing::stopRequested() const
{
    return m_stopRequested && m_stopRequested->load();
}

bool RunPacing::pauseRequested() const
{
    return m_pauseRequested && m_pauseRequested->load();
}

bool RunPacing::outOfTime() const
{
    return m_budgetSeconds > 0 && elapsedSeconds() >= m_budgetSeconds;
}

} // namespace tb

#include "sizebests.h"

namespace tb {

void SizeBests::reset(bool minimize)
{
    m_sizes.clear();
    m_minimize = minimize;
}

bool SizeBests::better(double candidate, double incumbent) const
{
    if (std::isnan(candidate))
        return false;
    if (std::isnan(incumbent))
        return true;
    return m_minimize ? candidate < incumbent : candidate > incumbent;
}

SizeBests::SizeState &SizeBests::state(std::size_t sizeIndex)
{
    if (sizeIndex >= std::size_t(m_sizes.size()))
        m_sizes.resize(qsizetype(sizeIndex) + 1);
    return m_sizes[qsizetype(sizeIndex)];
}

bool SizeBests::add(std::size_t sizeIndex, int row, double objective)
{
    SizeState &size = state(sizeIndex);
    if (size.firstRow < 0)
        size.firstRow = row;
    size.lastRow = row;
    if (!better(objective, size.best))
        return false;
    size.best = objective;
    return true;
}

void SizeBests::recompute(std::size_t sizeIndex, const QVector<double> &objectives)
{
    SizeState &size = state(sizeIndex);
    size.best = std::nan("");
    for (const double objective : objectives)
        if (better(objective, size.best))
            size.best = objective;
}

double SizeBests::best(std::size_t sizeIndex) const
{
    return sizeIndex < std::size_t(m_sizes.size()) ? m_sizes[qsizetype(sizeIndex)].best
                                                   : std::nan("");
}

double SizeBests::shareOfBest(std::size_t sizeIndex, double objective) const
{
    const double top = best(sizeIndex);
    if (std::isnan(objective) || std::isnan(top) || top == 0 || objective == 0)
        return std::nan("");
    return m_minimize ? top / objective : objective / top;
}

bool SizeBests::isBest(std::size_t sizeIndex, double objective) const
{
    return !std::isnan(objective) && objective == best(sizeIndex);
}

int SizeBests::firstRow(std::size_t sizeIndex) const
{
    return sizeIndex < std::size_t(m_sizes.size()) ? m_sizes[qsizetype(sizeIndex)].firstRow : -1;
}

int SizeBests::lastRow(std::size_t sizeIndex) const
{
    return sizeIndex < std::size_t(m_sizes.size()) ? m_sizes[qsizetype(sizeIndex)].lastRow : -1;
}

} // namespace tb

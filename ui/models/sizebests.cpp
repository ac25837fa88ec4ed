#include "sizebests.h"

#include <algorithm>

namespace tb {

void SizeBests::reset(bool minimize)
{
    m_sizes.clear();
    m_minimize = minimize;
    m_perModel = false;
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

// Counts the objective into the size's best and its device's; true when either improved.
bool SizeBests::offer(SizeState &size, const std::string &device, double objective) const
{
    if (std::isnan(objective))
        return false;
    auto model = std::find_if(size.byDevice.begin(), size.byDevice.end(),
                              [&](const auto &entry) { return entry.first == device; });
    if (model == size.byDevice.end())
        model = size.byDevice.insert(size.byDevice.end(), {device, std::nan("")});
    bool improved = false;
    if (better(objective, model->second)) {
        model->second = objective;
        improved = true;
    }
    if (better(objective, size.best)) {
        size.best = objective;
        improved = true;
    }
    return improved;
}

bool SizeBests::add(std::size_t sizeIndex, const std::string &device, int row, double objective)
{
    SizeState &size = state(sizeIndex);
    if (size.firstRow < 0)
        size.firstRow = row;
    size.lastRow = row;
    return offer(size, device, objective);
}

void SizeBests::recompute(std::size_t sizeIndex,
                          const std::vector<std::pair<std::string, double>> &objectives)
{
    SizeState &size = state(sizeIndex);
    size.best = std::nan("");
    size.byDevice.clear();
    for (const auto &[device, objective] : objectives)
        offer(size, device, objective);
}

double SizeBests::best(std::size_t sizeIndex, const std::string &device) const
{
    if (sizeIndex >= std::size_t(m_sizes.size()))
        return std::nan("");
    const SizeState &size = m_sizes[qsizetype(sizeIndex)];
    if (!m_perModel)
        return size.best;
    for (const auto &[model, best] : size.byDevice)
        if (model == device)
            return best;
    return std::nan("");
}

double SizeBests::shareOfBest(std::size_t sizeIndex, const std::string &device,
                              double objective) const
{
    const double top = best(sizeIndex, device);
    if (std::isnan(objective) || std::isnan(top) || top == 0 || objective == 0)
        return std::nan("");
    return m_minimize ? top / objective : objective / top;
}

bool SizeBests::isBest(std::size_t sizeIndex, const std::string &device, double objective) const
{
    return !std::isnan(objective) && objective == best(sizeIndex, device);
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

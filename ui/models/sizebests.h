#pragma once

#include <QVector>

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// The best objective value seen so far for each problem size, and the rows each size spans, so
// a results table can show "% of best" and highlight each size's best row while results stream
// in. Minimised objectives (time) are best when lowest, maximised ones (GFLOP/s) when highest.
// Each size's best is also kept per device model (Result::device): in a run over mixed nodes
// (setPerDeviceModel(true)) a row is judged against its own model's best, never another's.
class SizeBests
{
public:
    void reset(bool minimize);
    // Judges rows against their device model's best (true) or their size's (false, the start).
    void setPerDeviceModel(bool perModel) { m_perModel = perModel; }
    bool perDeviceModel() const { return m_perModel; }
    // Records one row's objective (NaN: the row has none), measured on `device`. True when it
    // is a new best of its size or of its device model at that size.
    bool add(std::size_t sizeIndex, const std::string &device, int row, double objective);
    // Starts a size's bests again from its rows' devices and objectives (a round replaced one).
    void recompute(std::size_t sizeIndex,
                   const std::vector<std::pair<std::string, double>> &objectives);

    // The best a row of `device` at that size is judged by; NaN when there is none yet.
    double best(std::size_t sizeIndex, const std::string &device) const;
    // The objective as a share of that best, 1.0 for the best, less for worse ones; NaN when
    // either is missing or the best is 0.
    double shareOfBest(std::size_t sizeIndex, const std::string &device, double objective) const;
    bool isBest(std::size_t sizeIndex, const std::string &device, double objective) const;
    int firstRow(std::size_t sizeIndex) const; // -1 when the size has no rows
    int lastRow(std::size_t sizeIndex) const;

private:
    struct SizeState
    {
        double best = std::nan("");
        std::vector<std::pair<std::string, double>> byDevice; // few: a cluster's node types
        int firstRow = -1;
        int lastRow = -1;
    };

    bool better(double candidate, double incumbent) const;
    bool offer(SizeState &size, const std::string &device, double objective) const;
    SizeState &state(std::size_t sizeIndex);

    QVector<SizeState> m_sizes;
    bool m_minimize = true;
    bool m_perModel = false;
};

} // namespace tb

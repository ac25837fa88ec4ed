#pragma once

#include <QVector>

#include <cmath>
#include <cstddef>

namespace tb {

// The best objective value seen so far for each problem size, and the rows each size spans, so
// a results table can show "% of best" and highlight each size's best row while results stream
// in. Minimised objectives (time) are best when lowest, maximised ones (GFLOP/s) when highest.
class SizeBests
{
public:
    void reset(bool minimize);
    // Records one row's objective (NaN: the row has none). True when it is its size's new best.
    bool add(std::size_t sizeIndex, int row, double objective);
    // Starts a size's best again from the given objectives (a round replaced one of them).
    void recompute(std::size_t sizeIndex, const QVector<double> &objectives);

    double best(std::size_t sizeIndex) const; // NaN when the size has no objective yet
    // The objective as a share of its size's best, 1.0 for the best, less for worse ones;
    // NaN when either is missing or the best is 0.
    double shareOfBest(std::size_t sizeIndex, double objective) const;
    bool isBest(std::size_t sizeIndex, double objective) const;
    int firstRow(std::size_t sizeIndex) const; // -1 when the size has no rows
    int lastRow(std::size_t sizeIndex) const;

private:
    struct SizeState
    {
        double best = std::nan("");
        int firstRow = -1;
        int lastRow = -1;
    };

    bool better(double candidate, double incumbent) const;
    SizeState &state(std::size_t sizeIndex);

    QVector<SizeState> m_sizes;
    bool m_minimize = true;
};

} // namespace tb

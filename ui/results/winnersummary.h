#pragma once

#include <QLabel>

#include <cstddef>
#include <map>

namespace tb {

class DeviceModelList;
class ResultsFeed;

// Over the results table, one line per problem size: its best configuration and whether it is
// decided, ahead of the runner-up by more than their medians' uncertainty and any SM clock step
// between them (WinnerMargin), or a tie that another run may settle the other way; then the
// best's figures, objective first (1,234 GFLOP/s in 0.52 ms, 78.0 % of peak). Follows the
// feed's model as results arrive and as process rounds replace finalists' rows; hidden while no
// size has two ranked results. In a run over several device models, only the model chosen in
// `deviceModels` competes: a winner on one model says nothing of another.
class WinnerSummary : public QLabel
{
    Q_OBJECT
public:
    WinnerSummary(ResultsFeed *feed, const DeviceModelList *deviceModels,
                  QWidget *parent = nullptr);

    // The two best rows of one problem size, by objective (-1: none yet).
    struct TopTwo
    {
        int best = -1;
        int second = -1;
    };

    // Recomputes the line from every row of the model.
    void refresh();

private:
    void countAppended(int first, int last);
    void showTops();

    ResultsFeed *m_feed;
    const DeviceModelList *m_deviceModels;
    std::map<std::size_t, TopTwo> m_tops; // by size index
    int m_counted = 0;                    // rows counted into m_tops
};

} // namespace tb

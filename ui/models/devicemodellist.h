#pragma once

#include <QAbstractListModel>

#include <string>
#include <vector>

namespace tb {

class ResultsModel;

// The device models the results on show were measured on (ResultsModel::deviceModels()), for
// the Results page's selector, and the one whose results the page ranks. Configurations
// measured on different models are never ranked together (the CLI's `show` ranks them apart
// too: groupByDeviceModel()), so while the results name more than one model (mixed()) the page
// shows one model's at a time. One row per model, in the order each first appeared, "NVIDIA
// H100 80GB HBM3 (120 results)"; then, where some results name no device (failed compiles),
// "Not measured on any device". No rows while at most one model is named: nothing to choose.
// The chosen model is the one with the most results, followed as results stream in until the
// user picks one (choose()); a new run's results start over. The main window owns it; the
// Results page, its filter and its winner summary read it.
class DeviceModelList : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role
    {
        DeviceRole = Qt::UserRole + 1, // the model's name; "" for the results that name none
        CountRole,
    };

    explicit DeviceModelList(const ResultsModel *results, QObject *parent = nullptr);

    bool mixed() const { return !m_entries.empty(); }
    int modelCount() const; // named models (0 while not mixed())
    // The model ranked ("" for the results that name none, or while not mixed()).
    const std::string &chosen() const { return m_chosen; }
    int chosenRow() const; // -1 while not mixed()
    // The user's pick, a row's DeviceRole: kept until the results start over.
    void choose(const std::string &device);
    // Whether a result measured on `device` is ranked with the chosen model's: every result
    // is while not mixed().
    bool accepts(const std::string &device) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

signals:
    // The results accepted changed: another model chosen, or the run became mixed. Not on a
    // reset of the results (a new run): their views filter every row again then anyway.
    void choiceChanged();

private:
    struct Entry
    {
        std::string device;
        std::size_t results = 0;
    };

    void follow(); // reads the results model's tally again
    std::vector<Entry> entriesNow() const;
    void clear();

    const ResultsModel *m_results;
    std::vector<Entry> m_entries;
    std::string m_chosen;
    bool m_picked = false; // the user chose: the default no longer follows the counts
};

} // namespace tb

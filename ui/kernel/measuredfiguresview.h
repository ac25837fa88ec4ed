#pragma once

#include <QMap>
#include <QString>
#include <QWidget>

#include <cstddef>
#include <string>

class QFormLayout;
class QLabel;

namespace tb {

class DeviceModelList;
class ResultsModel;

// Beside the Kernel page's resource usage: what the run on show measured for the picked
// configuration and size (status, median, % of best, uncertainty, a failure's message), read
// from the window's results model as its table shows them, so the two never disagree. Follows
// the model as results arrive; says so when the shown run has no result for the pick. In a run
// measured on several device models, the figures are the chosen model's (the Results page's
// DeviceModelList), as the table shows them, and the headline names the model.
class MeasuredFiguresView : public QWidget
{
    Q_OBJECT
public:
    explicit MeasuredFiguresView(QWidget *parent = nullptr);

    // The model whose results are shown (the Results page's); nullptr: none.
    void setResultsModel(const ResultsModel *model);
    // The device model whose result is shown in a mixed run; nullptr: the first result found.
    void setDeviceModels(const DeviceModelList *deviceModels);
    // The configuration ("BM=64,BN=32", Configuration::key) and size picked.
    void showConfiguration(const QString &configKey, std::size_t sizeIndex);

    // The model's row shown, or -1 when the shown run has no result for the pick.
    int shownRow() const { return m_row; }
    QString headline() const;
    // The shown text of one figure ("status", "median", "percent_of_best", "uncertainty",
    // "message"), empty when the row is hidden.
    QString figure(const QString &key) const;

private:
    void addRow(const QString &key, const QString &label);
    void findRow(int first, int last);
    void refresh();
    void onRowsInserted(int first, int last);
    QString modelText(int kind) const;

    const ResultsModel *m_model = nullptr;
    const DeviceModelList *m_deviceModels = nullptr;
    std::string m_configKey;
    std::size_t m_sizeIndex = 0;
    int m_row = -1;
    QLabel *m_headline;
    QFormLayout *m_form;
    QMap<QString, QLabel *> m_figures;
};

} // namespace tb

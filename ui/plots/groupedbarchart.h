#pragma once

#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPBarsGroup;

namespace tb {

// Bars side by side per category (one QCPBarsGroup): e.g. registers, spill stores and spill
// loads for each compared configuration. A series may use the right-hand axis, so counts and
// bytes each keep a readable scale. NaN values leave a gap (the figure was not reported).
class GroupedBarChart : public QWidget
{
    Q_OBJECT
public:
    struct Series
    {
        QString name;
        QVector<double> values; // one per category
        bool rightAxis = false;
    };

    explicit GroupedBarChart(QWidget *parent = nullptr);

    void setData(const QStringList &categories, const QVector<Series> &series);
    void setAxisLabels(const QString &left, const QString &right);
    void clear() { setData({}, {}); }

    int categoryCount() const { return int(m_categories.size()); }
    int seriesCount() const { return int(m_bars.size()); }
    QString seriesName(int series) const;
    int barCount(int series) const; // bars drawn: the series' values that are not NaN
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    QCustomPlot *m_plot;
    QCPBarsGroup *m_group;
    QStringList m_categories;
    QVector<QCPBars *> m_bars;
};

} // namespace tb

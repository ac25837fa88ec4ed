#pragma once

#include "parametereffectchoices.h"
#include "parametereffectdata.h"
#include "parametereffectscene.h"

#include <QMap>
#include <QPoint>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QComboBox;
class QCPColorScale;
class QCustomPlot;
class QTimer;

namespace tb {

class ViewFollower;

// The objective of every measured configuration of one problem size against one parameter:
// its values are categories (ticks in ascending order; points jittered sideways so that equal
// objectives stay visible), coloured by a second parameter, one colour and legend entry per
// value, or a colour gradient with a colour scale when it has more values than a legend can
// carry. A ring marks the best configuration. The plot's own combo boxes pick the parameters
// and the size; the setters do the same from code. Results arrive in batches; the plot redraws
// on a ~100 ms timer. A click on a point names its result (resultClicked), so the Results page
// can select it in the table. Time objectives read in durations (DurationTicker).
// Where results carry a compiled GPU kernel's resource figures (CUDA), both combo boxes offer
// them after the parameters: registers, spills (bytes), shared memory (bytes), occupancy (%);
// a resource on x is a numeric axis. A CPU run offers none (ParameterEffectChoices).
class ParameterEffectPlot : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxLegendValues = ParameterEffectScene::kMaxLegendValues;

    explicit ParameterEffectPlot(QWidget *parent = nullptr);

    // Parameter names in the order of Configuration::values (the spec's order).
    void setParameters(const QStringList &names);
    // "time" plots the median time on a log axis; another name, that derived metric.
    void setObjective(const QString &metric, bool minimize);
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    // A parameter's name, or a resource's (resourceName()) once results carry it.
    void setXParameter(const QString &name);
    void setColorParameter(const QString &name); // empty: one colour
    void setSizeIndex(std::size_t sizeIndex);
    void addResults(const QVector<ResultEvent> &batch);
    void clear();
    // Drops the results only, keeping the axes, the size and its labels: the same run's
    // results of another device model come next.
    void clearResults();

    // The combo boxes' name of a resource: "registers", "spills (bytes)", ...
    static QString resourceName(ParameterEffectData::Resource resource)
    {
        return ParameterEffectChoices::resourceName(resource);
    }
    // The resources the shown results carry, offered as x and colour.
    QStringList offeredResources() const { return m_choices.offeredResources(); }

    QString xParameter() const;
    QString colorParameter() const;
    std::size_t sizeIndex() const { return m_sizeIndex; }
    int pointCount() const; // results of the shown size
    QStringList xTickLabels() const;
    QStringList colorValueLabels() const; // the colour parameter's values, ascending
    QColor colorFor(const QString &valueLabel) const { return m_scene.colorFor(valueLabel); }
    bool usesColorScale() const { return m_scene.usesColorScale(); }
    int bestRow() const { return m_scene.bestRow(); } // in data(); -1: the size has none

    QComboBox *xCombo() const { return m_xCombo; }
    QComboBox *colorCombo() const { return m_colorCombo; }
    QComboBox *sizeCombo() const { return m_sizeCombo; }
    QCustomPlot *plot() const { return m_plot; }
    QCPColorScale *colorScale() const { return m_scene.colorScale(); }
    const ParameterEffectData &data() const { return m_data; }
    // The data row of the shown point nearest `pixel` (QCustomPlot coordinates), within a few
    // pixels; -1 when none is that close.
    int rowAt(const QPointF &pixel) const;

    // Redraw now if anything changed (the timer does this every ~100 ms).
    void replotIfDirty();

signals:
    void viewChanged(); // the x or colour parameter or the size changed
    // A click (not a drag) on the point of this result.
    void resultClicked(const QString &configKey, std::size_t sizeIndex);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    QWidget *buildControls();
    void connectClicks();
    void styleObjectiveAxis();
    void updateSizeCombo();
    ParameterEffectView view() const;
    static bool isResourceChoice(int choice) { return ParameterEffectChoices::isResource(choice); }
    int dataChannel(int choice) const
    {
        return ParameterEffectChoices::dataChannel(choice, m_data);
    }
    void fillChoiceCombos();
    void dropResourceChoices();

    ParameterEffectData m_data;
    ParameterEffectChoices m_choices;
    bool m_placeholderNames = false; // made up from the first result: no names were set
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    QMap<std::size_t, QString> m_sizeLabels;
    int m_xParameter = 0;      // a choice (ParameterEffectChoices)
    int m_colorParameter = -1; // a choice; -1: one colour
    std::size_t m_sizeIndex = 0;
    bool m_sizeChosen = false; // false: show the first size that arrives

    QComboBox *m_xCombo;
    QComboBox *m_colorCombo;
    QComboBox *m_sizeCombo;
    QCustomPlot *m_plot;
    ParameterEffectScene m_scene;
    ViewFollower *m_follower;
    QTimer *m_replotTimer;
    bool m_layoutDirty = true;
    bool m_dirty = false;
    QPoint m_pressedAt; // of the last mouse press on the plot: a click releases near it
};

} // namespace tb

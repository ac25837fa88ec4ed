#pragma once

#include "parametereffectdata.h"

#include <QColor>
#include <QMap>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

class QCPColorScale;
class QCPGraph;
class QCPLayoutElement;
class QCPLayoutGrid;
class QCustomPlot;

namespace tb {

// What a ParameterEffectPlot shows.
struct ParameterEffectView
{
    int xParameter = 0;      // a channel of ParameterEffectData: a parameter or a resource
    int colorParameter = -1; // -1: one colour
    std::size_t sizeIndex = 0;
    QString xName;
    QString colorName;
    bool minimize = true;
};

// Draws ParameterEffectData into a QCustomPlot for one view: a graph per colour value, the
// categorical x ticks, the legend or the colour scale, a ring around the best point. A new view
// or new categories rebuild it; new rows of known categories are appended. A resource on x
// (registers, spills, ...) is a numeric axis instead: points sit at their figure, unjittered,
// since it has many distinct values spread unevenly (a column each would hide the distances).
class ParameterEffectScene
{
public:
    static constexpr int kMaxLegendValues = 10; // more colour values: a gradient

    explicit ParameterEffectScene(QCustomPlot *plot);

    void rebuild(const ParameterEffectData &data, const ParameterEffectView &view);
    void append(const ParameterEffectData &data); // the rows added since the last call
    void fitView();
    // The data row drawn nearest `pixel`, within a few pixels; -1: none.
    int rowAt(const ParameterEffectData &data, const QPointF &pixel) const;

    bool numericX() const { return m_numericX; }
    int placedRows() const { return m_placed; }
    int bestRow() const { return m_bestRow; }
    bool usesColorScale() const { return m_gradient; }
    QStringList colorLabels() const { return m_colorLabels; }
    QColor colorFor(const QString &valueLabel) const { return m_colorOf.value(valueLabel); }
    QCPColorScale *colorScale() const { return m_colorScale; }

private:
    void addGroups(const ParameterEffectData &data);
    void placeSide(QCPLayoutElement *element);
    void styleXAxis(const ParameterEffectData &data);
    // Where a row sits on x (a category and its jitter, or the resource figure); NaN: not drawn.
    double xOf(const ParameterEffectData &data, int row) const;
    void fitNumericX();

    QCustomPlot *m_plot;
    QCPColorScale *m_colorScale;
    QCPLayoutGrid *m_side; // right of the axis rect: the legend or the colour scale
    ParameterEffectView m_view;
    QVector<QCPGraph *> m_groups; // one per colour value (or one)
    QCPGraph *m_best = nullptr;
    QStringList m_colorLabels;
    QMap<QString, QColor> m_colorOf;
    bool m_gradient = false;
    bool m_numericX = false; // a resource on x
    int m_categories = 0;    // of the x parameter
    int m_placed = 0;        // data rows already looked at
    int m_bestRow = -1;
    double m_minObjective = 0;
    double m_maxObjective = 0;
    double m_minX = 0; // of the placed points, for a numeric x
    double m_maxX = 0;
};

} // namespace tb

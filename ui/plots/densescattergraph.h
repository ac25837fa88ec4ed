#pragma once

#include <qcustomplot.h>

#include <QImage>

#include <vector>

namespace tb {

// A QCPGraph whose scatter points are stamped into one image when there are many of them,
// instead of being painted one by one. Painting 90,000 antialiased discs through QPainter takes
// ~120 ms; stamping takes a few. The picture stays the same: the stamp is the scatter style
// itself, rendered once by QPainter at 4x4 sub-pixel offsets, and overlapping stamps compose
// exactly as QPainter's source-over would (same colour: alpha = 1 - prod(1 - a_i)). Every
// point is drawn (adaptive sampling is off); vector export (PDF) and styles whose pen and brush
// differ in colour take QCPGraph's own path.
class DenseScatterGraph : public QCPGraph
{
    Q_OBJECT
public:
    DenseScatterGraph(QCPAxis *keyAxis, QCPAxis *valueAxis);

    // Scatter counts above this are stamped; at or below, QCPGraph paints them.
    void setRasterThreshold(int count) { m_rasterThreshold = count; }
    int rasterThreshold() const { return m_rasterThreshold; }
    bool lastDrawRasterized() const { return m_lastDrawRasterized; }

protected:
    void draw(QCPPainter *painter) override;
    void drawScatterPlot(QCPPainter *painter, const QVector<QPointF> &scatters,
                         const QCPScatterStyle &style) const override;

private:
    // One scatter as it darkens the pixels around it, at each sub-pixel offset.
    struct Stamp
    {
        int rows = 0;
        int columns = 0;         // a multiple of 4
        int left = 0;            // of the first column, from the point's pixel
        int top = 0;             // of the first row
        std::vector<float> keep; // per offset, row and column: 1 - alpha of one scatter
    };

    bool canRasterize(const QCPPainter *painter, const QCPScatterStyle &style) const;
    const Stamp &stampFor(const QCPScatterStyle &style, double ratio, bool antialiased) const;
    void drawStamped(QCPPainter *painter, const QVector<QPointF> &scatters,
                     const QCPScatterStyle &style) const;

    int m_rasterThreshold = 400; // about where stamping (~1 ms of buffers) beats painting
    mutable bool m_lastDrawRasterized = false;
    mutable Stamp m_stamp;
    mutable QString m_stampKey;        // what m_stamp was rendered for
    mutable std::vector<float> m_keep; // per pixel, reused from draw to draw
    mutable QImage m_image;            // the points as drawn, reused too
    QVector<QPointF> m_scatters;       // the visible points in pixels, reused too
};

} // namespace tb

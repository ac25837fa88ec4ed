#include "densescattergraph.h"

#include <QImage>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

namespace {

constexpr int kPhases = 4; // sub-pixel offsets per axis the stamp is rendered at

QPen effectivePen(const QCPScatterStyle &style, const QPen &graphPen)
{
    return style.isPenDefined() ? style.pen() : graphPen;
}

// coordToPixel as offset + scale * f(coordinate), f the identity or ln: one logarithm per point
// on a log axis instead of QCPAxis's two and a division.
struct PixelMap
{
    double offset = 0;
    double scale = 0;
    bool logarithmic = false;

    explicit PixelMap(const QCPAxis *axis)
        : logarithmic(axis->scaleType() == QCPAxis::stLogarithmic)
    {
        const QCPRange range = axis->range();
        const double low = logarithmic ? std::log(range.lower) : range.lower;
        const double high = logarithmic ? std::log(range.upper) : range.upper;
        scale = (axis->coordToPixel(range.upper) - axis->coordToPixel(range.lower)) / (high - low);
        offset = axis->coordToPixel(range.lower) - scale * low;
    }

    double operator()(double coordinate) const
    {
        if (!logarithmic)
            return offset + scale * coordinate;
        return coordinate > 0 ? offset + scale * std::log(coordinate)
                              : std::numeric_limits<double>::quiet_NaN(); // off a log axis
    }
};

// Four lanes that never overlap: the compiler turns this into one vector multiply.
inline void multiplyLanes(float *__restrict target, const float *__restrict source)
{
    for (int lane = 0; lane < 4; ++lane)
        target[lane] *= source[lane];
}

} // namespace

DenseScatterGraph::DenseScatterGraph(QCPAxis *keyAxis, QCPAxis *valueAxis)
    : QCPGraph(keyAxis, valueAxis)
{
    // Adaptive sampling thins scatters to a few per pixel column and can drop an outlier;
    // stamping costs so little per point that every point is drawn.
    setAdaptiveSampling(false);
}

void DenseScatterGraph::draw(QCPPainter *painter)
{
    // The common case here, scatter points with nothing selected and no line: map the visible
    // points straight to pixels, without QCPGraph's intermediate copy of them.
    const QCPAxis *keys = keyAxis();
    const QCPAxis *values = valueAxis();
    const bool plain = mLineStyle == lsNone && !mScatterStyle.isNone() && mScatterSkip == 0 &&
                       selection().isEmpty() && keys && values && keys->range().size() > 0 &&
                       values->range().size() > 0 &&
                       (keys->scaleType() == QCPAxis::stLinear || keys->range().lower > 0) &&
                       (values->scaleType() == QCPAxis::stLinear || values->range().lower > 0);
    if (!plain || mDataContainer->isEmpty()) {
        QCPGraph::draw(painter);
        return;
    }
    QCPGraphDataContainer::const_iterator begin, end;
    getVisibleDataBounds(begin, end, QCPDataRange(0, dataCount()));
    const PixelMap keyPixel(keys);
    const PixelMap valuePixel(values);
    const bool horizontal = keys->orientation() == Qt::Horizontal;
    m_scatters.resize(end - begin);
    QPointF *out = m_scatters.data();
    for (auto it = begin; it != end; ++it, ++out)
        *out = horizontal ? QPointF(keyPixel(it->key), valuePixel(it->value))
                          : QPointF(valuePixel(it->value), keyPixel(it->key));
    drawScatterPlot(painter, m_scatters, mScatterStyle);
}

void DenseScatterGraph::drawScatterPlot(QCPPainter *painter, const QVector<QPointF> &scatters,
                                        const QCPScatterStyle &style) const
{
    applyScattersAntialiasingHint(painter); // first: it may shift the painter by half a pixel
    m_lastDrawRasterized = scatters.size() > m_rasterThreshold && canRasterize(painter, style);
    if (m_lastDrawRasterized)
        drawStamped(painter, scatters, style);
    else
        QCPGraph::drawScatterPlot(painter, scatters, style);
}

bool DenseScatterGraph::canRasterize(const QCPPainter *painter, const QCPScatterStyle &style) const
{
    // A PDF or SVG keeps vector discs; a scaled export paints them at its own scale. (An
    // antialiasing QCPPainter translates by half a pixel: that one is allowed.)
    if (painter->modes().testFlag(QCPPainter::pmVectorized) ||
        painter->transform().type() > QTransform::TxTranslate)
        return false;
    if (style.isNone() || style.shape() == QCPScatterStyle::ssPixmap)
        return false;
    // One colour per stamp: alpha composes exactly only for a single colour.
    const QPen pen = effectivePen(style, mPen);
    const QBrush brush = style.brush();
    const bool penShows = pen.style() != Qt::NoPen;
    const bool brushShows = brush.style() != Qt::NoBrush;
    if (brushShows && brush.style() != Qt::SolidPattern)
        return false;
    if (penShows && pen.brush().style() != Qt::SolidPattern)
        return false;
    return !(penShows && brushShows && pen.color().rgb() != brush.color().rgb());
}

const DenseScatterGraph::Stamp &DenseScatterGraph::stampFor(const QCPScatterStyle &style,
                                                            double ratio, bool antialiased) const
{
    const QPen pen = effectivePen(style, mPen);
    const QString key =
        QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8")
            .arg(int(style.shape()))
            .arg(style.size())
            .arg(pen.color().rgba())
            .arg(pen.widthF())
            .arg(int(pen.style()))
            .arg(style.brush().style() == Qt::NoBrush ? 0u : style.brush().color().rgba())
            .arg(ratio)
            .arg(antialiased);
    if (key == m_stampKey)
        return m_stamp;

    // Render the shape once per sub-pixel offset into a generous square...
    const int size = int(std::ceil((style.size() + pen.widthF() + 1) * ratio)) + 2;
    const int center = size / 2;
    std::vector<float> square(std::size_t(kPhases * kPhases * size * size), 1.0f);
    int firstRow = size, lastRow = -1, firstColumn = size, lastColumn = -1;
    for (int phase = 0; phase < kPhases * kPhases; ++phase) {
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        image.setDevicePixelRatio(ratio);
        {
            QCPPainter painter(&image);
            painter.setAntialiasing(antialiased);
            style.applyTo(&painter, mPen);
            // The shape's centre lands at this device position, whatever shift the painter
            // applies for antialiasing.
            const double x = center + (phase % kPhases + 0.5) / kPhases;
            const double y = center + (phase / kPhases + 0.5) / kPhases;
            style.drawShape(&painter, x / ratio - painter.transform().dx(),
                            y / ratio - painter.transform().dy());
        }
        float *keep = square.data() + std::size_t(phase * size * size);
        for (int row = 0; row < size; ++row) {
            const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(row));
            for (int column = 0; column < size; ++column) {
                if (qAlpha(line[column]) == 0)
                    continue;
                keep[row * size + column] = 1.0f - float(qAlpha(line[column])) / 255.0f;
                firstRow = std::min(firstRow, row);
                lastRow = std::max(lastRow, row);
                firstColumn = std::min(firstColumn, column);
                lastColumn = std::max(lastColumn, column);
            }
        }
    }
    // ...and keep only the part any offset touches, in rows of whole 4-float lanes, so the
    // stamping loop is a few vector multiplies per row.
    m_stamp.rows = std::max(0, lastRow - firstRow + 1);
    m_stamp.columns = (std::max(0, lastColumn - firstColumn + 1) + 3) / 4 * 4;
    m_stamp.left = firstColumn - center;
    m_stamp.top = firstRow - center;
    m_stamp.keep.assign(std::size_t(kPhases * kPhases * m_stamp.rows * m_stamp.columns), 1.0f);
    for (int phase = 0; phase < kPhases * kPhases; ++phase)
        for (int row = 0; row < m_stamp.rows; ++row)
            for (int column = 0; column < m_stamp.columns && firstColumn + column < size; ++column)
                m_stamp.keep[std::size_t((phase * m_stamp.rows + row) * m_stamp.columns + column)] =
                    square[std::size_t((phase * size + firstRow + row) * size + firstColumn +
                                       column)];
    m_stampKey = key;
    return m_stamp;
}

void DenseScatterGraph::drawStamped(QCPPainter *painter, const QVector<QPointF> &scatters,
                                    const QCPScatterStyle &style) const
{
    // Everything below is in device pixels of the paint buffer.
    const double ratio = painter->device()->devicePixelRatioF();
    const QPointF shift(painter->transform().dx(), painter->transform().dy());
    const QRectF area(QPointF(clipRect().topLeft()) + shift, QSizeF(clipRect().size()));
    if (area.isEmpty())
        return;
    const QPoint origin(int(std::floor(area.left() * ratio)), int(std::floor(area.top() * ratio)));
    const int width = int(std::ceil(area.right() * ratio)) - origin.x() + 1;
    const int height = int(std::ceil(area.bottom() * ratio)) - origin.y() + 1;
    const Stamp &stamp = stampFor(style, ratio, painter->antialiasing());
    if (stamp.rows == 0)
        return;

    // What fraction of light each pixel lets through, multiplied stamp by stamp. A margin of
    // one stamp on every side spares the loop any clipping.
    const int margin =
        std::max(stamp.rows, stamp.columns) + std::abs(stamp.left) + std::abs(stamp.top);
    const int stride = width + 2 * margin;
    const int bufferRows = height + 2 * margin;
    m_keep.assign(std::size_t(stride) * std::size_t(bufferRows), 1.0f);
    const std::size_t phaseSize = std::size_t(stamp.rows * stamp.columns);
    int touchedLeft = stride, touchedRight = 0, touchedTop = bufferRows, touchedBottom = 0;
    for (const QPointF &point : scatters) {
        const double x = (point.x() + shift.x()) * ratio - origin.x();
        const double y = (point.y() + shift.y()) * ratio - origin.y();
        if (!(x > -margin / 2 && y > -margin / 2 && x < width + margin / 2 &&
              y < height + margin / 2))
            continue; // off the axis rect, or NaN
        const double cellX = std::floor(x);
        const double cellY = std::floor(y);
        const int phase = std::min(kPhases - 1, int((x - cellX) * kPhases)) +
                          kPhases * std::min(kPhases - 1, int((y - cellY) * kPhases));
        const int left = int(cellX) + stamp.left + margin;
        const int top = int(cellY) + stamp.top + margin;
        touchedLeft = std::min(touchedLeft, left);
        touchedRight = std::max(touchedRight, left + stamp.columns);
        touchedTop = std::min(touchedTop, top);
        touchedBottom = std::max(touchedBottom, top + stamp.rows);
        const float *source = stamp.keep.data() + std::size_t(phase) * phaseSize;
        float *target = m_keep.data() + std::size_t(top) * std::size_t(stride) + left;
        for (int row = 0; row < stamp.rows; ++row, target += stride, source += stamp.columns)
            for (int column = 0; column < stamp.columns; column += 4)
                multiplyLanes(target + column, source + column);
    }

    const QPen pen = effectivePen(style, mPen);
    const QColor color = style.brush().style() != Qt::NoBrush ? style.brush().color() : pen.color();
    const float red = float(color.red()), green = float(color.green()), blue = float(color.blue());
    if (m_image.size() != QSize(width, height))
        m_image = QImage(width, height, QImage::Format_ARGB32_Premultiplied);
    QImage &image = m_image;
    image.setDevicePixelRatio(1);
    image.fill(Qt::transparent);
    for (int row = std::max(0, touchedTop - margin); row < std::min(height, touchedBottom - margin);
         ++row) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(row));
        const float *through =
            m_keep.data() + std::size_t(row + margin) * std::size_t(stride) + margin;
        for (int column = std::max(0, touchedLeft - margin);
             column < std::min(width, touchedRight - margin); ++column) {
            const float alpha = 1.0f - through[column];
            if (alpha > 0.0f)
                line[column] = qRgba(int(red * alpha + 0.5f), int(green * alpha + 0.5f),
                                     int(blue * alpha + 0.5f), int(255.0f * alpha + 0.5f));
        }
    }
    image.setDevicePixelRatio(ratio);
    painter->save();
    painter->resetTransform(); // the shift is in the image already
    painter->drawImage(QPointF(origin) / ratio, image);
    painter->restore();
}

} // namespace tb

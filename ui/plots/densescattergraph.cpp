#include "densescattergraph.h"

#include "fastlog.h"

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
// on a log axis instead of QCPAxis's two and a division. `approximate`: fastLn, for points that
// are stamped (their position is quantised to a quarter pixel anyway); else std::log, so that
// painted points land exactly where QCPGraph would paint them.
struct PixelMap
{
    double offset = 0;
    double scale = 0;
    bool logarithmic = false;
    bool approximate = false;

    PixelMap(const QCPAxis *axis, bool approximateLog)
        : logarithmic(axis->scaleType() == QCPAxis::stLogarithmic), approximate(approximateLog)
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
        if (!(coordinate > 0))
            return std::numeric_limits<double>::quiet_NaN(); // off a log axis
        return offset + scale * (approximate ? fastLn(coordinate) : std::log(coordinate));
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
    // Whether drawScatterPlot() will stamp them: it decides on the same count.
    const bool stamped = end - begin > m_rasterThreshold;
    const PixelMap keyPixel(keys, stamped);
    const PixelMap valuePixel(values, stamped);
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

    // A point's position in device pixels from the area's corner; points further than half a
    // stamp outside the area (or NaN) are not drawn.
    const int reach =
        std::max(stamp.rows, stamp.columns) + std::abs(stamp.left) + std::abs(stamp.top);
    const auto place = [&](const QPointF &point, double &x, double &y) {
        x = (point.x() + shift.x()) * ratio - origin.x();
        y = (point.y() + shift.y()) * ratio - origin.y();
        return x > -reach / 2 && y > -reach / 2 && x < width + reach / 2 && y < height + reach / 2;
    };

    // The buffer covers only the pixels some stamp touches: a strip of markers along the
    // bottom, or a few points, costs its own size rather than the whole axis rect's.
    int lowX = std::numeric_limits<int>::max(), highX = std::numeric_limits<int>::min();
    int lowY = lowX, highY = highX;
    double x = 0, y = 0;
    for (const QPointF &point : scatters) {
        if (!place(point, x, y))
            continue;
        lowX = std::min(lowX, int(std::floor(x)));
        highX = std::max(highX, int(std::floor(x)));
        lowY = std::min(lowY, int(std::floor(y)));
        highY = std::max(highY, int(std::floor(y)));
    }
    if (lowX > highX)
        return; // nothing visible
    const int left = lowX + stamp.left;
    const int top = lowY + stamp.top;
    const int stride = highX - lowX + stamp.columns;
    const int rows = highY - lowY + stamp.rows;

    // What fraction of light each pixel lets through, multiplied stamp by stamp.
    m_keep.assign(std::size_t(stride) * std::size_t(rows), 1.0f);
    const std::size_t phaseSize = std::size_t(stamp.rows * stamp.columns);
    for (const QPointF &point : scatters) {
        if (!place(point, x, y))
            continue;
        const double cellX = std::floor(x);
        const double cellY = std::floor(y);
        const int phase = std::min(kPhases - 1, int((x - cellX) * kPhases)) +
                          kPhases * std::min(kPhases - 1, int((y - cellY) * kPhases));
        const float *source = stamp.keep.data() + std::size_t(phase) * phaseSize;
        float *target = m_keep.data() +
                        std::size_t(int(cellY) + stamp.top - top) * std::size_t(stride) +
                        std::size_t(int(cellX) + stamp.left - left);
        for (int row = 0; row < stamp.rows; ++row, target += stride, source += stamp.columns)
            for (int column = 0; column < stamp.columns; column += 4)
                multiplyLanes(target + column, source + column);
    }

    // The touched pixels that lie in the area, as one image.
    const QRect shown = QRect(left, top, stride, rows).intersected(QRect(0, 0, width, height));
    if (shown.isEmpty())
        return;
    const QPen pen = effectivePen(style, mPen);
    const QColor color = style.brush().style() != Qt::NoBrush ? style.brush().color() : pen.color();
    const float red = float(color.red()), green = float(color.green()), blue = float(color.blue());
    if (m_image.size() != shown.size())
        m_image = QImage(shown.size(), QImage::Format_ARGB32_Premultiplied);
    QImage &image = m_image;
    image.setDevicePixelRatio(1);
    // Every pixel of the image is written (a pixel no stamp touched gets alpha 0, transparent),
    // without a branch, so the compiler vectorises the loop: it runs over the whole axis rect
    // for a spread-out scatter, a quarter of a million pixels per graph.
    for (int row = 0; row < shown.height(); ++row) {
        auto *__restrict line = reinterpret_cast<QRgb *>(image.scanLine(row));
        const float *__restrict through =
            m_keep.data() + std::size_t(shown.top() + row - top) * std::size_t(stride) +
            std::size_t(shown.left() - left);
        for (int column = 0; column < shown.width(); ++column) {
            const float alpha = 1.0f - through[column];
            // Through int, not unsigned: SSE2 converts float to int four lanes at a time.
            const int a = int(255.0f * alpha + 0.5f), r = int(red * alpha + 0.5f);
            const int g = int(green * alpha + 0.5f), b = int(blue * alpha + 0.5f);
            line[column] = QRgb((a << 24) | (r << 16) | (g << 8) | b);
        }
    }
    image.setDevicePixelRatio(ratio);
    painter->save();
    painter->resetTransform(); // the shift is in the image already
    painter->drawImage(QPointF(origin + shown.topLeft()) / ratio, image);
    painter->restore();
}

} // namespace tb

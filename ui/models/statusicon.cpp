#include "statusicon.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace tb {

QColor statusColor(ResultStatus status)
{
    switch (status) {
    case ResultStatus::Ok:
        return QColor(0x27, 0xae, 0x60);
    case ResultStatus::Timeout:
        return QColor(0xe6, 0x7e, 0x22);
    case ResultStatus::SkippedByConstraint:
        return QColor(0x95, 0xa5, 0xa6);
    default:
        return QColor(0xc0, 0x39, 0x2b);
    }
}

namespace {

// A dot of `fill` with a `ring` outline `ringWidth` sixteenths of the side thick, at 16 and 32
// pixels (32: high-DPI screens).
QIcon paintDot(const QColor &fill, const QColor &ring, double ringWidth)
{
    QIcon icon;
    for (const int side : {16, 32}) {
        QPixmap pixmap(side, side);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(ring, side * ringWidth / 16.0));
        painter.setBrush(fill);
        const double margin = side * 0.2;
        painter.drawEllipse(QRectF(margin, margin, side - 2 * margin, side - 2 * margin));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

QIcon statusIcon(ResultStatus status)
{
    static QHash<int, QIcon> icons; // the GUI thread's only
    QIcon &icon = icons[int(status)];
    if (icon.isNull())
        icon = paintDot(statusColor(status), statusColor(status).darker(130), 1);
    return icon;
}

QIcon cautionIcon()
{
    static const QIcon icon =
        paintDot(statusColor(ResultStatus::Ok), statusColor(ResultStatus::Timeout), 3);
    return icon;
}

} // namespace tb

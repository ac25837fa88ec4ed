#include "viewfollower.h"

#include <qcustomplot.h>

namespace tb {

ViewFollower::ViewFollower(QCustomPlot *plot) : QObject(plot)
{
    connect(plot, &QCustomPlot::mouseWheel, this, [this] { m_follows = false; });
    connect(plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *event) {
        if (event->buttons() != Qt::NoButton)
            m_follows = false;
    });
    connect(plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_follows = true;
        emit followRequested();
    });
}

void ViewFollower::setFollows(bool follows)
{
    m_follows = follows;
}

} // namespace tb

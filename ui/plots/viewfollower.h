#pragma once

#include <QObject>

class QCustomPlot;

namespace tb {

// Whether a live plot should keep fitting its axes to the data. It does until the user drags
// or zooms (they are looking at something: leave the view alone) and again after a double
// click, which asks for the fitted view back.
class ViewFollower : public QObject
{
    Q_OBJECT
public:
    explicit ViewFollower(QCustomPlot *plot);

    bool follows() const { return m_follows; }
    void setFollows(bool follows);

signals:
    void followRequested(); // a double click: fit the view now

private:
    bool m_follows = true;
};

} // namespace tb

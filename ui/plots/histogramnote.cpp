#include "histogramnote.h"

#include <QVBoxLayout>

namespace tb {

HistogramNote::HistogramNote(const QString &toolTip, QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("histogramNote"));
    setWordWrap(true);
    setContentsMargins(4, 0, 4, 2);
    setToolTip(toolTip);
    hide();
}

void HistogramNote::placeUnder(QWidget *plot, QWidget *owner)
{
    auto *layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(plot, 1);
    layout->addWidget(this);
}

void HistogramNote::describe(const HistogramRange &range, const HistogramRange::Beyond &beyond)
{
    showText(beyondRangeNote(range, beyond));
}

void HistogramNote::showText(const QString &text)
{
    setText(text);
    setVisible(!text.isEmpty());
}

QString HistogramNote::shownText() const
{
    return isHidden() ? QString() : text();
}

} // namespace tb

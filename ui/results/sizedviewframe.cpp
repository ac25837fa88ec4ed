#include "sizedviewframe.h"

#include "plots/plotcontrols.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace tb {

namespace {

QWidget *controlsRow(QWidget *view, const QString &name, QComboBox *sizeCombo,
                     const QString &sizeToolTip, const std::function<void()> &recompute)
{
    auto *controls = new QWidget(view);
    auto *row = new QHBoxLayout(controls);
    row->setContentsMargins(4, 2, 4, 0);
    sizeCombo->setObjectName(name + QStringLiteral("SizeCombo"));
    addLabelledCombo(row, QWidget::tr("Si&ze:"), sizeCombo, sizeToolTip);
    row->addStretch(1);
    auto *refresh = new QToolButton(controls);
    refresh->setObjectName(name + QStringLiteral("Recompute"));
    refresh->setText(QWidget::tr("Recompute"));
    refresh->setToolTip(QWidget::tr("Draw again now (it does so by itself twice a second while "
                                    "results arrive)"));
    QObject::connect(refresh, &QToolButton::clicked, view, recompute);
    row->addWidget(refresh);
    return controls;
}

} // namespace

void layOutSizedView(QWidget *view, const QString &name, QComboBox *sizeCombo,
                     const QString &sizeToolTip, QLabel *note, QWidget *plot,
                     const std::function<void()> &recompute)
{
    note->setObjectName(name + QStringLiteral("Note"));
    note->setWordWrap(true);
    note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(view);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(controlsRow(view, name, sizeCombo, sizeToolTip, recompute));
    layout->addWidget(note);
    layout->addWidget(plot, 1);
}

} // namespace tb

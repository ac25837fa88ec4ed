#include "findbar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

namespace tb {

FindBar::FindBar(QWidget *parent)
    : QWidget(parent), m_field(new QLineEdit(this)), m_previous(new QToolButton(this)),
      m_next(new QToolButton(this)), m_case(new QCheckBox(tr("Match case"), this)),
      m_status(new QLabel(this)), m_close(new QToolButton(this))
{
    m_field->setPlaceholderText(tr("Find in kernel"));
    m_field->setClearButtonEnabled(true);
    m_field->setToolTip(tr("Enter or F3: next match; Shift+Enter or Shift+F3: previous; "
                           "Esc: close"));
    m_field->installEventFilter(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+F3)"));
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (F3)"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);
    m_close->setToolTip(tr("Close the find bar (Esc)"));
    m_status->setStyleSheet(QStringLiteral("color: #c62828;"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_case);
    layout->addWidget(m_status);
    layout->addStretch();
    layout->addWidget(m_close);

    connect(m_previous, &QToolButton::clicked, this, [this] { request(false); });
    connect(m_next, &QToolButton::clicked, this, [this] { request(true); });
    connect(m_close, &QToolButton::clicked, this, &FindBar::dismiss);
    connect(m_field, &QLineEdit::textEdited, this, [this] { m_status->clear(); });
    connect(m_case, &QCheckBox::toggled, this, [this] { m_status->clear(); });
    hide();
}

QString FindBar::text() const
{
    return m_field->text();
}

bool FindBar::caseSensitive() const
{
    return m_case->isChecked();
}

void FindBar::open(const QString &text)
{
    if (!text.isEmpty())
        m_field->setText(text);
    m_status->clear();
    show();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void FindBar::dismiss()
{
    hide();
    emit closed();
}

void FindBar::setFound(bool found)
{
    m_status->setText(found ? QString() : tr("not found"));
}

bool FindBar::notFoundShown() const
{
    return !m_status->text().isEmpty();
}

void FindBar::request(bool forward)
{
    if (m_field->text().isEmpty())
        return;
    emit findRequested(m_field->text(), forward, m_case->isChecked());
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_field || event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool shift = key->modifiers().testFlag(Qt::ShiftModifier);
    switch (key->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_F3:
        request(!shift);
        return true;
    case Qt::Key_Escape:
        dismiss();
        return true;
    default:
        return QWidget::eventFilter(watched, event);
    }
}

} // namespace tb

#include "errorlabel.h"

namespace tb {

ErrorLabel::ErrorLabel(QWidget *parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette palette = this->palette();
    palette.setColor(QPalette::WindowText, errorColor());
    setPalette(palette);
    hide();
}

void ErrorLabel::setErrors(const QStringList &errors)
{
    if (errors == m_errors)
        return;
    m_errors = errors;
    const QString text = errors.join(QLatin1Char('\n'));
    setText(text);
    setToolTip(text);
    setVisible(!errors.isEmpty());
}

QColor ErrorLabel::errorColor()
{
    return QColor(0xd3, 0x2f, 0x2f);
}

} // namespace tb

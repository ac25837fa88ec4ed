#pragma once

#include <QLabel>

namespace tb {

// The red text under a field that says what is wrong with it; hidden while nothing is. The
// full text is also its tooltip (the field's own tooltip is its owner's business).
class ErrorLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ErrorLabel(QWidget *parent = nullptr);

    void setErrors(const QStringList &errors);
    QStringList errors() const { return m_errors; }
    // The colour errors are drawn in, readable on light and dark palettes.
    static QColor errorColor();

private:
    QStringList m_errors;
};

} // namespace tb

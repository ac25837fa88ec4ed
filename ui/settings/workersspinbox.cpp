#include "workersspinbox.h"

#include "appsettings.h"

namespace tb {

WorkersSpinBox::WorkersSpinBox(const QString &automaticText, int maximum, QWidget *parent)
    : QSpinBox(parent)
{
    setRange(AppSettings::kAutomaticWorkers, maximum);
    setSpecialValueText(automaticText); // shown for the minimum, 0
}

bool WorkersSpinBox::isAutomaticWord(const QString &input) const
{
    return input.trimmed().compare(specialValueText(), Qt::CaseInsensitive) == 0;
}

bool WorkersSpinBox::beginsAutomaticWord(const QString &input) const
{
    const QString typed = input.trimmed();
    return !typed.isEmpty() && specialValueText().startsWith(typed, Qt::CaseInsensitive);
}

QValidator::State WorkersSpinBox::validate(QString &input, int &pos) const
{
    if (isAutomaticWord(input))
        return QValidator::Acceptable;
    // Not yet a choice: a stray letter ("a" of "abc") must not pass for Automatic.
    if (beginsAutomaticWord(input))
        return QValidator::Intermediate;
    return QSpinBox::validate(input, pos);
}

int WorkersSpinBox::valueFromText(const QString &text) const
{
    return isAutomaticWord(text) ? minimum() : QSpinBox::valueFromText(text);
}

void WorkersSpinBox::fixup(QString &input) const
{
    if (beginsAutomaticWord(input))
        input = specialValueText();
    else
        QSpinBox::fixup(input);
}

} // namespace tb

#pragma once

#include <QSpinBox>

namespace tb {

// A compile worker count from 0 to `maximum`, 0 (AppSettings::kAutomaticWorkers) shown as
// `automaticText`. A plain QSpinBox shows its special value text but refuses it typed, letter
// by letter; this one takes it in any case, a beginning of it as a word in progress (completed
// on Enter or leaving the box), and 0.
class WorkersSpinBox : public QSpinBox
{
public:
    WorkersSpinBox(const QString &automaticText, int maximum, QWidget *parent = nullptr);

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    int valueFromText(const QString &text) const override;
    void fixup(QString &input) const override;

private:
    bool isAutomaticWord(const QString &input) const;
    bool beginsAutomaticWord(const QString &input) const;
};

} // namespace tb

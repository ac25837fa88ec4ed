#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;

namespace tb {

class ErrorLabel;
class JsonField;
class SpecDocument;

// How results are checked: an optional reference configuration (one value per parameter,
// picked from that parameter's values) whose output buffers every other configuration must
// match within the relative and absolute tolerances. Each output's own settings
// (verification.expected) are shown read-only, with their errors: the JSON edits them.
class VerificationEditor : public QWidget
{
    Q_OBJECT
public:
    explicit VerificationEditor(SpecDocument *document, QWidget *parent = nullptr);

    QCheckBox *referenceBox() const { return m_useReference; }
    // The value picker of a parameter of the reference, or nullptr.
    QComboBox *referenceCombo(const QString &parameter) const;
    JsonField *rtolField() const { return m_rtol; }
    JsonField *atolField() const { return m_atol; }
    // verification.expected, one line per output; hidden when there is none.
    QLabel *expectedLabel() const { return m_expected; }
    ErrorLabel *expectedErrorLabel() const { return m_expectedError; }

private:
    void rebuildPickers();
    void refresh();
    void refreshExpected();
    void onReferenceToggled(bool on);

    SpecDocument *m_document;
    QCheckBox *m_useReference;
    QFormLayout *m_pickers;
    QList<QComboBox *> m_combos;
    ErrorLabel *m_referenceError;
    JsonField *m_rtol;
    JsonField *m_atol;
    QLabel *m_expected;
    ErrorLabel *m_expectedError;
    QString m_pickerShape; // the parameters the pickers were built for
};

} // namespace tb

#pragma once

#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;

namespace tb {

class ErrorLabel;
class JsonField;
class SpecDocument;

// The initial contents of one buffer argument: zero, a constant, uniform random numbers
// (seed, min, max) or a sequence (start, step). Shows the fields of the chosen kind only; empty
// fields take the format's defaults, shown as placeholders.
class BufferInitEditor : public QWidget
{
    Q_OBJECT
public:
    explicit BufferInitEditor(SpecDocument *document, QWidget *parent = nullptr);

    // The argument to edit ("/arguments/2"), or "" for none.
    void setArgument(const QString &argumentPointer);
    QComboBox *kindCombo() const { return m_kind; }
    JsonField *field(const QString &name) const; // "constant", "seed", "min", ...

    static QStringList kinds();

private:
    QString initPointer() const;
    QString currentKind() const;
    void refresh();
    void onKindPicked(int index);
    JsonField *addField(const QString &name, const QString &label, const QString &placeholder,
                        bool integer);

    SpecDocument *m_document;
    QString m_argument;
    QLabel *m_note;
    QComboBox *m_kind;
    QFormLayout *m_form;
    ErrorLabel *m_error;
    QList<JsonField *> m_fields;
};

} // namespace tb

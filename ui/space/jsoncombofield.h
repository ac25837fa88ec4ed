#pragma once

#include "document/jsonpointer.h"

#include <QWidget>

class QComboBox;

namespace tb {

class ErrorLabel;
class SpecDocument;

// A choice among fixed values (a backend, a type, a direction) bound to one spec value, with its
// error below. A missing key shows the format's default; a value that is not among the choices
// shows as it is (so the user sees what the file says, next to the validator's complaint).
class JsonComboField : public QWidget
{
    Q_OBJECT
public:
    struct Choice
    {
        QString label;
        SpecJson value;
    };

    JsonComboField(SpecDocument *document, QWidget *parent = nullptr);

    void setPointer(const QString &pointer);
    QString pointer() const { return m_pointer; }
    void setChoices(const QList<Choice> &choices);
    // Strings shown as themselves.
    void setChoices(const QStringList &values);
    // What a missing key means; nullopt: the field is required.
    void setDefault(const SpecJson &value);
    // The tool tip while the value has no error (an error's text replaces it).
    void setHelp(const QString &help);

    QComboBox *comboBox() const { return m_combo; }
    ErrorLabel *errorLabel() const { return m_error; }

    void refresh();

signals:
    // The user picked a choice (after the document was edited).
    void picked(const SpecJson &value);

private:
    void onActivated(int index);

    SpecDocument *m_document;
    QString m_pointer;
    QList<Choice> m_choices;
    SpecJson m_default; // null: none
    QString m_help;
    QComboBox *m_combo;
    ErrorLabel *m_error;
};

} // namespace tb

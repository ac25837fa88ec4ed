#pragma once

#include "fieldcodec.h"

#include <QWidget>

#include <functional>

namespace tb {

class ErrorLabel;
class FieldLineEdit;
class SpecDocument;

// A line edit bound to one value of the spec (a JSON pointer), with its error in red below it.
// Each keystroke that reads as a valid value is an edit of the document (typing merges into one
// undo step); text that does not read (a letter in a number) stays in the field with the reason
// below it and does not reach the document. The field refreshes when the document changes under
// it (undo, redo, another editor) and shows the validator's issues at or below its pointer.
class JsonField : public QWidget
{
    Q_OBJECT
public:
    using Check = std::function<QString(const QString &text)>;

    JsonField(SpecDocument *document, FieldCodec::Kind kind, QWidget *parent = nullptr);

    void setPointer(const QString &pointer);
    QString pointer() const { return m_pointer; }
    // An optional field left empty removes its key; the placeholder says what applies then.
    void setOptional(const QString &defaultText);
    // Instant checks while typing (e.g. compile an expression): "" when fine.
    void setCheck(Check check);
    void setHelp(const QString &help);

    FieldLineEdit *lineEdit() const { return m_edit; }
    ErrorLabel *errorLabel() const { return m_error; }
    QStringList errors() const;

    void refresh();
    void refreshErrors();

private:
    void onTextEdited(const QString &text);
    void onDocumentChanged(const QString &pointer);

    SpecDocument *m_document;
    FieldCodec::Kind m_kind;
    QString m_pointer;
    bool m_optional = false;
    Check m_check;
    QString m_help;
    QString m_localError;                 // the text does not read as a value
    bool m_editedSinceValidation = false; // the document's issues may be about older text
    FieldLineEdit *m_edit;
    ErrorLabel *m_error;
};

} // namespace tb

#pragma once

#include <QWidget>

#include <array>

namespace tb {

class ErrorLabel;
class FieldLineEdit;
class SpecDocument;

// A launch dimension (grid or block): up to three expressions x, y, z bound to one array of
// the spec. Empty trailing boxes shorten the array ("y" and "z" default to 1 on the device).
// Each box is checked as it is typed; its issues show below, named by axis. As a JsonField's,
// the validator's verdict is shown only once it has seen the text typed: an old one would
// name an error already fixed.
class GeometryField : public QWidget
{
    Q_OBJECT
public:
    GeometryField(SpecDocument *document, QString arrayPointer, QWidget *parent = nullptr);

    FieldLineEdit *edit(int axis) const { return m_edits.at(std::size_t(axis)); }
    ErrorLabel *errorLabel() const { return m_error; }
    void refresh();

private:
    void onEdited();
    void refreshErrors();

    SpecDocument *m_document;
    QString m_pointer;
    std::array<FieldLineEdit *, 3> m_edits{};
    ErrorLabel *m_error;
    bool m_editedSinceValidation = false; // the document's issues may be about older text
};

} // namespace tb

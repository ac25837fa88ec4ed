#pragma once

#include <QCheckBox>

namespace tb {

class SpecDocument;

// A boolean spec value (missing = false, the format's default for every boolean it has).
class JsonCheckBox : public QCheckBox
{
    Q_OBJECT
public:
    JsonCheckBox(SpecDocument *document, const QString &text, QWidget *parent = nullptr);

    void setPointer(const QString &pointer);
    QString pointer() const { return m_pointer; }
    void refresh();

private:
    SpecDocument *m_document;
    QString m_pointer;
};

} // namespace tb

#pragma once

#include <QWidget>

class QFormLayout;

namespace tb {

class JsonComboField;
class JsonField;
class SpecDocument;

// What is tuned: the spec's name, the backend, and the kernel (entry point, source file,
// language, extra compiler flags, target architecture for offline CUDA work). The kernel's
// text itself is edited on the Kernel page.
class SpecBasicsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit SpecBasicsEditor(SpecDocument *document, QWidget *parent = nullptr);

    JsonField *nameField() const { return m_name; }
    JsonComboField *backendField() const { return m_backend; }
    JsonField *entryField() const { return m_entry; }

private:
    void refresh();

    SpecDocument *m_document;
    QFormLayout *m_form;
    JsonField *m_name;
    JsonComboField *m_backend;
    JsonField *m_entry;
    JsonField *m_source;
    JsonComboField *m_language;
    JsonField *m_flags;
    JsonField *m_arch;
};

} // namespace tb

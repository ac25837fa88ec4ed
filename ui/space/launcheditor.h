#pragma once

#include <QWidget>

class QLabel;

namespace tb {

class GeometryField;
class JsonField;
class SpecDocument;

// The CUDA launch geometry: grid and block as expressions of parameters and sizes (e.g.
// ceil_div(N, BM)), and the dynamic shared memory in bytes. CPU kernels have none: the section
// is disabled for them, with a note saying so.
class LaunchEditor : public QWidget
{
    Q_OBJECT
public:
    explicit LaunchEditor(SpecDocument *document, QWidget *parent = nullptr);

    GeometryField *gridField() const { return m_grid; }
    GeometryField *blockField() const { return m_block; }
    JsonField *sharedMemoryField() const { return m_sharedMemory; }

private:
    void refresh();

    SpecDocument *m_document;
    QLabel *m_note;
    GeometryField *m_grid;
    GeometryField *m_block;
    JsonField *m_sharedMemory;
    QWidget *m_fields;
};

} // namespace tb

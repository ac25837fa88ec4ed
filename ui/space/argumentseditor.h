#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace tb {

class ArgumentsModel;
class BufferInitEditor;
class ErrorLabel;
class SpecDocument;

// The kernel's arguments: a table in call order with add / remove / reorder, and the initial
// contents of the selected buffer beside it.
class ArgumentsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ArgumentsEditor(SpecDocument *document, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    ArgumentsModel *model() const { return m_model; }
    BufferInitEditor *initEditor() const { return m_init; }
    QPushButton *addButton() const { return m_add; }

public slots:
    void addArgument();
    void removeCurrent();
    void moveCurrent(int delta);

private:
    int currentRow() const;
    void selectRow(int row);
    void onCurrentChanged();

    SpecDocument *m_document;
    ArgumentsModel *m_model;
    QTableView *m_view;
    BufferInitEditor *m_init;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_up;
    QPushButton *m_down;
    ErrorLabel *m_error;
};

} // namespace tb

#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace tb {

class ErrorLabel;
class FieldLineEdit;
class SizesModel;
class SpecDocument;

// The problem sizes: the size variables ("N, M": renaming, adding or removing one rewrites
// every size) and a table of their values, one row per size.
class SizesEditor : public QWidget
{
    Q_OBJECT
public:
    explicit SizesEditor(SpecDocument *document, QWidget *parent = nullptr);

    FieldLineEdit *variablesEdit() const { return m_variables; }
    QTableView *view() const { return m_view; }
    SizesModel *model() const { return m_model; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }

public slots:
    void addSize();
    void removeCurrent();
    // Applies the variables typed in the field (on Enter or leaving it).
    void applyVariables();

private:
    void refreshVariables();

    SpecDocument *m_document;
    SizesModel *m_model;
    FieldLineEdit *m_variables;
    QTableView *m_view;
    QPushButton *m_add;
    QPushButton *m_remove;
    ErrorLabel *m_error;
};

} // namespace tb

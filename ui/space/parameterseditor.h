#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace tb {

class ErrorLabel;
class ParametersModel;
class SpecDocument;

// The tunable parameters: a table (name, list of values or a range) with buttons to add,
// remove and reorder rows (Insert, Delete, Alt+Up/Down in the table). Enumeration order is the
// row order, the last row varying fastest.
class ParametersEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ParametersEditor(SpecDocument *document, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    ParametersModel *model() const { return m_model; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *upButton() const { return m_up; }
    QPushButton *downButton() const { return m_down; }
    ErrorLabel *errorLabel() const { return m_error; }

public slots:
    void addParameter();
    void removeCurrent();
    void moveCurrent(int delta);

private:
    void selectRow(int row);
    void updateButtons();

    SpecDocument *m_document;
    ParametersModel *m_model;
    QTableView *m_view;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_up;
    QPushButton *m_down;
    ErrorLabel *m_error;
};

} // namespace tb

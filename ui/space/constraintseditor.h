#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace tb {

class ErrorLabel;
class JsonField;
class SpecDocument;
class ValidCounter;

// The constraints, one expression per row, each compiled as it is typed against the parameter
// and size names (its error right under it), and the live count of valid configurations per
// problem size, counted off the GUI thread ("counting..." meanwhile).
class ConstraintsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ConstraintsEditor(SpecDocument *document, QWidget *parent = nullptr);

    int rowCount() const { return int(m_rows.size()); }
    JsonField *field(int row) const { return m_rows.at(row).field; }
    QToolButton *removeButton(int row) const { return m_rows.at(row).remove; }
    QPushButton *addButton() const { return m_add; }
    QLabel *countLabel() const { return m_count; }
    ValidCounter *counter() const { return m_counter; }

public slots:
    void addConstraint();

private:
    struct Row
    {
        QWidget *widget = nullptr;
        JsonField *field = nullptr;
        QToolButton *remove = nullptr;
    };
    void onDocumentChanged(const QString &pointer);
    void syncRows();
    Row makeRow(int index);
    void showCount();

    SpecDocument *m_document;
    QVBoxLayout *m_rowLayout;
    QList<Row> m_rows;
    QPushButton *m_add;
    ErrorLabel *m_error;
    QLabel *m_count;
    ValidCounter *m_counter;
};

} // namespace tb

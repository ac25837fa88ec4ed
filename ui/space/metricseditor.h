#pragma once

#include <QList>
#include <QWidget>

class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace tb {

class JsonComboField;
class JsonField;
class SpecDocument;

// Derived metrics (a name and an expression of parameters, sizes and `time`, the median in
// seconds, e.g. GB/s = 3*N*4 / time / 1e9) and the objective: minimise or maximise time or one
// of the metrics.
class MetricsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit MetricsEditor(SpecDocument *document, QWidget *parent = nullptr);

    int rowCount() const { return int(m_rows.size()); }
    JsonField *nameField(int row) const { return m_rows.at(row).name; }
    JsonField *expressionField(int row) const { return m_rows.at(row).expression; }
    QPushButton *addButton() const { return m_add; }
    JsonComboField *objectiveField() const { return m_objective; }
    JsonComboField *directionField() const { return m_direction; }

public slots:
    void addMetric();

private:
    struct Row
    {
        QWidget *widget = nullptr;
        JsonField *name = nullptr;
        JsonField *expression = nullptr;
        QToolButton *remove = nullptr;
    };
    void syncRows();
    Row makeRow(int index);
    void refreshObjective();

    SpecDocument *m_document;
    QVBoxLayout *m_rowLayout;
    QList<Row> m_rows;
    QPushButton *m_add;
    JsonComboField *m_objective;
    JsonComboField *m_direction;
};

} // namespace tb

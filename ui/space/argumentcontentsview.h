#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace tb {

class SpecDocument;

// What each argument holds when a kernel starts, at one problem size: where the contents come
// from (a file, an expression, random numbers ...), how many elements there are and the first
// values, as the backends will fill them (previewArgument). Read-only; it follows the
// document's validations, and says why an argument cannot be shown.
class ArgumentContentsView : public QWidget
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Source,
        Elements,
        FirstValues,
        ColumnCount
    };

    explicit ArgumentContentsView(SpecDocument *document, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QComboBox *sizeChooser() const { return m_size; }
    QLabel *noteLabel() const { return m_note; }

private:
    void refresh();
    void fillSizes(const QStringList &labels);

    SpecDocument *m_document;
    QComboBox *m_size;
    QLabel *m_note;
    QTableWidget *m_table;
};

} // namespace tb

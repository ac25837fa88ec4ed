#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace tb {

class SpecDocument;

// A table over one array of the spec (parameters, problem sizes, arguments): one row per
// element, read straight from the document and edited through its undoable commands. Cells with
// validation issues are drawn red with the issue as tooltip, and a row with any issue gets a
// warning icon. The row count (and the columns, where they come from the document) are cached
// so the view always sees a consistent shape: a change of shape resets the model, any other
// change is a dataChanged.
class SpecTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    SpecTableModel(SpecDocument *document, QString arrayPointer, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    SpecDocument *document() const { return m_document; }
    QString arrayPointer() const { return m_arrayPointer; }
    QString rowPointer(int row) const;
    // Every issue of the table, as "row label, field: message" lines for a summary.
    QStringList problems() const;

protected:
    // Display, edit, check-state (and tooltip as help) data of a cell.
    virtual QVariant cellData(int row, int column, int role) const = 0;
    // Where the issues shown on a cell live ("" for none).
    virtual QString cellPointer(int row, int column) const = 0;
    virtual bool isCellEditable(int row, int column) const = 0;
    virtual bool isCellCheckable(int, int) const { return false; }
    virtual bool setCell(int row, int column, const QVariant &value, int role) = 0;
    // What names the row in problems(): its "name" member by default.
    virtual QString rowLabel(int row) const;
    // The document-derived part of the shape beyond the row count (the sizes' columns).
    virtual QStringList shapeKey() const { return {}; }
    // Called inside a reset, to cache what shapeKey() described.
    virtual void adoptShape() {}
    void sync();

private:
    int documentRowCount() const;
    QStringList cellErrors(int row, int column) const;

    SpecDocument *m_document;
    QString m_arrayPointer;
    int m_rows = 0;
    QStringList m_shape;
};

} // namespace tb

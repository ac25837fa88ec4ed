#pragma once

#include <QMap>
#include <QObject>
#include <QString>

#include <cstddef>
#include <vector>

class QComboBox;

namespace tb {

// The problem-size selector of a Results view that keeps its own per-size data (Importance,
// Roofline): the combo, the sizes' labels, the size shown, and whether it was chosen (by the
// user or the page). Until one is chosen, the view shows the first size that holds data.
class SizeChoice : public QObject
{
    Q_OBJECT
public:
    // `combo` is the view's; its items are filled here.
    explicit SizeChoice(QComboBox *combo, QObject *parent = nullptr);

    std::size_t current() const { return m_current; }
    // A new run: no labels, no sizes, nothing chosen.
    void reset();
    void setLabel(std::size_t size, const QString &label);
    // The sizes that hold data now, ascending; shows the first while none was chosen.
    void setSizes(std::vector<std::size_t> sizes);
    // Shows `size` from now on; changed() when it is another than the one shown.
    void choose(std::size_t size);

signals:
    void changed(std::size_t size);

private:
    void fill();

    QComboBox *m_combo;
    QMap<std::size_t, QString> m_labels;
    std::vector<std::size_t> m_sizes;
    std::size_t m_current = 0;
    bool m_chosen = false;
};

} // namespace tb

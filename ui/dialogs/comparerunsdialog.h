#pragma once

#include "tasks/runrecords.h"

#include <QDialog>
#include <QVector>

class QDialogButtonBox;
class QLabel;
class QListWidget;

namespace tb {

// View > Compare Runs: check two or more of the workspace's runs; Compare is enabled once two
// are checked. The main window then compares their best configurations (runcomparison.h).
class CompareRunsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CompareRunsDialog(const QVector<RunRecord> &runs, QWidget *parent = nullptr);

    QVector<qint64> checkedRunIds() const; // in the list's order (newest first)
    QListWidget *list() const { return m_list; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void updateButtons();

    QListWidget *m_list;
    QLabel *m_hint;
    QDialogButtonBox *m_buttons;
};

} // namespace tb

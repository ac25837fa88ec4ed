#pragma once

#include "session/workerlaunch.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tb {

// The Workers page's "Measuring workers" group: Local, Slurm (srun tasks and extra srun
// arguments; "Ask Slurm for an allocation (salloc)" with its partition, account and time limit;
// a note when the workbench runs outside an allocation and asks for none) or ssh (hosts). Only
// the chosen launcher's fields are enabled.
class LauncherForm : public QGroupBox
{
    Q_OBJECT
public:
    explicit LauncherForm(QWidget *parent = nullptr);

    LauncherPreference value() const;
    void setValue(const LauncherPreference &launch);
    QString problem() const; // why the values cannot be saved, or empty

    QComboBox *launcherBox() const { return m_launcher; }
    QSpinBox *srunTasksBox() const { return m_srunTasks; }
    QLineEdit *srunArgumentsEdit() const { return m_srunArguments; }
    QLineEdit *sshHostsEdit() const { return m_sshHosts; }
    QLabel *allocationNote() const { return m_allocationNote; }
    QCheckBox *sallocBox() const { return m_salloc; }
    QCheckBox *buildOnNodesBox() const { return m_buildOnNodes; }
    QLineEdit *partitionEdit() const { return m_partition; }
    QLineEdit *accountEdit() const { return m_account; }
    QLineEdit *timeLimitEdit() const { return m_timeLimit; }

signals:
    void changed();

private:
    void setUpAllocation();
    void showChosen();

    QComboBox *m_launcher;
    QSpinBox *m_srunTasks;
    QLineEdit *m_srunArguments;
    QCheckBox *m_salloc;
    QCheckBox *m_buildOnNodes;
    QLineEdit *m_partition;
    QLineEdit *m_account;
    QLineEdit *m_timeLimit;
    QLabel *m_allocationNote;
    QLineEdit *m_sshHosts;
};

} // namespace tb

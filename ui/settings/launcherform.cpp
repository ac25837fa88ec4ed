#include "launcherform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace tb {

LauncherForm::LauncherForm(QWidget *parent)
    : QGroupBox(tr("Measuring workers"), parent), m_launcher(new QComboBox(this)),
      m_srunTasks(new QSpinBox(this)), m_srunArguments(new QLineEdit(this)),
      m_salloc(new QCheckBox(tr("Ask Slurm for an &allocation (salloc)"), this)),
      m_buildOnNodes(new QCheckBox(tr("&Build where measured (on the nodes)"), this)),
      m_partition(new QLineEdit(this)), m_account(new QLineEdit(this)),
      m_timeLimit(new QLineEdit(this)), m_allocationNote(new QLabel(this)),
      m_sshHosts(new QLineEdit(this))
{
    m_launcher->addItem(tr("Local"), int(LauncherKind::Local));
    m_launcher->addItem(tr("Slurm (srun)"), int(LauncherKind::Srun));
    m_launcher->addItem(tr("ssh"), int(LauncherKind::Ssh));
    m_launcher->setToolTip(
        tr("Where runs measure: on this machine (the default), as Slurm tasks through srun "
           "inside the allocation the workbench runs in (or one it asks Slurm for), or on "
           "other hosts through ssh. A CUDA worker takes one GPU where it runs and names it.\n"
           "tunebench-worker must be at the same path there, and the build cache beside the "
           "workspace too unless each worker builds where it measures."));
    m_buildOnNodes->setToolTip(
        tr("srun or ssh: no compile worker starts here; each measuring worker builds what it "
           "measures where it runs, for its own GPU (GPUs of several architectures in one run, "
           "no shared build cache needed). Builds then no longer overlap measuring."));
    m_srunTasks->setRange(1, LauncherPreference::kMaxSrunTasks);
    m_srunTasks->setToolTip(tr("Measuring workers, one srun task each (srun --ntasks=1 per "
                               "worker, --exact, inside the current allocation)"));
    m_srunArguments->setPlaceholderText(tr("e.g. --partition=cpu --account=lab --time=1:00:00"));
    m_srunArguments->setToolTip(
        tr("Arguments added to every srun, split into words at spaces (\"double quotes\" "
           "group words); never run through a shell"));
    m_sshHosts->setPlaceholderText(tr("node1, node2"));
    m_sshHosts->setToolTip(tr("One measuring worker per host, through ssh -o BatchMode=yes "
                              "(keys, no password prompts); commas or spaces between hosts"));
    m_allocationNote->setWordWrap(true);
    m_allocationNote->setObjectName(QStringLiteral("allocationNote"));
    m_allocationNote->setText(
        tr("The workbench is not running inside a Slurm allocation (SLURM_JOB_ID is not set): "
           "start it inside one, e.g. <code>salloc --nodes=1 --ntasks=2 --partition=cpu "
           "tunebench</code>, or turn on \"Ask Slurm for an allocation\", or a run with this "
           "launcher is refused."));
    setUpAllocation();

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Launcher:"), m_launcher);
    form->addRow(tr("srun &tasks:"), m_srunTasks);
    form->addRow(tr("Extra s&run arguments:"), m_srunArguments);
    form->addRow(m_salloc);
    form->addRow(tr("&Partition:"), m_partition);
    form->addRow(tr("A&ccount:"), m_account);
    form->addRow(tr("Time li&mit:"), m_timeLimit);
    form->addRow(m_allocationNote);
    form->addRow(tr("ssh &hosts:"), m_sshHosts);
    form->addRow(m_buildOnNodes);

    connect(m_launcher, &QComboBox::currentIndexChanged, this, [this] {
        showChosen();
        emit changed();
    });
    connect(m_srunTasks, &QSpinBox::valueChanged, this, &LauncherForm::changed);
    connect(m_srunArguments, &QLineEdit::textChanged, this, &LauncherForm::changed);
    connect(m_sshHosts, &QLineEdit::textChanged, this, &LauncherForm::changed);
    connect(m_buildOnNodes, &QCheckBox::toggled, this, &LauncherForm::changed);
    connect(m_salloc, &QCheckBox::toggled, this, [this] {
        showChosen();
        emit changed();
    });
    for (QLineEdit *edit : {m_partition, m_account, m_timeLimit})
        connect(edit, &QLineEdit::textChanged, this, &LauncherForm::changed);
    showChosen();
}

void LauncherForm::setUpAllocation()
{
    m_salloc->setToolTip(
        tr("Outside an allocation, each run asks Slurm for one (salloc --no-shell, one task per "
           "srun task), runs its workers in it and cancels it when the run ends, is stopped or "
           "fails. While Slurm queues the request the Run page says so; Stop cancels it.\n"
           "Inside an allocation that one is used."));
    m_partition->setPlaceholderText(tr("the site's default"));
    m_partition->setToolTip(tr("salloc --partition"));
    m_account->setPlaceholderText(tr("the site's default"));
    m_account->setToolTip(tr("salloc --account"));
    m_timeLimit->setPlaceholderText(tr("e.g. 2:00:00 (the site's default when empty)"));
    m_timeLimit->setToolTip(tr("salloc --time: minutes, HH:MM:SS, D-HH or D-HH:MM:SS"));
}

void LauncherForm::showChosen()
{
    const auto kind = LauncherKind(m_launcher->currentData().toInt());
    m_srunTasks->setEnabled(kind == LauncherKind::Srun);
    m_srunArguments->setEnabled(kind == LauncherKind::Srun);
    m_salloc->setEnabled(kind == LauncherKind::Srun);
    for (QLineEdit *edit : {m_partition, m_account, m_timeLimit})
        edit->setEnabled(kind == LauncherKind::Srun && m_salloc->isChecked());
    m_sshHosts->setEnabled(kind == LauncherKind::Ssh);
    m_buildOnNodes->setEnabled(kind != LauncherKind::Local);
    m_allocationNote->setVisible(kind == LauncherKind::Srun && !m_salloc->isChecked() &&
                                 qEnvironmentVariable("SLURM_JOB_ID").isEmpty());
}

LauncherPreference LauncherForm::value() const
{
    LauncherPreference launch;
    launch.kind = LauncherKind(m_launcher->currentData().toInt());
    launch.srunTasks = m_srunTasks->value();
    launch.srunArguments = m_srunArguments->text().trimmed();
    launch.sshHosts = hostsFromText(m_sshHosts->text());
    launch.askForAllocation = m_salloc->isChecked();
    launch.slurmPartition = m_partition->text().trimmed();
    launch.slurmAccount = m_account->text().trimmed();
    launch.slurmTimeLimit = m_timeLimit->text().trimmed();
    launch.buildWhereMeasured = m_buildOnNodes->isChecked();
    return launch;
}

void LauncherForm::setValue(const LauncherPreference &launch)
{
    m_launcher->setCurrentIndex(m_launcher->findData(int(launch.kind)));
    m_srunTasks->setValue(launch.srunTasks);
    m_srunArguments->setText(launch.srunArguments);
    m_sshHosts->setText(launch.sshHosts.join(QStringLiteral(", ")));
    m_salloc->setChecked(launch.askForAllocation);
    m_partition->setText(launch.slurmPartition);
    m_account->setText(launch.slurmAccount);
    m_timeLimit->setText(launch.slurmTimeLimit);
    m_buildOnNodes->setChecked(launch.buildWhereMeasured);
    showChosen();
}

QString LauncherForm::problem() const
{
    return launcherPreferenceProblem(value());
}

} // namespace tb

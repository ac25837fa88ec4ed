#include "verifyexportdialog.h"

#include "settings/appsettings.h"
#include "verificationmodel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

namespace {

const QString kDirectoryKey = QStringLiteral("verify/directory");
const QString kThresholdKey = QStringLiteral("verify/thresholdPct");
const QString kEnvChangeKey = QStringLiteral("verify/onEnvChange");
const QString kExportKey = QStringLiteral("verify/export");

QLabel *wrappingLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->hide();
    return label;
}

} // namespace

VerifyExportDialog::VerifyExportDialog(QWidget *parent)
    : QDialog(parent), m_controller(new VerificationController(this)),
      m_model(new VerificationModel(this)), m_path(new QLineEdit(this)),
      m_browse(new QPushButton(tr("&Browse..."), this)), m_threshold(new QDoubleSpinBox(this)),
      m_onEnvChange(new QComboBox(this)), m_plan(wrappingLabel(QStringLiteral("verifyPlan"), this)),
      m_progress(new QProgressBar(this)), m_table(new QTableView(this)),
      m_environment(wrappingLabel(QStringLiteral("verifyEnvironment"), this)),
      m_error(wrappingLabel(QStringLiteral("verifyError"), this)),
      m_outcome(wrappingLabel(QStringLiteral("verifyOutcome"), this)),
      m_verify(new QPushButton(tr("&Verify"), this)), m_cancel(new QPushButton(tr("&Cancel"), this))
{
    setObjectName(QStringLiteral("verifyExportDialog"));
    setWindowTitle(tr("Verify export"));
    buildForm();
    buildLayout();
    connect(m_controller, &VerificationController::planRead, this, &VerifyExportDialog::showPlan);
    connect(m_controller, &VerificationController::progressChanged, this,
            &VerifyExportDialog::showProgress);
    connect(m_controller, &VerificationController::finished, this,
            &VerifyExportDialog::showVerification);
    connect(m_controller, &VerificationController::failed, this, &VerifyExportDialog::showFailure);
    setRunning(false);
}

VerifyExportDialog::~VerifyExportDialog() = default;

void VerifyExportDialog::buildForm()
{
    m_path->setPlaceholderText(tr("a JSON export: tunebench-cli export RUN --format json"));
    m_path->setToolTip(tr("The export whose configurations are measured again; it carries the "
                          "spec it was tuned with"));
    m_browse->setToolTip(tr("Choose a JSON export"));
    QSettings settings;
    m_path->setText(settings.value(kExportKey).toString()); // the export checked last
    m_threshold->setRange(0, 10000);
    m_threshold->setDecimals(1);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setValue(
        settings.value(kThresholdKey, VerifyPolicy().thresholdPercent).toDouble());
    m_threshold->setToolTip(tr("A configuration whose new median is slower than the exported one "
                               "by more than this fails (SLOWER)"));
    m_onEnvChange->addItem(tr("Warn"), int(EnvChangePolicy::Warn));
    m_onEnvChange->addItem(tr("Fail"), int(EnvChangePolicy::Fail));
    m_onEnvChange->setCurrentIndex(
        m_onEnvChange->findData(settings.value(kEnvChangeKey, 0).toInt() == 1 ? 1 : 0));
    m_onEnvChange->setToolTip(tr("Whether another device or Tunebench version than the export's "
                                 "only warns or fails the check"));
    m_verify->setToolTip(tr("Measure the export's configurations again on this machine"));
    m_cancel->setToolTip(tr("Stop measuring; the configurations not measured yet read MISSING"));
    connect(m_browse, &QPushButton::clicked, this, &VerifyExportDialog::browse);
    connect(m_verify, &QPushButton::clicked, this, &VerifyExportDialog::verify);
    connect(m_cancel, &QPushButton::clicked, this, &VerifyExportDialog::cancel);
}

void VerifyExportDialog::buildLayout()
{
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    auto *form = new QFormLayout;
    form->addRow(tr("Export &file:"), pathRow);
    form->addRow(tr("&Threshold:"), m_threshold);
    form->addRow(tr("If the &environment changed:"), m_onEnvChange);
    qobject_cast<QLabel *>(form->labelForField(pathRow))->setBuddy(m_path);
    m_progress->setObjectName(QStringLiteral("verifyProgress"));
    m_progress->hide(); // until a check starts; then it stays with the last count
    m_table->setObjectName(QStringLiteral("verifyTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    buttons->addButton(m_verify, QDialogButtonBox::ActionRole);
    m_verify->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &VerifyExportDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_plan);
    layout->addWidget(m_progress);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_environment);
    layout->addWidget(m_error);
    layout->addWidget(m_outcome);
    layout->addWidget(buttons);
    resize(860, 460);
}

void VerifyExportDialog::setExportPath(const QString &path)
{
    m_path->setText(path);
}

QString VerifyExportDialog::exportPath() const
{
    return m_path->text().trimmed();
}

void VerifyExportDialog::setPolicy(const VerifyPolicy &policy)
{
    m_threshold->setValue(policy.thresholdPercent);
    m_onEnvChange->setCurrentIndex(m_onEnvChange->findData(int(policy.onEnvChange)));
}

VerifyPolicy VerifyExportDialog::policy() const
{
    VerifyPolicy policy;
    policy.thresholdPercent = m_threshold->value();
    policy.onEnvChange = EnvChangePolicy(m_onEnvChange->currentData().toInt());
    return policy;
}

void VerifyExportDialog::browse()
{
    QSettings settings;
    const QString directory = settings.value(kDirectoryKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Verify export"), directory, tr("JSON exports (*.json *.json.gz);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kDirectoryKey, QFileInfo(path).absolutePath());
    setExportPath(path);
}

void VerifyExportDialog::verify()
{
    if (isRunning())
        return;
    if (exportPath().isEmpty()) {
        showFailure(tr("Choose a JSON export to verify"));
        return;
    }
    QSettings settings;
    settings.setValue(kThresholdKey, m_threshold->value());
    settings.setValue(kEnvChangeKey, m_onEnvChange->currentData().toInt());
    settings.setValue(kExportKey, exportPath());
    const AppSettings preferences; // the Run form's compile workers and GPUs
    VerificationRequest request;
    request.exportPath = exportPath();
    request.policy = policy();
    request.workerPath = m_workerPath;
    request.workers = preferences.compileWorkers();
    request.enabledGpus = preferences.enabledGpus();
    m_model->setRows({});
    for (QLabel *label : {m_plan, m_environment, m_error, m_outcome})
        label->hide();
    m_progress->setRange(0, 0); // busy until the run knows its size
    m_progress->show();
    setRunning(m_controller->start(request));
}

void VerifyExportDialog::cancel()
{
    if (!isRunning())
        return;
    m_controller->stop();
    m_cancel->setEnabled(false); // once: the workers are shutting down
    m_outcome->setText(tr("Cancelling..."));
    m_outcome->show();
}

void VerifyExportDialog::reject()
{
    if (!isRunning()) {
        QDialog::reject();
        return;
    }
    m_closeWhenDone = true;
    cancel();
}

void VerifyExportDialog::setRunning(bool running)
{
    m_verify->setEnabled(!running);
    m_cancel->setEnabled(running);
    for (QWidget *field :
         {static_cast<QWidget *>(m_path), static_cast<QWidget *>(m_browse),
          static_cast<QWidget *>(m_threshold), static_cast<QWidget *>(m_onEnvChange)})
        field->setEnabled(!running);
}

void VerifyExportDialog::showPlan(const VerificationPlanInfo &info)
{
    m_plan->setText(tr("Verifying %n configuration(s) of %1 exported from a run on %2 "
                       "(Tunebench %3), threshold %4%",
                       nullptr, info.configurations)
                        .arg(info.specName,
                             info.device.isEmpty() ? tr("an unnamed device") : info.device,
                             info.toolVersion, QString::number(policy().thresholdPercent)));
    m_plan->show();
}

void VerifyExportDialog::showProgress(const Progress &progress)
{
    m_progress->setRange(0, int(std::max<std::uint64_t>(1, progress.total)));
    m_progress->setValue(int(std::min(progress.done, progress.total)));
    m_progress->setFormat(tr("%v of %m configurations measured"));
}

void VerifyExportDialog::showVerification(const ExportVerification &verification, bool stopped)
{
    setRunning(false);
    m_model->setRows(verification.rows);
    m_table->resizeColumnsToContents();
    QStringList changes;
    for (const auto &change : verification.environmentChanges)
        changes << tr("Environment changed: %1").arg(QString::fromStdString(change));
    m_environment->setText(changes.join(QLatin1Char('\n')));
    m_environment->setVisible(!changes.isEmpty());
    if (stopped)
        m_outcome->setText(tr("Cancelled: the configurations not measured read MISSING"));
    else if (verification.passed())
        m_outcome->setText(tr("Every shipped configuration holds"));
    else if (!verification.regressed && !verification.environmentFails)
        m_outcome->setText(
            tr("Inconclusive: %1").arg(QString::fromStdString(verification.failureReason())));
    else
        m_outcome->setText(
            tr("FAILED: %1").arg(QString::fromStdString(verification.failureReason())));
    m_outcome->show();
    emit verified(verification.passed() && !stopped);
    if (m_closeWhenDone)
        QDialog::reject();
}

void VerifyExportDialog::showFailure(const QString &message)
{
    setRunning(false);
    m_progress->hide();
    m_outcome->hide();
    m_error->setText(message);
    m_error->show();
    emit verificationFailed(message);
    if (m_closeWhenDone)
        QDialog::reject();
}

} // namespace tb

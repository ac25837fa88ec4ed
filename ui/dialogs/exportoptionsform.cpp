#include "exportoptionsform.h"

#include "analysis/bestpersize.h"
#include "analysis/devicemodeltally.h"
#include "model/spec.h"
#include "space/variables.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>
#include <QSignalBlocker>

#include <algorithm>

namespace tb {

namespace {

const QString kFormatKey = QStringLiteral("export/format");
const QString kScopeKey = QStringLiteral("export/scope");
const QString kMaxSlowdownKey = QStringLiteral("export/maxSlowdownPct");

} // namespace

ExportOptionsForm::ExportOptionsForm(QWidget *parent)
    : QWidget(parent), m_format(new QComboBox(this)), m_scope(new QComboBox(this)),
      m_size(new QComboBox(this)), m_deviceModel(new QComboBox(this)),
      m_deviceName(new QLineEdit(this)), m_maxSlowdown(new QDoubleSpinBox(this)),
      m_form(new QFormLayout(this))
{
    m_form->setContentsMargins(0, 0, 0, 0);
    buildForm();
    restoreOptions();
    connectOptions();
    onOptionsChanged(); // the option rows follow the remembered format
}

void ExportOptionsForm::buildForm()
{
    m_format->addItem(tr("JSON: best configuration per problem size"), int(ExportFormat::Json));
    m_format->addItem(tr("CSV: a table, one row per result"), int(ExportFormat::Csv));
    m_format->addItem(tr("Kernel Tuner cache: one problem size"), int(ExportFormat::KernelTuner));
    m_format->addItem(tr("C++ header: best configuration per problem size"),
                      int(ExportFormat::CppHeader));
    m_format->addItem(tr("Kernel set JSON: fewest configurations within a slowdown"),
                      int(ExportFormat::KernelSetJson));
    m_format->addItem(tr("Kernel set C++ header: fewest configurations within a slowdown"),
                      int(ExportFormat::KernelSetHeader));
    m_format->addItem(tr("T4 results: one problem size (FAIR autotuning format)"),
                      int(ExportFormat::T4));
    m_format->addItem(tr("Triton configs: best per problem size, a triton.Config list"),
                      int(ExportFormat::TritonConfigs));
    m_format->setToolTip(tr("JSON is the versioned tunebench-export document that production "
                            "code reads; CSV opens in a spreadsheet; Kernel Tuner replays its "
                            "cache; the headers compile into production code; the kernel set "
                            "ships few kernels for many sizes; T4 is the autotuning community's "
                            "results format (FAIR Benchmark Hub); the Triton configs paste into "
                            "a Triton kernel's @triton.autotune"));
    m_scope->addItem(tr("Best per problem size"), int(ExportScope::BestPerSize));
    m_scope->addItem(tr("All results"), int(ExportScope::AllResults));
    m_scope->setToolTip(tr("Export the winners only, or every result of the run"));
    m_size->setToolTip(tr("A Kernel Tuner cache or a T4 results file holds one problem size"));
    m_deviceModel->setToolTip(tr("The run was measured on several device models: an export "
                                 "holds one model's results, never ranked across models"));
    m_deviceName->setPlaceholderText(tr("the GPU the results name"));
    m_deviceName->setToolTip(tr("The device_name written in the Kernel Tuner cache or the T4 "
                                "file, as those tools name the device"));
    m_maxSlowdown->setRange(0, 1000);
    m_maxSlowdown->setDecimals(1);
    m_maxSlowdown->setSingleStep(0.5);
    m_maxSlowdown->setSuffix(QStringLiteral(" %"));
    m_maxSlowdown->setValue(kDefaultMaxSlowdownPct);
    // A typed value applies on Enter or on leaving the box, not at each digit: a kernel set of
    // a large run takes a while to choose.
    m_maxSlowdown->setKeyboardTracking(false);
    m_maxSlowdown->setToolTip(tr("How much slower than its own best each problem size may run "
                                 "on the set's configuration"));
    m_form->addRow(tr("&Format:"), m_format);
    m_form->addRow(tr("Sc&ope:"), m_scope);
    m_form->addRow(tr("Problem si&ze:"), m_size);
    m_form->addRow(tr("Device mod&el:"), m_deviceModel);
    m_form->addRow(tr("&Device name:"), m_deviceName);
    m_form->addRow(tr("&Max slowdown:"), m_maxSlowdown);
}

void ExportOptionsForm::insertInfoRow(const QString &label, QWidget *field)
{
    m_form->insertRow(0, label, field);
}

void ExportOptionsForm::restoreOptions()
{
    QSettings settings;
    ExportOptions remembered;
    const int format = settings.value(kFormatKey, 0).toInt();
    if (m_format->findData(format) >= 0) // a format of a newer version falls back to JSON
        remembered.format = ExportFormat(format);
    remembered.scope = ExportScope(settings.value(kScopeKey, 0).toInt() == 1 ? 1 : 0);
    remembered.maxSlowdownPct = settings.value(kMaxSlowdownKey, kDefaultMaxSlowdownPct).toDouble();
    setOptions(remembered);
}

void ExportOptionsForm::connectOptions()
{
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportOptionsForm::onOptionsChanged);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ExportOptionsForm::onOptionsChanged);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ExportOptionsForm::onOptionsChanged);
    connect(m_deviceModel, &QComboBox::currentIndexChanged, this,
            &ExportOptionsForm::onOptionsChanged);
    // On editingFinished, not on every key: each render reads the whole run.
    connect(m_deviceName, &QLineEdit::editingFinished, this, &ExportOptionsForm::onOptionsChanged);
    connect(m_maxSlowdown, &QDoubleSpinBox::valueChanged, this,
            &ExportOptionsForm::onOptionsChanged);
}

ExportOptions ExportOptionsForm::options() const
{
    ExportOptions options;
    options.format = ExportFormat(m_format->currentData().toInt());
    options.scope = ExportScope(m_scope->currentData().toInt());
    options.sizeIndex = std::size_t(std::max(0, m_size->currentData().toInt()));
    options.deviceName = m_deviceName->text().trimmed().toStdString();
    options.deviceModel = m_deviceModel->currentData().toString().toStdString();
    options.maxSlowdownPct = m_maxSlowdown->value();
    return options;
}

void ExportOptionsForm::setOptions(const ExportOptions &options)
{
    m_format->setCurrentIndex(m_format->findData(int(options.format)));
    m_scope->setCurrentIndex(m_scope->findData(int(options.scope)));
    if (const int size = m_size->findData(int(options.sizeIndex)); size >= 0)
        m_size->setCurrentIndex(size);
    m_deviceName->setText(QString::fromStdString(options.deviceName));
    m_maxSlowdown->setValue(options.maxSlowdownPct);
}

void ExportOptionsForm::setProblemSizes(const Spec &spec)
{
    const QSignalBlocker blocker(m_size); // one render follows, by the caller
    m_size->clear();
    for (std::size_t i = 0; i < problemSizeCount(spec); ++i) {
        const QString label = QString::fromStdString(problemSizeLabel(spec, i));
        m_size->addItem(
            label.isEmpty() ? tr("size %1").arg(i) : tr("size %1: %2").arg(i).arg(label), int(i));
    }
}

void ExportOptionsForm::setDeviceModels(const std::vector<StoredResult> &results)
{
    const QSignalBlocker blocker(m_deviceModel); // one render follows, by the caller
    m_deviceModel->clear();
    DeviceModelTally tally;
    for (const StoredResult &stored : results)
        tally.add(stored.result.device);
    if (tally.mixed())
        for (const DeviceModelTally::Model &model : tally.models())
            m_deviceModel->addItem(
                tr("%1 (%2 results)").arg(QString::fromStdString(model.device)).arg(model.results),
                QString::fromStdString(model.device));
    m_deviceModel->setCurrentIndex(
        m_deviceModel->findData(QString::fromStdString(tally.mostMeasured())));
    showOptionRows();
}

void ExportOptionsForm::onOptionsChanged()
{
    // Only the CSV can hold every result: the other formats are the winners (or one size's
    // every configuration, the Kernel Tuner cache and the T4 file) by definition.
    if (options().format != ExportFormat::Csv)
        m_scope->setCurrentIndex(m_scope->findData(int(ExportScope::BestPerSize)));
    showOptionRows();
    QSettings settings;
    settings.setValue(kFormatKey, int(options().format));
    settings.setValue(kScopeKey, int(options().scope));
    settings.setValue(kMaxSlowdownKey, options().maxSlowdownPct);
    emit changed();
}

void ExportOptionsForm::showOptionRows()
{
    const ExportFormat format = options().format;
    const bool csv = format == ExportFormat::Csv;
    m_scope->setEnabled(csv);
    m_form->setRowVisible(m_scope, csv);
    m_form->setRowVisible(m_size, usesProblemSize(format));
    m_form->setRowVisible(m_deviceModel, m_deviceModel->count() > 0);
    m_form->setRowVisible(m_deviceName, usesProblemSize(format));
    m_form->setRowVisible(m_maxSlowdown, usesMaxSlowdown(format));
}

} // namespace tb

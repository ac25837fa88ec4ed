#include "aboutdialog.h"

#include "buildinfo.h"
#include "session/asynccall.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtGlobal>

namespace tb {

AboutDialog::AboutDialog(QWidget *parent, VersionsProbe probe)
    : QDialog(parent), m_form(new QFormLayout)
{
    setWindowTitle(tr("About Tunebench"));
    auto *intro = new QLabel(
        tr("<h3>Tunebench %1</h3>"
           "<p>An autotuning workbench for GPU (and CPU) kernels: declare a kernel's tunable "
           "parameters, run every configuration in isolated worker processes, and compare "
           "timings, derived metrics and resource usage.</p>")
            .arg(tunebenchVersion()),
        this);
    intro->setWordWrap(true);
    addLine(tr("Version"), tunebenchVersion());
    addLine(tr("Commit"), tunebenchCommit());
    // The Qt loaded, which is what behaves; the one built against only where they differ.
    const QString runtimeQt = QString::fromLatin1(qVersion());
    addLine(tr("Qt"), runtimeQt == QLatin1String(QT_VERSION_STR)
                          ? runtimeQt
                          : tr("%1 (built with %2)").arg(runtimeQt, QLatin1String(QT_VERSION_STR)));
    m_nvrtc = addLine(tr("NVRTC"), tr("looking..."));
    m_driver = addLine(tr("CUDA driver"), tr("looking..."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("Copy these versions, for a bug report"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(summary()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(m_form);
    layout->addWidget(buttons);
    resize(480, sizeHint().height());

    runAsync<CudaVersions>(this, std::move(probe),
                           [this](const CudaVersions &versions) { showCudaVersions(versions); });
}

AboutDialog::VersionsProbe AboutDialog::defaultProbe()
{
    return [] { return cudaVersions(); };
}

QLabel *AboutDialog::addLine(const QString &name, const QString &value)
{
    auto *label = new QLabel(value, this);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(name + QLatin1Char(':'), label);
    return label;
}

void AboutDialog::showCudaVersions(const CudaVersions &versions)
{
    m_nvrtc->setText(versions.backendBuilt ? QString::fromStdString(versions.nvrtc)
                                           : tr("none: this build has no CUDA backend"));
    if (!versions.driver.empty()) {
        m_driver->setText(tr("CUDA %1").arg(QString::fromStdString(versions.driver)));
    } else {
        // The loader's words ("no CUDA driver found"); its detail (dlerror's) on hover.
        m_driver->setText(QString::fromStdString(versions.whyNoDriver));
        m_driver->setToolTip(QString::fromStdString(versions.whyNoDriverDetail));
    }
    m_cudaShown = true;
    emit cudaVersionsShown();
}

QString AboutDialog::summary() const
{
    QStringList lines{tr("Tunebench %1").arg(tunebenchVersion())};
    for (int row = 0; row < m_form->rowCount(); ++row) {
        const auto *name =
            qobject_cast<QLabel *>(m_form->itemAt(row, QFormLayout::LabelRole)->widget());
        const auto *value =
            qobject_cast<QLabel *>(m_form->itemAt(row, QFormLayout::FieldRole)->widget());
        if (name && value)
            lines << name->text() + QLatin1Char(' ') + value->text();
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace tb

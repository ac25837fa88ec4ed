#include "kerneltoolbar.h"

#include "configpicker.h"
#include "tasks/kernelfacts.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace tb {

KernelToolbar::KernelToolbar(QWidget *parent)
    : QWidget(parent), m_fileLabel(new QLabel(this)), m_picker(new ConfigPicker(this)),
      m_targetLabel(new QLabel(tr("Target:"), this)), m_target(new QComboBox(this)),
      m_compileButton(new QPushButton(tr("Compile config"), this)), m_busy(new QProgressBar(this))
{
    setUpTarget();
    m_compileButton->setToolTip(tr("Compile the picked configuration with the editor's text, "
                                   "saved or not, and show its resource usage (Ctrl+B)"));
    connect(m_compileButton, &QPushButton::clicked, this, &KernelToolbar::compileRequested);
    m_busy->setRange(0, 0); // indeterminate: a compile has no progress to report
    m_busy->setMaximumWidth(90);
    m_busy->setToolTip(tr("Compiling..."));
    m_busy->hide();
    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_fileLabel);
    row->addSpacing(12);
    row->addWidget(m_picker, 1);
    row->addWidget(m_targetLabel);
    row->addWidget(m_target);
    row->addWidget(m_compileButton);
    row->addWidget(m_busy);
}

void KernelToolbar::setUpTarget()
{
    m_target->addItem(tr("Automatic"), QString());
    for (const auto &arch : knownDeviceArchitectures())
        m_target->addItem(QString::fromStdString(arch), QString::fromStdString(arch));
    m_target->setToolTip(tr("Architecture NVRTC compiles for. Automatic: as a run on this machine "
                            "would: this machine's GPU, else the spec's kernel.arch, else %1. "
                            "No GPU is needed to compile.")
                             .arg(QString::fromLatin1(kDefaultCompileArch)));
    m_targetLabel->setBuddy(m_target);
}

QString KernelToolbar::arch() const
{
    return m_target->currentData().toString();
}

void KernelToolbar::setCuda(bool cuda)
{
    m_targetLabel->setVisible(cuda);
    m_target->setVisible(cuda);
}

void KernelToolbar::setBusy(bool busy)
{
    m_busy->setVisible(busy);
    m_compileButton->setEnabled(!busy); // the label stays: no toolbar jitter
}

void KernelToolbar::showNoSpec()
{
    m_fileLabel->setText(tr("No spec loaded"));
}

void KernelToolbar::showFile(const QString &name, bool modified, const QString &toolTip)
{
    m_fileLabel->setText(
        QStringLiteral("<b>%1</b>%2")
            .arg(name.toHtmlEscaped(), modified ? QStringLiteral(" *") : QString()));
    m_fileLabel->setToolTip(toolTip);
}

} // namespace tb

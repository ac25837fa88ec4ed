#pragma once

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace tb {

class ConfigPicker;

// The row over the Kernel page's editor: the kernel file's name (with " *" while edited), the
// configuration and size to compile, the target architecture (CUDA only), "Compile config" and
// an indicator while a compile runs.
class KernelToolbar : public QWidget
{
    Q_OBJECT
public:
    explicit KernelToolbar(QWidget *parent = nullptr);

    ConfigPicker *configPicker() const { return m_picker; }
    QComboBox *targetCombo() const { return m_target; }
    QPushButton *compileButton() const { return m_compileButton; }
    QProgressBar *busyIndicator() const { return m_busy; }
    // The architecture picked; empty for Automatic.
    QString arch() const;

    // The target applies to CUDA kernels only: hidden for cpu.
    void setCuda(bool cuda);
    void setBusy(bool busy);
    void showNoSpec();
    void showFile(const QString &name, bool modified, const QString &toolTip);

signals:
    void compileRequested();

private:
    void setUpTarget();

    QLabel *m_fileLabel;
    ConfigPicker *m_picker;
    QLabel *m_targetLabel;
    QComboBox *m_target;
    QPushButton *m_compileButton;
    QProgressBar *m_busy;
};

} // namespace tb
